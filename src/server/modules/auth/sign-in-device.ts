/**
 * The device cookie of sign-in (issue 29, item 11; decision 002): a browser where an account's
 * password was once right gets a cookie that vouches for it to that account only (an HMAC, with
 * the auth secret, of the e-mail and a random nonce: the cookie names neither the account nor
 * anything a guesser could forge). Such a browser is counted in its own bucket of failures
 * instead of the account's, so 10 wrong passwords typed elsewhere never lock its owner out.
 * (OWASP's "device cookies" against account lockout.)
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const DEVICE_COOKIE = "carimbou_device";
/** Where the browser sends it: only the sign-in itself (and its 2FA step). */
export const DEVICE_COOKIE_PATH = "/api/session";
/** 180 days; signing in again renews it. */
export const DEVICE_COOKIE_MAX_AGE = 180 * 24 * 60 * 60;

const mac = (secret: string, email: string, nonce: string) =>
  createHmac("sha256", secret)
    .update(`sign-in-device\0${email.trim().toLowerCase()}\0${nonce}`)
    .digest("base64url");

/** A new device cookie value for `email`: `<nonce>.<mac>`. */
export function newDeviceCookie(secret: string, email: string): string {
  const nonce = randomBytes(16).toString("base64url");
  return `${nonce}.${mac(secret, email, nonce)}`;
}

/**
 * The device's nonce when `value` is a device cookie this server gave for `email` (compared in
 * constant time), else null: another account's cookie, a forged or a damaged one.
 */
export function knownDevice(value: string | undefined, secret: string, email: string) {
  const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value ?? "");
  if (!match) return null;
  const [, nonce, given] = match as unknown as [string, string, string];
  const expected = Buffer.from(mac(secret, email, nonce));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? nonce : null;
}
