import type { Language } from "@shared/languages";
import en from "./locales/en.json";
import ptBR from "./locales/pt-BR.json";

/**
 * The words of what the server writes to people: e-mails, and the in-app notices and WhatsApp
 * texts that say the same thing. One file per locale (`locales/pt-BR.json` is the source, `en.json`
 * has the same keys, `texts.test.ts`), `{{name}}` placeholders filled by `fill`, and `_one` /
 * `_other` keys picked by `count` (1 is "one", anything else "other", 0 included).
 *
 * The account confirmation and the company's invitation go out in pt-BR only (they reach people
 * before they chose a language): their texts are in pt-BR.json alone.
 */
export type EmailTexts = Omit<typeof ptBR, "confirmation" | "invitation">;

const TEXTS: Record<Language, EmailTexts> = { pt: ptBR, en };

/** The texts in `language`. */
export const emailTexts = (language: Language): EmailTexts => TEXTS[language];

/** The pt-BR texts, for the e-mails sent in pt-BR only. */
export const ptBRTexts = ptBR;

/** `template` with each `{{key}}` replaced by `values[key]` (values are not scanned again). */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );
}

type Counted<K extends string> = Record<`${K}_one` | `${K}_other`, string>;

/** The `_one` or `_other` text of `key` with `{{count}}` and `values` filled in. */
export function count<K extends string>(
  texts: Counted<K>,
  key: K,
  n: number,
  values: Record<string, string | number> = {},
): string {
  const template = n === 1 ? texts[`${key}_one`] : texts[`${key}_other`];
  return fill(template, { count: n, ...values });
}
