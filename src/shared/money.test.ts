import { describe, expect, it } from "vitest";
import { formatBrazilianMoney, parseBrazilianMoney } from "./money";

describe("parseBrazilianMoney", () => {
  it.each([
    ["5,50", 550],
    ["5.50", 550],
    ["1.234,56", 123456],
    ["1234.56", 123456],
    ["1234,56", 123456],
    ["0,5", 50],
    ["0.5", 50],
    [",5", 50],
    ["5", 500],
    ["5,", 500],
    ["0", 0],
    ["0,00", 0],
    ["R$ 5,50", 550],
    ["r$5,50", 550],
    ["  5,50  ", 550],
    ["1.234", 123400],
    ["1.234.567,89", 123456789],
    ["10.000,00", 1000000],
  ])("%j → %i cents", (input, cents) => {
    expect(parseBrazilianMoney(input)).toBe(cents);
  });

  it.each([
    "",
    "   ",
    "R$",
    "abc",
    "5,5a",
    "-5,50",
    "-1",
    "5,555",
    "1.23,45",
    "1,234.56",
    "1.234.56",
    "5,50,1",
    ".",
    ",",
    "1e3",
  ])("%j → null", (input) => {
    expect(parseBrazilianMoney(input)).toBeNull();
  });
});

describe("formatBrazilianMoney", () => {
  it.each([
    [550, "5,50"],
    [0, "0,00"],
    [5, "0,05"],
    [123456, "1.234,56"],
    [100000000, "1.000.000,00"],
  ])("%i → %j", (cents, text) => {
    expect(formatBrazilianMoney(cents)).toBe(text);
    expect(parseBrazilianMoney(text)).toBe(cents);
  });
});
