import { afterEach, describe, expect, it, vi } from "vitest";
import {
  formatCalendarDate,
  formatSaoPauloDate,
  formatSaoPauloDateTime,
  SAO_PAULO_TIME_ZONE,
  saoPauloDate,
} from "./dates";

describe("São Paulo dates", () => {
  afterEach(() => vi.useRealTimers());

  it("names the zone Postgres and Intl both know", () => {
    expect(SAO_PAULO_TIME_ZONE).toBe("America/Sao_Paulo");
  });

  it("midnight UTC is still the previous evening in São Paulo", () => {
    const midnightUtc = new Date("2025-01-01T00:00:00Z");
    expect(saoPauloDate(midnightUtc)).toBe("2024-12-31");
    expect(formatSaoPauloDate(midnightUtc)).toBe("31/12/2024");
    expect(formatSaoPauloDateTime(midnightUtc)).toBe("31/12/2024 - 21:00");
  });

  it("the São Paulo day starts at 03:00 UTC, written 00:00 (never 24:00)", () => {
    expect(formatSaoPauloDateTime(new Date("2024-03-10T02:59:00Z"))).toBe("09/03/2024 - 23:59");
    expect(formatSaoPauloDateTime(new Date("2024-03-10T03:00:00Z"))).toBe("10/03/2024 - 00:00");
    expect(saoPauloDate(new Date("2024-03-10T03:00:00Z"))).toBe("2024-03-10");
  });

  it("UTC-3 all year since 2019 (no summer time), the old rules before", () => {
    // January was summer time (UTC-2) until 2019.
    expect(formatSaoPauloDateTime(new Date("2020-01-15T12:00:00Z"))).toBe("15/01/2020 - 09:00");
    expect(formatSaoPauloDateTime(new Date("2025-07-15T12:00:00Z"))).toBe("15/07/2025 - 09:00");
    expect(formatSaoPauloDateTime(new Date("2018-01-15T12:00:00Z"))).toBe("15/01/2018 - 10:00");
  });

  it("pads day, month, hour and minute to two digits", () => {
    expect(formatSaoPauloDateTime(new Date("2024-02-05T10:07:00Z"))).toBe("05/02/2024 - 07:07");
    expect(formatSaoPauloDate(new Date("2024-02-05T10:07:00Z"))).toBe("05/02/2024");
  });

  it("today is the São Paulo calendar day", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2030-07-01T02:30:00Z"));
    expect(saoPauloDate()).toBe("2030-06-30");
  });

  it("a calendar date (birthday, promotion end) is written as it is, with no time zone shift", () => {
    expect(formatCalendarDate("1980-12-25")).toBe("25/12/1980");
    expect(formatCalendarDate("2024-02-29T00:00:00.000Z")).toBe("29/02/2024");
  });
});
