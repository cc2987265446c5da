import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const dir = new URL(".", import.meta.url);
const read = (lang: string, file: string): unknown =>
  JSON.parse(readFileSync(new URL(`${lang}/${file}`, dir), "utf8"));

/** Every key path of a texts file (array items by index), with the type of its value. */
function shape(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => shape(item, `${path}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) =>
      shape(item, path ? `${path}.${key}` : key),
    );
  }
  return [`${path}:${typeof value}`];
}

describe("texts in English match the pt-BR source", () => {
  const files = readdirSync(new URL("pt-BR", dir)).filter((f) => f.endsWith(".json"));

  it("has the same namespaces", () => {
    expect(readdirSync(new URL("en", dir)).sort()).toEqual(files.sort());
  });

  it.each(files)("%s has the same keys, list lengths and no empty text", (file) => {
    const pt = shape(read("pt-BR", file));
    expect(shape(read("en", file)).sort()).toEqual(pt.sort());
    const empty = (value: unknown): boolean =>
      typeof value === "string"
        ? value.trim() === ""
        : Array.isArray(value)
          ? value.some(empty)
          : !!value && typeof value === "object" && Object.values(value).some(empty);
    expect(empty(read("pt-BR", file))).toBe(false);
    expect(empty(read("en", file))).toBe(false);
  });
});
