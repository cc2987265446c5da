/**
 * A push service faked on 127.0.0.1 (Web Push tests): each fake device (`device()`) has its own
 * P-256 key pair and auth secret, as a browser's PushSubscription does. The service checks the
 * VAPID header (`vapid t=<ES256 JWT>, k=<public key>`: signature, aud = its origin, exp within a
 * day, sub), decrypts the aes128gcm body (RFC 8291 / RFC 8188) with the device's private key and
 * secret, and records the JSON payload; or answers what `replies` holds for the device next.
 */
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type Received = {
  device: string;
  payload: { kind: string; title: string; body: string; url: string };
  headers: IncomingHttpHeaders;
};

type Device = { ecdh: ECDH; auth: Buffer };

const rawKeyToPublicKey = (raw: Buffer) =>
  createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync("sha256", ikm, salt, info, length));

/** RFC 8291: the payload a browser would read. */
export function decryptAes128gcm(body: Buffer, device: Device): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] as number;
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = device.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([
    Buffer.from("WebPush: info\0"),
    device.ecdh.getPublicKey(),
    serverKey,
  ]);
  const ikm = hkdf(device.auth, secret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("no last-record delimiter");
  return plain.subarray(0, end).toString("utf8");
}

export async function startFakePushService(vapidPublicKey: () => string) {
  const devices = new Map<string, Device>();
  const received: Received[] = [];
  const refusals: string[] = [];
  const replies = new Map<string, number[]>();
  let origin = "";

  function check(id: string, headers: IncomingHttpHeaders, body: Buffer): Received["payload"] {
    const device = devices.get(id);
    if (!device) throw new Error(`unknown device ${id}`);
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(headers.authorization ?? "");
    if (!match) throw new Error(`authorization: ${headers.authorization}`);
    const [jwt, key] = [match[1] as string, match[2] as string];
    if (key !== vapidPublicKey()) throw new Error("k is not the server's VAPID key");
    const [head, claims, signature] = jwt.split(".") as [string, string, string];
    const ok = verify(
      "sha256",
      Buffer.from(`${head}.${claims}`),
      { key: rawKeyToPublicKey(Buffer.from(key, "base64url")), dsaEncoding: "ieee-p1363" },
      Buffer.from(signature, "base64url"),
    );
    if (!ok) throw new Error("bad VAPID signature");
    const header = JSON.parse(Buffer.from(head, "base64url").toString());
    if (header.alg !== "ES256") throw new Error(`alg ${header.alg}`);
    const c = JSON.parse(Buffer.from(claims, "base64url").toString());
    const now = Date.now() / 1000;
    if (c.aud !== origin) throw new Error(`aud ${c.aud}`);
    if (!(c.exp > now && c.exp <= now + 24 * 3600 + 60)) throw new Error(`exp ${c.exp}`);
    if (!/^(mailto:|https:)/.test(c.sub)) throw new Error(`sub ${c.sub}`);
    if (headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
    if (!headers.ttl) throw new Error("no TTL");
    return JSON.parse(decryptAes128gcm(body, device));
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const id = (req.url ?? "").replace(/^\/push\//, "");
      const queued = replies.get(id)?.shift();
      if (queued) {
        res.writeHead(queued).end();
        return;
      }
      try {
        const payload = check(id, req.headers, Buffer.concat(chunks));
        received.push({ device: id, payload, headers: req.headers });
        res.writeHead(201).end();
      } catch (error) {
        refusals.push(String(error));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refusals,
    /** A browser's new PushSubscription: its endpoint and keys (what PUT /api/push/subscriptions takes). */
    device() {
      const id = randomUUID();
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(id, { ecdh, auth });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString("base64url"),
          auth: auth.toString("base64url"),
        },
      };
    },
    /** The next answers to one device (e.g. 410: it unsubscribed). */
    replyTo(id: string, ...statuses: number[]) {
      replies.set(id, statuses);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
