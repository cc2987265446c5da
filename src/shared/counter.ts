/**
 * The counter's constants and the customer's short code, without zod: the counter's own light
 * entry (counter.html, decision 033) reads them, and counter.schema.ts builds its schemas on them.
 */

/** A customer's short code: 6 characters without look-alikes (no 0/O, 1/I/L), shown as K7Q-2MX. */
export const COUNTER_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const COUNTER_CODE_LENGTH = 6;
/** What a scanned QR token or a typed short code may be at most (a token is about 40). */
export const COUNTER_LOOKUP_MAX_LENGTH = 100;
export const COUNTER_SEARCH_MIN_LENGTH = 2;
export const COUNTER_SEARCH_MAX_LENGTH = 100;
/** A counter search answers at most this many customers (type more to narrow it). */
export const COUNTER_SEARCH_LIMIT = 10;
/** The history shown with each card at the counter: its latest grants. */
export const COUNTER_HISTORY_LIMIT = 5;

/** A typed short code as stored: 'k7q-2mx', ' K7Q 2MX ' -> 'K7Q2MX'. */
export const normalizeShortCode = (text: string) => text.replace(/[\s-]/g, "").toUpperCase();

/** Whether `code` (normalized) can be a short code at all: 6 characters of the alphabet. */
export const isShortCode = (code: string) =>
  code.length === COUNTER_CODE_LENGTH &&
  [...code].every((ch) => COUNTER_CODE_ALPHABET.includes(ch));

/** 'K7Q2MX' -> 'K7Q-2MX', as the customer sees it. */
export const formatShortCode = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`;
