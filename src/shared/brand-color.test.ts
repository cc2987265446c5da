import { BRAND_COLOR_PRESETS } from "@shared/company-data.schema";
import { describe, expect, it } from "vitest";
import { brandPalette, contrastRatio, DEFAULT_BRAND_COLOR } from "./brand-color";

describe("brand colour", () => {
  it("measures contrast like WCAG (black on white 21:1, a colour on itself 1:1)", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("white text on dark colours, near-black on light ones", () => {
    expect(brandPalette("#1f2937").foreground).toBe("#ffffff");
    expect(brandPalette("#facc15").foreground).toBe("#111111");
    expect(brandPalette("#FFFFFF").foreground).toBe("#111111");
  });

  it("the default colour without one, or with a malformed one", () => {
    expect(brandPalette(null).background).toBe(DEFAULT_BRAND_COLOR);
    expect(brandPalette("").background).toBe(DEFAULT_BRAND_COLOR);
    expect(brandPalette("red").background).toBe(DEFAULT_BRAND_COLOR);
    expect(brandPalette("#ABCDEF").background).toBe("#abcdef");
  });

  it("every colour reaches 4.5:1 with the text chosen for it", () => {
    const colours = [...BRAND_COLOR_PRESETS, DEFAULT_BRAND_COLOR];
    for (let n = 0; n < 4096; n++)
      colours.push(`#${(n * 4099).toString(16).padStart(6, "0").slice(-6)}`);
    for (const colour of colours) {
      const { background, foreground } = brandPalette(colour);
      expect(contrastRatio(background, foreground), colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});
