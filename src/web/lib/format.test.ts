import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatMoney } from "./format";

describe("format", () => {
  it("formats dates as dd/MM/yyyy, keeping a date-only value on its calendar day", () => {
    expect(formatDate("2024-01-15")).toBe("15/01/2024");
    expect(formatDate(new Date(2024, 11, 3, 23, 59))).toBe("03/12/2024");
  });

  it("formats date and time as dd/MM/yyyy - HH:mm", () => {
    expect(formatDateTime(new Date(2024, 0, 15, 9, 5))).toBe("15/01/2024 - 09:05");
  });

  it("formats cents as Brazilian reais", () => {
    expect(formatMoney(3990)).toBe("R$ 39,90");
    expect(formatMoney(24900)).toBe("R$ 249,00");
    expect(formatMoney(123456)).toBe("R$ 1.234,56");
    expect(formatMoney(0)).toBe("R$ 0,00");
  });
});
