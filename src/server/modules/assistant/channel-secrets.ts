import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The messaging channels' secrets (WhatsApp access token, app secret, verify token) at rest:
 * AES-256-GCM with a 32-byte key from CHANNEL_SECRET_KEY (base64), or one generated once in
 * DATA_DIR outside production (like the auth secret). Each value is bound to where it belongs
 * (`context`: company and field), so a ciphertext copied to another row or field does not open.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */

export const CHANNEL_SECRET_KEY_BYTES = 32;
const VERSION = "v1";

/** A base64 key of exactly 32 bytes, or null. */
export function parseChannelSecretKey(value: string): Buffer | null {
  const trimmed = value.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  // Node's base64 decoder reads the URL-safe alphabet too.
  const key = Buffer.from(trimmed, "base64");
  return key.length === CHANNEL_SECRET_KEY_BYTES ? key : null;
}

const KEY_FILE = "channel-secret-key";

/**
 * The key: CHANNEL_SECRET_KEY when set, else the one kept in DATA_DIR, generated on first start
 * outside production. In production without either, the server refuses to start (the channels'
 * secrets must survive a new machine, and every app server needs the same key).
 */
export function loadChannelSecretKey(options: {
  fromEnv: Buffer | undefined;
  dataDir: string;
  production: boolean;
}): Buffer {
  if (options.fromEnv) return options.fromEnv;
  const path = join(options.dataDir, KEY_FILE);
  try {
    const existing = parseChannelSecretKey(readFileSync(path, "utf8"));
    if (existing) return existing;
  } catch {
    // first start
  }
  if (options.production) {
    throw new Error(
      `CHANNEL_SECRET_KEY is required in production (or a key in ${path}): set it to 32 random bytes in base64 (for example: openssl rand -base64 32), the same on every app server.`,
    );
  }
  mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(CHANNEL_SECRET_KEY_BYTES);
  writeFileSync(path, key.toString("base64"), { mode: 0o600 });
  return key;
}

/** Encrypts `plaintext` for `context` (e.g. `whatsapp:<companyId>:access_token`). */
export function encryptSecret(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, data]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The plaintext, or null when the value was not made with this key for this context. */
export function decryptSecret(key: Buffer, stored: string, context: string): string | null {
  const [version, iv, tag, data, ...rest] = stored.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(data, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}

/** Compares two secrets in constant time (their SHA-256, so the lengths do not leak either). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given, "utf8").digest();
  const b = createHash("sha256").update(expected, "utf8").digest();
  return timingSafeEqual(a, b);
}

/** The three secrets of a Meta channel (WhatsApp, Instagram), as typed and as stored. */
export const CHANNEL_SECRET_FIELDS = {
  accessToken: "access_token",
  appSecret: "app_secret",
  verifyToken: "verify_token",
} as const;
export type ChannelSecretName = keyof typeof CHANNEL_SECRET_FIELDS;
export type ChannelSecretField = (typeof CHANNEL_SECRET_FIELDS)[ChannelSecretName];
export type SealedChannelSecrets = Record<`${ChannelSecretName}Enc`, string>;

/**
 * A channel's secrets for its row: a typed one encrypted (bound to `context(field)`), an empty one
 * the one `stored` (null: no row yet). Answers the sealed values, and the names of the secrets that
 * are neither typed nor stored (the first save needs all three).
 */
export function sealChannelSecrets(
  key: Buffer,
  input: Record<ChannelSecretName, string>,
  stored: SealedChannelSecrets | null,
  context: (field: ChannelSecretField) => string,
): { sealed: SealedChannelSecrets; missing: ChannelSecretName[] } {
  const sealed = {} as SealedChannelSecrets;
  const missing: ChannelSecretName[] = [];
  for (const [name, field] of Object.entries(CHANNEL_SECRET_FIELDS) as [
    ChannelSecretName,
    ChannelSecretField,
  ][]) {
    const kept = stored?.[`${name}Enc`];
    if (input[name] !== "") sealed[`${name}Enc`] = encryptSecret(key, input[name], context(field));
    else if (kept) sealed[`${name}Enc`] = kept;
    else missing.push(name);
  }
  return { sealed, missing };
}
