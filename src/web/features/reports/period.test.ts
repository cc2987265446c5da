import { describe, expect, it } from "vitest";
import { readPeriod, writePeriod } from "./period";

const today = "2026-03-15";
const read = (query: string) => readPeriod(new URLSearchParams(query), today);

describe("report period in the URL", () => {
  it("reads the presets in São Paulo days, the last 30 days by default", () => {
    expect(read("")).toEqual({ preset: "30d", from: "2026-02-14", to: "2026-03-15" });
    expect(read("periodo=7d")).toEqual({ preset: "7d", from: "2026-03-09", to: "2026-03-15" });
    expect(read("periodo=este-mes")).toEqual({
      preset: "this_month",
      from: "2026-03-01",
      to: "2026-03-15",
    });
    expect(read("periodo=mes-passado")).toEqual({
      preset: "last_month",
      from: "2026-02-01",
      to: "2026-02-28",
    });
    expect(read("periodo=nonsense")).toMatchObject({ preset: "30d" });
  });

  it("reads a valid custom range and ignores a reversed or too long one", () => {
    expect(read("de=2026-01-10&ate=2026-01-20")).toEqual({
      preset: "custom",
      from: "2026-01-10",
      to: "2026-01-20",
    });
    expect(read("de=2026-01-20&ate=2026-01-10")).toMatchObject({ preset: "30d" });
    expect(read("de=2024-01-01&ate=2026-01-10")).toMatchObject({ preset: "30d" });
    expect(read("de=2026-01-10")).toMatchObject({ preset: "30d" });
  });

  it("writes the period and keeps the other parameters (debug)", () => {
    const params = new URLSearchParams("debug=true&de=2026-01-01&ate=2026-01-02");
    expect(writePeriod(params, { preset: "last_month" }).toString()).toBe(
      "debug=true&periodo=mes-passado",
    );
    expect(
      writePeriod(params, { preset: "custom", from: "2026-02-01", to: "2026-02-10" }).toString(),
    ).toBe("debug=true&de=2026-02-01&ate=2026-02-10");
  });
});
