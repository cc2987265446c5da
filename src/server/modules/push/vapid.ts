/**
 * Web Push's VAPID keys (issue 32): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY for several servers,
 * else one P-256 pair made on first start and kept in DATA_DIR (`vapid-keys.json`, like the auth
 * secret). server.ts sets them once at start; the tests set their own. Undefined: push is off.
 */
import { createECDH } from "node:crypto";
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type VapidConfig = { publicKey: string; privateKey: string; subject: string };

let current: VapidConfig | undefined;

export function setVapid(config: VapidConfig | undefined) {
  current = config;
}

export const vapidConfig = () => current;

/** A new P-256 key pair in base64url (what web-push and the browser's applicationServerKey take). */
export function newVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: fullScalar(ecdh.getPrivateKey()).toString("base64url"),
  };
}

/**
 * The private key as the 32 bytes web-push requires: Node drops a scalar's leading zero bytes
 * (about 1 key in 256 came out 31 bytes long, and web-push refused it).
 */
function fullScalar(key: Buffer): Buffer {
  return key.length >= 32 ? key : Buffer.concat([Buffer.alloc(32 - key.length), key]);
}

/**
 * The pair kept in DATA_DIR, made on first start. Written with `wx`, so processes of one server
 * (WEB_CONCURRENCY) starting together all end with the first one's pair.
 */
export function dataDirVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, "vapid-keys.json");
  try {
    const fd = openSync(path, "wx", 0o600);
    writeFileSync(fd, JSON.stringify(newVapidKeys()));
    closeSync(fd);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const kept = JSON.parse(readFileSync(path, "utf8")) as {
    publicKey?: unknown;
    privateKey?: unknown;
  };
  if (typeof kept.publicKey !== "string" || typeof kept.privateKey !== "string") {
    throw new Error(
      `${path} is not a VAPID key pair: remove it to make a new one (subscribed devices must then subscribe again).`,
    );
  }
  // A pair kept before the fix above may hold a shortened scalar: the same key, padded.
  const privateKey = fullScalar(Buffer.from(kept.privateKey, "base64url")).toString("base64url");
  return { publicKey: kept.publicKey, privateKey };
}

/**
 * Who the push services may contact about this server: VAPID_SUBJECT, else APP_URL when it is
 * https, else a mailto: at APP_URL's host (a local checkout).
 */
export function vapidSubjectOf(subject: string | undefined, appUrl: string): string {
  if (subject) return subject;
  const url = new URL(appUrl);
  return url.protocol === "https:" ? url.origin : `mailto:push@${url.hostname}`;
}
