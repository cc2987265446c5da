/**
 * Amounts in reais typed the way a Brazilian types them, to integer cents:
 * "5,50", "5.50", "R$ 5,50", "1.234,56", "1234.56", "1.234", "0,5" (R$ 0,50).
 * The last comma, or a dot followed by one or two digits, is the decimal separator; dots before
 * groups of three digits are thousands separators. Returns null for anything else (empty text,
 * letters, a negative amount, more than two decimals, misplaced separators).
 */
export function parseBrazilianMoney(input: string): number | null {
  const value = input
    .replace(/^\s*R\$\s*/i, "")
    .replace(/\s/g, "")
    .trim();
  if (value === "" || !/^[0-9.,]+$/.test(value)) return null;

  let integer: string;
  let fraction = "";
  const comma = value.lastIndexOf(",");
  if (comma >= 0) {
    // Comma decimal: "1.234,56", "5,5", "0,50"; only dots (thousands) before it.
    integer = value.slice(0, comma);
    fraction = value.slice(comma + 1);
    if (fraction.includes(".") || integer.includes(",")) return null;
    if (fraction === "" && integer === "") return null;
  } else {
    const dot = value.lastIndexOf(".");
    const tail = dot >= 0 ? value.slice(dot + 1) : "";
    if (dot >= 0 && tail.length <= 2 && value.indexOf(".") === dot) {
      // Dot decimal: "5.50", "1234.5".
      integer = value.slice(0, dot);
      fraction = tail;
    } else {
      integer = value; // "1.234" or "1.234.567": thousands separators
    }
  }
  if (integer.includes(".")) {
    if (!/^\d{1,3}(\.\d{3})+$/.test(integer)) return null;
    integer = integer.replaceAll(".", "");
  }
  if (!/^\d*$/.test(integer) || !/^\d{0,2}$/.test(fraction)) return null;
  if (integer === "" && fraction === "") return null;
  const cents = Number(integer || "0") * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as a pt-BR amount without the currency sign: 550 → "5,50", 123456 → "1.234,56". */
export function formatBrazilianMoney(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const integer = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  const fraction = (abs % 100).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${integer},${fraction}`;
}
