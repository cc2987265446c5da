/**
 * Checking an import's rows (pure): the headers mapped to the fields in Portuguese or English,
 * then each row's name, e-mail, phone, birthday, city, state and stamps, with its errors
 * (`IMPORT_ROW_ERRORS`) and the duplicates of the file. Nothing here reads the database.
 */
import { EmailSchema } from "@shared/auth.schema";
import { BRAZILIAN_STATES } from "@shared/brazil";
import type { ImportColumns, ImportRowError } from "@shared/customer-imports";
import { saoPauloDate } from "@shared/dates";
import { CITY_MAX_LENGTH, NAME_MAX_LENGTH } from "@shared/limits";
import { brazilianPhoneDigits, phoneKey } from "@shared/phone";
import { isCalendarDate } from "@shared/text";
import { AppError } from "../../errors";
import type { ImportCell, ImportSheet } from "./import-file";

export type ImportField = keyof ImportColumns;

/** A header as compared: lower-case, without accents, spaces or punctuation. */
export const headerKey = (header: string) =>
  header
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** The headers each field is known by (as `headerKey` leaves them). */
const HEADERS: Record<ImportField, string[]> = {
  name: ["nome", "name", "cliente", "nomecompleto", "nomedocliente", "fullname", "customer"],
  email: ["email", "correio", "correioeletronico", "emailaddress", "enderecodeemail", "mail"],
  phone: [
    "telefone",
    "celular",
    "whatsapp",
    "phone",
    "mobile",
    "fone",
    "tel",
    "cel",
    "telefonecelular",
    "phonenumber",
    "mobilephone",
  ],
  birthDate: [
    "aniversario",
    "nascimento",
    "datadenascimento",
    "datanascimento",
    "dtnascimento",
    "dataaniversario",
    "birthday",
    "birthdate",
    "dateofbirth",
  ],
  city: ["cidade", "city", "municipio"],
  state: ["estado", "uf", "state"],
  stamps: ["carimbos", "carimbo", "selos", "selo", "pontos", "stamps", "points"],
};

/** Which column feeds each field (its index and the header as written); the first match wins. */
export function mapColumns(headers: string[]): {
  columns: ImportColumns;
  index: Record<ImportField, number>;
} {
  const columns: ImportColumns = {
    name: null,
    email: null,
    phone: null,
    birthDate: null,
    city: null,
    state: null,
    stamps: null,
  };
  const index = {} as Record<ImportField, number>;
  headers.forEach((header, i) => {
    const key = headerKey(header);
    for (const field of Object.keys(HEADERS) as ImportField[]) {
      if (columns[field] === null && HEADERS[field].includes(key)) {
        columns[field] = header;
        index[field] = i;
        return;
      }
    }
  });
  const missing: Record<string, string> = {};
  if (columns.name === null) missing.name = "import_column_missing";
  if (columns.email === null && columns.phone === null) missing.contact = "import_column_missing";
  if (Object.keys(missing).length > 0) {
    throw new AppError(
      "import_columns_missing",
      422,
      "The file needs a name column and an e-mail or phone column.",
      missing,
    );
  }
  return { columns, index };
}

/** A checked row, as customer_import_rows keeps it. */
export type CheckedRow = {
  line: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  birthDate: string | null;
  city: string | null;
  state: string | null;
  stamps: number;
  errors: ImportRowError[];
};

/**
 * A formula a spreadsheet would run: a cell starting with `=` or `@`, or with `+` or `-` followed
 * by anything but a plain number ("+55 11 98888-7777" and "-3" are data, "+SOMA(A1)" is not).
 */
export const isFormulaText = (text: string) =>
  /^[=@＝＠]/.test(text) || (/^[+\-＋－]/.test(text) && !/^[+-][\d\s().-]*$/.test(text));

const STATE_BY_NAME = new Map(
  BRAZILIAN_STATES.flatMap((s) => [
    [headerKey(s.code), s.code],
    [headerKey(s.name), s.code],
  ]),
);

/** "(11) 98888-7777" from the national digits. */
const formatPhone = (digits: string) =>
  `(${digits.slice(0, 2)}) ${digits.slice(2, -4)}-${digits.slice(-4)}`;

/** Days from 1899-12-30 (Excel's day 0) to a date: Excel's serial of a day. */
const fromExcelSerial = (serial: number) =>
  new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000).toISOString().slice(0, 10);

/**
 * A birthday as written in a spreadsheet: dd/MM/yyyy (also with - or . and a two-digit year),
 * yyyy-MM-dd, or Excel's day number; a real day before today. Null when not one.
 */
export function parseBirthDate(text: string, today = saoPauloDate()): string | null {
  let iso: string | null = null;
  const br = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text);
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (br) {
    let year = Number(br[3]);
    if (br[3]!.length === 2) year += year <= Number(today.slice(2, 4)) ? 2000 : 1900;
    iso = `${year}-${br[2]!.padStart(2, "0")}-${br[1]!.padStart(2, "0")}`;
  } else if (ymd) {
    iso = `${ymd[1]}-${ymd[2]!.padStart(2, "0")}-${ymd[3]!.padStart(2, "0")}`;
  } else if (/^\d{1,5}$/.test(text) && Number(text) > 0) {
    iso = fromExcelSerial(Number(text));
  }
  return iso && isCalendarDate(iso) && iso < today ? iso : null;
}

/** Stamps as written: empty is 0; a whole number ("5", "5,0"); else the error. */
export function parseStamps(
  text: string,
  cardSize: number,
): { stamps: number; error: ImportRowError | null } {
  if (text === "") return { stamps: 0, error: null };
  const match = /^([+-]?)(\d+)(?:[.,]0+)?$/.exec(text);
  if (!match) return { stamps: 0, error: "stamps_invalid" };
  const value = Number(match[2]);
  if (match[1] === "-" && value > 0) return { stamps: 0, error: "stamps_negative" };
  if (value > cardSize) return { stamps: 0, error: "stamps_over_size" };
  return { stamps: value, error: null };
}

const bounded = (text: string) => (text === "" ? null : text.slice(0, 200));

/**
 * Every row checked, in file order. `cardSize` is the stamps the company's card holds (its
 * default programme's `stampsRequired`): more is `stamps_over_size`. A duplicate is a row whose
 * e-mail (or, without one, phone) an earlier row already has.
 */
export function checkRows(sheet: ImportSheet, cardSize: number, today = saoPauloDate()) {
  const { columns, index } = mapColumns(sheet.headers);
  const seen = new Set<string>();
  const rows: CheckedRow[] = sheet.rows.map(({ line, cells }) => {
    const errors = new Set<ImportRowError>();
    const formulas = new Set<ImportField>();
    // A formula's cell is kept as written (for the result file) and not checked further.
    const cell = (field: ImportField): string => {
      const at = index[field];
      const value: ImportCell | undefined = at === undefined ? undefined : cells[at];
      if (!value) return "";
      if (value.formula || isFormulaText(value.text)) {
        errors.add("formula_not_allowed");
        formulas.add(field);
      }
      return value.text;
    };
    const checked = (field: ImportField, text: string) => text !== "" && !formulas.has(field);
    const name = cell("name");
    if (name === "") errors.add("name_required");
    else if (name.length > NAME_MAX_LENGTH) errors.add("name_too_long");

    const emailText = cell("email");
    const phoneText = cell("phone");
    let email: string | null = null;
    if (checked("email", emailText)) {
      const parsed = EmailSchema.safeParse(emailText.replace(/^mailto:/i, ""));
      if (parsed.success) email = parsed.data;
      else errors.add("email_invalid");
    }
    let phone: string | null = null;
    if (checked("phone", phoneText)) {
      const digits = brazilianPhoneDigits(phoneText);
      if (digits) phone = formatPhone(digits);
      else errors.add("phone_invalid");
    }
    if (emailText === "" && phoneText === "") errors.add("contact_required");

    const birthText = cell("birthDate");
    const birthDate = checked("birthDate", birthText) ? parseBirthDate(birthText, today) : null;
    if (checked("birthDate", birthText) && !birthDate) errors.add("birth_date_invalid");

    const city = cell("city");
    if (city.length > CITY_MAX_LENGTH) errors.add("city_too_long");
    const stateText = cell("state");
    const state = STATE_BY_NAME.get(headerKey(stateText)) ?? null;
    if (checked("state", stateText) && !state) errors.add("state_invalid");

    const stampsText = cell("stamps");
    const stamps = formulas.has("stamps")
      ? { stamps: 0, error: null }
      : parseStamps(stampsText, cardSize);
    if (stamps.error) errors.add(stamps.error);

    const key = email ? `e:${email}` : phone && !emailText ? `p:${phoneKey(phone)}` : null;
    if (key) {
      if (seen.has(key)) errors.add("duplicate_in_file");
      seen.add(key);
    }
    return {
      line,
      name: bounded(name),
      email: email ?? bounded(emailText),
      phone: phone ?? bounded(phoneText),
      birthDate,
      city: bounded(city),
      state: state ?? bounded(stateText),
      stamps: stamps.stamps,
      errors: [...errors],
    };
  });
  return { columns, rows };
}
