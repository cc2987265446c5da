/**
 * Reading an import's file ('Importar' on /clientes, issue 31), pure: the bytes → a header and
 * its rows of text cells, each with its line in the file. The type is read from the content, not
 * the name: an XLSX is a zip (its first worksheet, read with exceljs); anything else must be text
 * (CSV or TXT, `;`, `,` or tab), decoded line by line as UTF-8 when it is valid UTF-8, else as
 * Windows-1252 (Excel pt-BR's "CSV (separado por vírgulas)"), so a file that mixes both still
 * reads "São Paulo". Refusals are AppErrors the web translates (`import_file_type`,
 * `import_file_unreadable`, `import_file_empty`, `import_too_many_rows`).
 */
import { IMPORT_MAX_ROWS } from "@shared/customer-imports";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { AppError } from "../../errors";

/** One cell as read: its text, and whether the spreadsheet held a formula there. */
export type ImportCell = { text: string; formula: boolean };
/** One data row: its line in the file (the header is line 1 unless blank lines precede it). */
export type ImportLine = { line: number; cells: ImportCell[] };
export type ImportSheet = { headers: string[]; rows: ImportLine[] };

const fileType = () =>
  new AppError("import_file_type", 422, "The file is not a CSV or XLSX spreadsheet.");
const unreadable = () =>
  new AppError("import_file_unreadable", 422, "The file could not be read as a spreadsheet.");
const empty = () => new AppError("import_file_empty", 422, "The file has no customer rows.");
export const tooManyRows = () =>
  new AppError(
    "import_too_many_rows",
    422,
    `The file has more than ${IMPORT_MAX_ROWS} rows; split it into smaller files.`,
  );

/** The most an XLSX may expand to (its parts' sizes, read from the zip's directory). */
const XLSX_MAX_UNCOMPRESSED = 200 * 1024 * 1024;
/** Longest text kept of a cell (the 10 MB file bounds the rest; names are checked at 120). */
const CELL_MAX_LENGTH = 500;

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** Reads the file's bytes into a header and rows (nothing is checked about the customers here). */
export async function readImportFile(bytes: Uint8Array): Promise<ImportSheet> {
  const sheet = startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])
    ? await readXlsx(bytes)
    : readCsv(decodeText(bytes));
  if (sheet.rows.length === 0) throw empty();
  return sheet;
}

// ---------------------------------------------------------------------------------------------
// Text (CSV)

const MAGIC_NUMBERS = [
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0xff, 0xd8, 0xff], // JPEG
  [0xd0, 0xcf, 0x11, 0xe0], // the old .xls (OLE2), .doc
  [0x50, 0x4b], // any other zip
  [0x1f, 0x8b], // gzip
  [0x52, 0x61, 0x72, 0x21], // Rar!
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
];

const utf8 = new TextDecoder("utf-8", { fatal: true });
const windows1252 = new TextDecoder("windows-1252");

/**
 * The file as text. UTF-16 (Excel's "Texto Unicode") by its byte-order mark; otherwise each line
 * on its own: valid UTF-8 as UTF-8 (a leading BOM dropped), else Windows-1252. Binary content (a
 * NUL byte, another format's signature, mostly control characters) is refused as not a CSV.
 */
export function decodeText(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder("utf-16le").decode(bytes.slice(2));
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder("utf-16be").decode(bytes.slice(2));
  if (MAGIC_NUMBERS.some((magic) => startsWith(bytes, magic)) || bytes.includes(0)) {
    throw fileType();
  }
  let controls = 0;
  for (const b of bytes.subarray(0, 64 * 1024)) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) controls++;
  }
  if (controls > 8 && controls * 100 > Math.min(bytes.length, 64 * 1024)) throw fileType();
  const lines: string[] = [];
  let start = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (start <= bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    const line = bytes.subarray(start, end);
    let text: string;
    try {
      text = utf8.decode(line);
    } catch {
      text = windows1252.decode(line);
    }
    lines.push(text);
    start = end + 1;
  }
  return lines.join("\n");
}

/** `;`, `,` or tab: whichever the header line holds most of outside quotes (`,` when none). */
export function detectDelimiter(headerLine: string): string {
  const counts = new Map([
    [";", 0],
    [",", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ",";
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === "");

/** The CSV's records (RFC 4180 quotes), blank lines and lines of empty cells left out. */
export function readCsv(text: string): ImportSheet {
  const lines = text.split(/\r?\n/);
  let first = lines.findIndex((l) => l.trim() !== "");
  if (first < 0) throw empty();
  // Excel's "sep=;" first line names the delimiter.
  const sep = /^sep=(.)\s*$/i.exec(lines[first]!.trim());
  let delimiter: string;
  if (sep) {
    delimiter = sep[1]!;
    first = lines.findIndex((l, i) => i > first && l.trim() !== "");
    if (first < 0) throw empty();
  } else {
    delimiter = detectDelimiter(lines[first]!);
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(lines.slice(first).join("\n"), {
      delimiter,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      bom: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    throw unreadable();
  }
  const filled = records.filter((r) => !isBlank(r.record));
  const [header, ...data] = filled;
  if (!header) throw empty();
  if (data.length > IMPORT_MAX_ROWS) throw tooManyRows();
  return {
    headers: header.record.map((h) => cleanCell(h)),
    rows: data.map((r) => ({
      line: first + r.info.lines,
      cells: r.record.map((text) => ({ text: cleanCell(text), formula: false })),
    })),
  };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what goes
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/** A cell's text on one line, without control characters, trimmed and bounded. */
const cleanCell = (text: string) =>
  text.replace(CONTROL, " ").trim().slice(0, CELL_MAX_LENGTH).trim();

// ---------------------------------------------------------------------------------------------
// XLSX

/**
 * What the zip's parts expand to, from its central directory (a zip bomb is refused before
 * exceljs inflates it); null when the directory cannot be read.
 */
export function zipUncompressedSize(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record: in the last 22 + 65,535 bytes.
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) !== 0x06054b50) continue;
    const entries = view.getUint16(i + 10, true);
    let at = view.getUint32(i + 16, true);
    let total = 0;
    for (let n = 0; n < entries; n++) {
      if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
      total += view.getUint32(at + 24, true);
      // The entry's name, extra field and comment follow its 46 bytes.
      at +=
        46 +
        view.getUint16(at + 28, true) +
        view.getUint16(at + 30, true) +
        view.getUint16(at + 32, true);
    }
    return total;
  }
  return null;
}

/** A Date cell's calendar day (exceljs gives dates at UTC midnight). */
const isoDay = (date: Date) =>
  Number.isNaN(date.getTime()) ? "" : date.toISOString().slice(0, 10);

/** One exceljs cell value as text: numbers as digits (phones), dates as yyyy-MM-dd. */
export function cellText(value: ExcelJS.CellValue): ImportCell {
  if (value === null || value === undefined) return { text: "", formula: false };
  if (value instanceof Date) return { text: isoDay(value), formula: false };
  if (typeof value === "number") {
    const text = Number.isInteger(value) ? BigInt(value).toString() : String(value);
    return { text, formula: false };
  }
  if (typeof value === "string" || typeof value === "boolean") {
    return { text: cleanCell(String(value)), formula: false };
  }
  if ("formula" in value || "sharedFormula" in value) {
    const formula = "formula" in value ? value.formula : value.sharedFormula;
    return { text: cleanCell(`=${formula ?? ""}`), formula: true };
  }
  if ("richText" in value) {
    return { text: cleanCell(value.richText.map((r) => r.text).join("")), formula: false };
  }
  if ("hyperlink" in value) {
    const text = typeof value.text === "string" ? value.text : cellText(value.text).text;
    return { text: cleanCell(text), formula: false };
  }
  if ("error" in value) return { text: cleanCell(String(value.error)), formula: false };
  return { text: "", formula: false };
}

async function readXlsx(bytes: Uint8Array): Promise<ImportSheet> {
  const size = zipUncompressedSize(bytes);
  if (size === null || size > XLSX_MAX_UNCOMPRESSED) throw unreadable();
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its input as Node's Buffer.
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw unreadable();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fileType();
  const rows: ImportLine[] = [];
  let headers: string[] | null = null;
  let tooMany = false;
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (tooMany) return;
    const cells: ImportCell[] = [];
    for (let col = 1; col <= row.cellCount; col++) cells.push(cellText(row.getCell(col).value));
    if (isBlank(cells.map((c) => c.text))) return;
    if (!headers) {
      headers = cells.map((c) => c.text);
      return;
    }
    if (rows.length >= IMPORT_MAX_ROWS) tooMany = true;
    else rows.push({ line: number, cells });
  });
  if (tooMany) throw tooManyRows();
  if (!headers) throw empty();
  return { headers, rows };
}
