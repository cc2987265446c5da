import { describe, expect, it } from "vitest";
import { LOGO_MAX_SIDE, logoPlan } from "./logo-image";

const MB = 1024 * 1024;

describe("the logo's upload plan", () => {
  it("takes WebP, JPEG and PNG; refuses what is not one of the logo's images", () => {
    expect(logoPlan({ type: "image/webp", size: 80_000 }, { width: 512, height: 512 })).toEqual({
      action: "keep",
    });
    expect(logoPlan({ type: "image/png", size: 80_000 }, null)).toEqual({ action: "keep" });
    expect(logoPlan({ type: "application/pdf", size: 80_000 }, null)).toEqual({
      action: "reject",
      problem: "invalid",
    });
    expect(logoPlan({ type: "image/svg+xml", size: 1_000 }, null).action).toBe("reject");
  });

  it("scales a phone photo over 2 MB down to 1024 px, keeping its proportions", () => {
    expect(logoPlan({ type: "image/jpeg", size: 4.5 * MB }, { width: 4032, height: 3024 })).toEqual(
      { action: "scale", width: LOGO_MAX_SIDE, height: 768 },
    );
  });

  it("scales a light image that is too wide, and keeps a small heavy one's size", () => {
    expect(logoPlan({ type: "image/png", size: 300_000 }, { width: 3000, height: 600 })).toEqual({
      action: "scale",
      width: 1024,
      height: 205,
    });
    // Over 2 MB but small already: drawn again at its own size (a lighter encoding).
    expect(logoPlan({ type: "image/png", size: 3 * MB }, { width: 800, height: 800 })).toEqual({
      action: "scale",
      width: 800,
      height: 800,
    });
  });
});
