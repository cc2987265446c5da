import { describe, expect, it } from "vitest";
import en from "./locales/en.json";
import ptBR from "./locales/pt-BR.json";

/** Every text of a locale file by its key path, e.g. "digest.count.messages_one". */
function texts(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
    texts(item, path ? `${path}.${key}` : key),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** Sent in pt-BR only (before the person chose a language): no English texts. */
const PT_BR_ONLY = ["confirmation", "invitation"];

describe("the e-mails' texts in English match the pt-BR source", () => {
  const pt = new Map(texts(ptBR).filter(([key]) => !PT_BR_ONLY.includes(key.split(".")[0]!)));
  const english = new Map(texts(en));

  it("have the same keys", () => {
    expect([...english.keys()].sort()).toEqual([...pt.keys()].sort());
  });

  it("fill in the same placeholders", () => {
    for (const [key, text] of pt) {
      expect(placeholders(english.get(key) ?? ""), key).toEqual(placeholders(text));
    }
  });

  it("have no empty text", () => {
    for (const [key, text] of [...texts(ptBR), ...texts(en)]) expect(text.trim(), key).not.toBe("");
  });
});
