import { describe, expect, it } from "vitest";
import { calendarDate, hasControlChars, isCalendarDate, text } from "./text";

describe("isCalendarDate", () => {
  it.each(["2024-02-29", "2000-02-29", "1900-01-01", "2023-12-31", "2999-12-31"])(
    "%s exists",
    (d) => expect(isCalendarDate(d)).toBe(true),
  );
  it.each([
    "2024-02-31",
    "2023-02-29",
    "1900-02-29",
    "0000-01-01",
    "1899-12-31",
    "2024-13-01",
    "2024-00-10",
    "2024-04-31",
    "2024-1-1",
    "20240101",
    "",
    "2024-01-01T00:00:00Z",
    "9999-01-01",
  ])("%j does not", (d) => expect(isCalendarDate(d)).toBe(false));

  it("calendarDate() answers the key", () => {
    const result = calendarDate("promotion_date_invalid").safeParse("2024-02-31");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("promotion_date_invalid");
  });
});

describe("text()", () => {
  it("refuses NUL and other control characters", () => {
    expect(text().safeParse("a\u0000b").success).toBe(false);
    expect(text().safeParse("a\u001bb").success).toBe(false);
    expect(text().safeParse("a\nb").success).toBe(false);
    expect(text({ multiline: true }).safeParse("a\u0000b").success).toBe(false);
    expect(text({ multiline: true }).safeParse("a\n\tb\r\n").success).toBe(true);
    expect(text().trim().max(3).safeParse("  abc ").data).toBe("abc");
    expect(hasControlChars("Olá, café ☕")).toBe(false);
  });
});
