import { describe, expect, it } from "vitest";
import { brazilianPhoneDigits, isBrazilianPhone, phoneKey, samePhone } from "./phone";

describe("brazilianPhoneDigits", () => {
  it.each([
    ["11 98888-0000", "11988880000"],
    ["(11) 98888-0000", "11988880000"],
    ["011 98888 0000", "11988880000"],
    ["+55 11 98888-0000", "11988880000"],
    ["+55 (11) 98888-0000", "11988880000"],
    ["5511988880000", "11988880000"],
    ["0055 11 98888-0000", "11988880000"],
    ["(11) 8888-0000", "1188880000"],
    ["551188880000", "1188880000"],
    ["(11) 3333-4444", "1133334444"],
    ["11.3333.4444", "1133334444"],
    ["(55) 3333-4444", "5533334444"],
    ["(55) 99999-4444", "55999994444"],
    [" (19) 90000-0000 ", "19900000000"],
  ])("%s → %s", (typed, digits) => {
    expect(brazilianPhoneDigits(typed)).toBe(digits);
    expect(isBrazilianPhone(typed)).toBe(true);
  });

  it.each([
    "",
    "123",
    "12",
    "9",
    "abc",
    "11 9888-000",
    "(00) 98888-0000",
    "(10) 98888-0000",
    "(11) 88888-0000",
    "(11) 1888-0000",
    "(11) 0888-0000",
    "11 98888-00000",
    "+1 415 555 0100",
    "-1+1",
    "11 98888-0000 ramal 2",
  ])("refuses %j", (typed) => {
    expect(brazilianPhoneDigits(typed)).toBeNull();
    expect(isBrazilianPhone(typed)).toBe(false);
  });
});

describe("samePhone: the spellings of one number", () => {
  const referrer = "11 98888-0000";
  it.each([
    "011 98888 0000",
    "(11) 8888-0000",
    "+55 11 98888-0000",
    "5511988880000",
    "551188880000",
    "(11)98888.0000",
  ])("%s is 11 98888-0000", (friend) => {
    expect(samePhone(referrer, friend)).toBe(true);
    expect(samePhone(friend, referrer)).toBe(true);
  });

  it.each(["11 98888-0001", "21 98888-0000", "(11) 3888-0000", "", "123"])(
    "%j is another number",
    (friend) => {
      expect(samePhone(referrer, friend)).toBe(false);
    },
  );

  it("never matches two phones that are not numbers", () => {
    expect(samePhone("", "")).toBe(false);
    expect(samePhone(null, null)).toBe(false);
    expect(samePhone("123", "123")).toBe(false);
  });

  it("keys a landline and a mobile apart", () => {
    expect(phoneKey("(11) 3333-4444")).toBe("1133334444");
    expect(phoneKey("(11) 93333-4444")).toBe("11933334444");
    expect(phoneKey("(11) 97777-0000")).toBe("1177770000");
  });
});
