import { describe, expect, it } from "vitest";
import { slugify } from "./qr-code";

describe("slugify", () => {
  it("drops accents and joins words with dashes", () => {
    expect(slugify("Café São João", "empresa")).toBe("cafe-sao-joao");
    expect(slugify("  Pão & Cia.  ", "empresa")).toBe("pao-cia");
  });
  it("falls back when nothing is left", () => {
    expect(slugify("!!!", "parceiro")).toBe("parceiro");
  });
});
