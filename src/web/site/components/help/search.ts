/**
 * Search of the help centre: case- and accent-insensitive, every word of the query must appear
 * somewhere in the item's text (title, summary, body). Pure, so the page and the tests share it.
 */

/** Lower case without diacritics: "Promoção" -> "promocao". */
export function normalizeText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The words of a query, normalized; none for a blank query. */
export function queryWords(query: string): string[] {
  return normalizeText(query).split(/\s+/).filter(Boolean);
}

/** Whether every word occurs in one of the texts. */
export function matchesWords(texts: readonly string[], words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const haystack = normalizeText(texts.join("\n"));
  return words.every((word) => haystack.includes(word));
}

/** The items whose texts contain every word of `query` (all of them for a blank query). */
export function filterByQuery<T>(
  items: readonly T[],
  query: string,
  texts: (item: T) => readonly string[],
): T[] {
  const words = queryWords(query);
  if (words.length === 0) return [...items];
  return items.filter((item) => matchesWords(texts(item), words));
}
