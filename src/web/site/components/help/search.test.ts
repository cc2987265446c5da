import { describe, expect, it } from "vitest";
import { filterByQuery, matchesWords, normalizeText, queryWords } from "./search";

type Item = { title: string; body: string[] };
const items: Item[] = [
  { title: "Carimbos e recompensas", body: ["Use 'Adicionar Carimbo' no Dashboard."] },
  { title: "Indicações e promoções", body: ["Configure a promoção especial."] },
  { title: "QR code e cadastro de clientes", body: ["Imprima o QR code do Dashboard."] },
];
const texts = (item: Item) => [item.title, ...item.body];

describe("normalizeText", () => {
  it("lowers case and strips diacritics", () => {
    expect(normalizeText("Promoção ÁRVORE Índice")).toBe("promocao arvore indice");
  });
});

describe("queryWords", () => {
  it("splits on any whitespace and drops blanks", () => {
    expect(queryWords("  QR\tcódigo  ")).toEqual(["qr", "codigo"]);
    expect(queryWords("   ")).toEqual([]);
  });
});

describe("filterByQuery", () => {
  it("returns every item for an empty or blank query", () => {
    expect(filterByQuery(items, "", texts)).toEqual(items);
    expect(filterByQuery(items, "   ", texts)).toEqual(items);
  });

  it("ignores case", () => {
    expect(filterByQuery(items, "CARIMBO", texts).map((i) => i.title)).toEqual([
      "Carimbos e recompensas",
    ]);
  });

  it("matches a query without accents against accented text", () => {
    expect(filterByQuery(items, "promocao", texts).map((i) => i.title)).toEqual([
      "Indicações e promoções",
    ]);
  });

  it("matches a query with accents against text without them", () => {
    const plain = [{ title: "Promocao de aniversario", body: [] }];
    expect(filterByQuery(plain, "Promoção aniversário", texts)).toEqual(plain);
  });

  it("needs every word, found in the title or in the text", () => {
    expect(filterByQuery(items, "qr dashboard", texts).map((i) => i.title)).toEqual([
      "QR code e cadastro de clientes",
    ]);
    expect(filterByQuery(items, "dashboard", texts)).toHaveLength(2);
    expect(filterByQuery(items, "qr voucher", texts)).toEqual([]);
  });

  it("matches parts of words", () => {
    expect(filterByQuery(items, "indica", texts)).toHaveLength(1);
  });
});

describe("matchesWords", () => {
  it("is true with no words", () => {
    expect(matchesWords(["anything"], [])).toBe(true);
  });
});
