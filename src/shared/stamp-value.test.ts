import { describe, expect, it } from "vitest";
import { stampsForAmount } from "./stamp-value";

describe("stamps by purchase value", () => {
  it("gives the amount over the value, at most the maximum per purchase", () => {
    const rule = { stampValueCents: 1000, maxStampsPerPurchase: null };
    expect(stampsForAmount(4750, rule)).toBe(4);
    expect(stampsForAmount(999, rule)).toBe(0);
    expect(stampsForAmount(4750, { ...rule, maxStampsPerPurchase: 3 })).toBe(3);
    expect(stampsForAmount(Number.NaN, rule)).toBe(0);
    expect(stampsForAmount(4750, { stampValueCents: null, maxStampsPerPurchase: null })).toBe(0);
  });
});
