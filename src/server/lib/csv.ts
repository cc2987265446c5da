import type { CastReturnObject } from "csv-stringify";
import { type Options, stringify } from "csv-stringify/sync";

/**
 * The app's CSV files (the customers list, the reports' exports, the backup), written by
 * csv-stringify for spreadsheets in Brazil: Excel pt-BR reads ';' as the separator, lines end in
 * CRLF, and the file starts with the BOM so that it reads the text as UTF-8. Values are quoted when
 * they hold a ';', a quote or a line break (quotes doubled).
 *
 * Text a person typed (names, notes, phones: "+55 11..." is a formula to Excel) is escaped against
 * formulas: csv-stringify's `escape_formulas` puts an apostrophe before a leading = + - @, tab or
 * carriage return (and their full-width forms). Values the app formats itself (dates, amounts such
 * as "-12,50", headers) are written as they are.
 */
const OPTIONS: Options = {
  delimiter: ";",
  record_delimiter: "windows",
  // Quoted when they hold a line break of any kind, not only CRLF (what `record_delimiter` alone
  // would make csv-stringify quote).
  quote_record_delimiter: true,
  escape_formulas: true,
  // A cell given as { value, ...options } overrides the options for itself (csvValue's plain text).
  cast: { object: (cell) => cell as CastReturnObject },
};

/** The byte-order mark `csvHeaderLine` starts with (customers.routes.ts still prepends it itself). */
export const CSV_BOM = "\uFEFF";

/** One cell: text or a number, or text written as it is (no formula escaping). */
export type CsvCell = string | number | { value: string; escape_formulas: false };

/** What csv-stringify's `escape_formulas` would escape: a leading = + - @ tab CR, or full-width. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * One value: `freeText` (typed by a person) is escaped against formulas; anything else (dates,
 * amounts, numbers, headers: formatted by the app) is written as it is. Empty for null.
 */
export function csvValue(value: string | number | null | undefined, freeText = false): CsvCell {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" && !freeText) return value;
  const text = String(value);
  return freeText || !FORMULA_START.test(text) ? text : { value: text, escape_formulas: false };
}

/** One line of cells (CRLF at its end). */
export const csvLine = (cells: CsvCell[]): string => stringify([cells], OPTIONS);

/** Lines of cells, a batch of them in one csv-stringify call. */
export const csvLines = (rows: CsvCell[][]): string => stringify(rows, OPTIONS);

/** The header line that starts a file: the BOM, then the column names. */
export const csvHeaderLine = (headers: string[]): string =>
  stringify([headers.map((h) => csvValue(h))], { ...OPTIONS, bom: true });
