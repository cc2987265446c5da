/**
 * One Brazilian phone rule for every form and every comparison (issue 29, items 12 and 17): a DDD
 * (two digits, neither 0) and a local number of 8 digits (a landline, or a mobile written before
 * the ninth digit) or 9 digits (a mobile: 9 first). Typed any way people write it: "(11)
 * 98888-0000", "011 98888 0000" (the trunk 0), "+55 11 98888-0000", "5511988880000" (WhatsApp's
 * `from`). Isomorphic: the shared schemas (server and web forms) and the server's checks use it.
 */

/** The characters a typed phone may hold: digits, spaces, ( ) + - and dots. */
const PHONE_CHARS = /^[0-9()+\-.\s]*$/;

/**
 * The national digits (DDD + local number, 10 or 11 digits) of a Brazilian phone typed any way,
 * or null when it is not one: "+55 (11) 98888-0000" → "11988880000", "011 8888-0000" →
 * "1188880000".
 */
export function brazilianPhoneDigits(typed: string | null | undefined): string | null {
  const value = (typed ?? "").trim();
  if (!PHONE_CHARS.test(value)) return null;
  let digits = value.replace(/\D/g, "");
  // 00 55 …: the international prefix dialled from a Brazilian line.
  if (digits.startsWith("0055")) digits = digits.slice(2);
  // +55 / 55 …: the country code (a national number has 10 or 11 digits, so 12 or 13 with it).
  if (digits.startsWith("55") && (digits.length === 12 || digits.length === 13)) {
    digits = digits.slice(2);
  } else if (digits.startsWith("0")) {
    // 0 11 …: the trunk prefix of a long-distance call.
    digits = digits.slice(1);
  }
  if (!/^[1-9]{2}\d{8,9}$/.test(digits)) return null;
  const local = digits.slice(2);
  if (local.length === 9) return local.startsWith("9") ? digits : null;
  // 8 digits: a landline (2 to 5) or an old mobile (6 to 9); never 0 or 1.
  return /^[2-9]/.test(local) ? digits : null;
}

/** Whether `typed` is a Brazilian phone (DDD + 8 or 9 digits). */
export const isBrazilianPhone = (typed: string | null | undefined) =>
  brazilianPhoneDigits(typed) !== null;

/**
 * The key two spellings of one number share: the national digits with a mobile's ninth digit
 * dropped ("11 98888-0000" and "(11) 8888-0000" are one line, written after and before the
 * ninth digit). Null when `typed` is not a Brazilian phone.
 */
export function phoneKey(typed: string | null | undefined): string | null {
  const digits = brazilianPhoneDigits(typed);
  if (!digits) return null;
  const local = digits.slice(2);
  // A mobile: 9 then 8 digits starting 6 to 9 (the number it had before the ninth digit).
  if (local.length === 9 && /^9[6-9]/.test(local)) return `${digits.slice(0, 2)}${local.slice(1)}`;
  return digits;
}

/** Whether two typed phones are the same Brazilian number (false when either is not one). */
export function samePhone(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = phoneKey(a);
  return x !== null && x === phoneKey(b);
}

/**
 * '(11) 98888-7777' -> '(11) •••••-7777': the area code and the last four digits, enough for the
 * customer to say "yes, that's me" and not enough to call them. Null without a phone.
 */
export function maskPhone(phone: string | null): string | null {
  let digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length >= 12 && digits.startsWith("55")) digits = digits.slice(2);
  if (digits.length < 4) return null;
  const last = digits.slice(-4);
  if (digits.length < 10) return `•••-${last}`;
  return `(${digits.slice(0, 2)}) ${"•".repeat(digits.length - 6)}-${last}`;
}
