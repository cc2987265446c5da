import { format, parseISO } from "date-fns";
import { describe, expect, it } from "vitest";
import {
  badgeCount,
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatMoney,
  formatNumber,
  formatPercent,
  relativeTime,
} from "./format";

describe("format", () => {
  it("formats counts, percentages and day-month in the UI's language", () => {
    expect(formatNumber(1234, "pt-BR")).toBe("1.234");
    expect(formatNumber(1234, "en")).toBe("1,234");
    expect(formatPercent(12.5, "pt-BR")).toBe("12,5%");
    expect(formatPercent(12.5, "en")).toBe("12.5%");
    expect(formatPercent(100, "pt-BR")).toBe("100%");
    expect(formatDayMonth("2026-02-09", "pt-BR")).toBe("09/02");
    expect(formatDayMonth("2026-02-09", "en")).toBe("Feb 9");
    expect(formatCalendarDay("2026-02-09", "pt-BR")).toBe("09/02/2026");
    expect(formatCalendarDay("2026-02-09", "en")).toBe("Feb 9, 2026");
  });

  it("formats dates as dd/MM/yyyy, keeping a date-only value on its calendar day", () => {
    expect(formatDate("2024-02-09")).toBe("09/02/2024");
    expect(formatDate(new Date(2024, 11, 3, 23, 59))).toBe("03/12/2024");
  });

  it("formats date and time as dd/MM/yyyy - HH:mm", () => {
    expect(formatDateTime(new Date(2024, 1, 9, 9, 5))).toBe("09/02/2024 - 09:05");
  });

  it("formats API dates as date-fns did (parseISO, then its pattern), without it", () => {
    for (const value of [
      "2026-11-27",
      "2026-01-01T00:00:00.000Z",
      "2026-03-08T02:59:59.999Z",
      "2026-11-27T23:30:00-03:00",
      "2026-11-27T12:05:00",
      "2026-11-27 12:05:00+00:00",
      "2024-02-29T10:00:00Z",
    ]) {
      expect(formatDate(value), value).toBe(format(parseISO(value), "dd/MM/yyyy"));
      expect(formatDateTime(value), value).toBe(format(parseISO(value), "dd/MM/yyyy - HH:mm"));
    }
    for (const value of ["", "27/11/2026", "2026-13-01T00:00:00Z", "soon"]) {
      expect(() => formatDate(value), value).toThrow(RangeError);
      expect(() => format(parseISO(value), "dd/MM/yyyy"), value).toThrow(RangeError);
    }
  });

  it("formats cents as Brazilian reais", () => {
    expect(formatMoney(550)).toBe("R$ 5,50");
    expect(formatMoney(31000)).toBe("R$ 310,00");
    expect(formatMoney(123456)).toBe("R$ 1.234,56");
    expect(formatMoney(0)).toBe("R$ 0,00");
  });

  it("says how long ago in the bell's steps: now, minutes, hours under 24, then days", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const ago = (ms: number) => relativeTime(new Date(now.getTime() - ms), now);
    expect(ago(59_000)).toEqual({ unit: "now" });
    expect(ago(60_000)).toEqual({ unit: "minutes", count: 1 });
    expect(ago(59 * 60_000)).toEqual({ unit: "minutes", count: 59 });
    expect(ago(60 * 60_000)).toEqual({ unit: "hours", count: 1 });
    expect(ago(23 * 3600_000 + 59 * 60_000)).toEqual({ unit: "hours", count: 23 });
    expect(ago(24 * 3600_000)).toEqual({ unit: "days", count: 1 });
    expect(ago(3 * 24 * 3600_000)).toEqual({ unit: "days", count: 3 });
  });

  it("caps badge counts at 99+", () => {
    expect(badgeCount(7)).toBe("7");
    expect(badgeCount(99)).toBe("99");
    expect(badgeCount(100)).toBe("99+");
  });
});
