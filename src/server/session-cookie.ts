import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * better-call's signed cookies (better-auth's session cookie), read and written here without
 * better-auth: the session middleware's fast path reads them, the demo signs its owner's session.
 * This re-implements better-call's format; session-cookie.test.ts checks it against better-auth's
 * own cookies (decision 025).
 */

/** A value as better-call signs it: `value.base64(HMAC-SHA256(secret, value))`, URI-encoded. */
export const signCookieValue = (value: string, secret: string) =>
  encodeURIComponent(`${value}.${createHmac("sha256", secret).update(value).digest("base64")}`);

/**
 * The value of a cookie signed by better-call (`value.base64(HMAC-SHA256(secret, value))`,
 * URI-encoded), or null when it is absent or its signature does not match. Parsed as better-call
 * parses it: the first cookie of that name wins.
 */
export function signedCookie(header: string | null, name: string, secret: string): string | null {
  if (!header) return null;
  let raw: string | undefined;
  for (const part of header.split(";")) {
    const sep = part.indexOf("=");
    if (sep !== -1 && part.slice(0, sep).trim() === name) {
      raw = part.slice(sep + 1).trim();
      break;
    }
  }
  if (!raw) return null;
  if (raw.startsWith('"')) raw = raw.slice(1, -1);
  if (raw.includes("%")) {
    try {
      raw = decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  const dot = raw.lastIndexOf(".");
  if (dot < 1) return null;
  const value = raw.slice(0, dot);
  const encoded = raw.slice(dot + 1);
  // A SHA-256 HMAC is 32 bytes: 43 base64 characters and one "=" (better-call's own check).
  if (!/^[A-Za-z0-9+/]{43}=$/.test(encoded)) return null;
  const expected = createHmac("sha256", secret).update(value).digest();
  return timingSafeEqual(Buffer.from(encoded, "base64"), expected) ? value : null;
}
