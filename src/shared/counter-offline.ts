import { COUNTER_CODE_STEP_SECONDS } from "./limits";

/**
 * The offline counter's bounds (issue 32, item 5), without zod: the counter's light entry and the
 * service worker read them, and counter.schema.ts builds the route's body on them.
 *
 * A stamp the counter queued while offline is sent later with `givenAt`, the moment the team
 * member gave it. The server takes that moment for the stamp's row and for the interval and the
 * daily cap, within these bounds: a phone's clock a little ahead is forgiven (clamped to now), a
 * queue older than the limit is refused (`counter_stamp_too_old`): a phone left in a drawer for a
 * week must not back-date stamps past what a manager would still remember.
 */

/** How far ahead of the server's clock `givenAt` or `scannedAt` may be (clock skew). */
export const OFFLINE_STAMP_FUTURE_SKEW_MS = 2 * 60_000;
/**
 * How long before the stamp a QR code may have been scanned (the customer's code read, then the
 * quantity chosen): a `scannedAt` further back is not this stamp's scan.
 */
export const OFFLINE_STAMP_SCAN_BEFORE_MS = 10 * 60_000;
/** How old a queued stamp may be when it reaches the server. */
export const OFFLINE_STAMP_MAX_AGE_MS = 72 * 60 * 60_000;
const TOKEN_STEP = /^[^.\s]+\.(\d{1,12})\.[A-Za-z0-9_-]+$/;

/**
 * Whether a scanned code is a rotating QR token (`<short code>.<step>.<mac>`) and its step, the
 * counter cannot check the signature offline; null for a typed short code.
 */
export function qrTokenStep(code: string): number | null {
  const match = TOKEN_STEP.exec(code.trim());
  return match ? Number(match[1]) : null;
}

/** The short code a QR token carries (its first part), to show it offline. */
export const qrTokenShortCode = (code: string) => code.trim().split(".")[0] ?? code;

/**
 * Whether a QR token scanned at `now` is within its window by the counter's clock (its step the
 * current or the previous one, as the server accepts it): the counter cannot check the signature
 * offline, so it queues only a code that was fresh when scanned; the server checks it again, at
 * the scan's moment, when the stamp is sent.
 */
export function qrTokenFreshAt(code: string, now: number): boolean {
  const step = qrTokenStep(code);
  if (step === null) return false;
  const current = Math.floor(now / 1000 / COUNTER_CODE_STEP_SECONDS);
  return step === current || step === current - 1;
}
