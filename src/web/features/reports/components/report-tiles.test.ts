import { describe, expect, it } from "vitest";
import { compare } from "./report-tiles";

describe("a tile's change on the previous period", () => {
  it("gives a count's relative change, one decimal", () => {
    expect(compare(12, 10, false)).toEqual({ kind: "up", amount: 20, points: false });
    expect(compare(2, 3, false)).toEqual({ kind: "down", amount: 33.3, points: false });
    expect(compare(5, 5, false)).toEqual({ kind: "same" });
  });

  it("calls a count new when the previous period had none", () => {
    expect(compare(3, 0, false)).toEqual({ kind: "new" });
    expect(compare(0, 0, false)).toEqual({ kind: "same" });
  });

  it("gives a rate's change in percentage points", () => {
    expect(compare(75, 62.5, true)).toEqual({ kind: "up", amount: 12.5, points: true });
    expect(compare(20, 0, true)).toEqual({ kind: "up", amount: 20, points: true });
    expect(compare(0, 50, true)).toEqual({ kind: "down", amount: 50, points: true });
  });
});
