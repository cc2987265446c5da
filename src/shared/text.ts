import { z } from "zod";

/**
 * C0 control characters (and DEL) a one-line text never holds. PostgreSQL refuses NUL in `text`
 * outright, so a NUL reaching a query would be a 500; the others are junk no form types.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
/** The same, but tab, line feed and carriage return are allowed (multi-line texts). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARS_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Whether `value` holds a control character (tab and line breaks allowed when `multiline`). */
export const hasControlChars = (value: string, multiline = false) =>
  (multiline ? CONTROL_CHARS_MULTILINE : CONTROL_CHARS).test(value);

/** Message key of a text with a control character (a NUL and the like). */
export const TEXT_INVALID = "text_invalid";

/**
 * A string without control characters: `text()` for one line, `text({ multiline: true })` for
 * messages, notes and descriptions (tab and line breaks allowed). Chain `.trim().min().max()` as
 * on `z.string()`. `message` is the key for a value that is not a string (e.g. "message_required").
 */
export const text = (options: { multiline?: boolean; message?: string } = {}) =>
  z
    .string(options.message)
    .refine((value) => !hasControlChars(value, options.multiline), TEXT_INVALID);

/** Earliest year a date field accepts (birthdays, promotions): older is a typing mistake. */
export const MIN_DATE_YEAR = 1900;
/** Latest year a date field accepts. */
export const MAX_DATE_YEAR = 2999;

/** `YYYY-MM-DD` naming a day that exists (no 2024-02-31, no 2023-02-29), years 1900 to 2999. */
/** A Gregorian leap year (2000 and 2024 are, 1900 and 2027 are not). */
export const isLeapYear = (year: number) =>
  (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < MIN_DATE_YEAR || year > MAX_DATE_YEAR || month < 1 || month > 12 || day < 1)
    return false;
  const days = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/** A `YYYY-MM-DD` day that exists in the calendar (see `isCalendarDate`), else `message`. */
export const calendarDate = (message = "date_invalid") =>
  z.string(message).refine(isCalendarDate, message);
