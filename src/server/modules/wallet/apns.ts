/**
 * Apple Push Notification service, for Wallet passes: after a card changes, each device that
 * registered for its pass gets an empty push (`{}`) on the pass type's topic, and then asks the
 * PassKit web service what changed. HTTP/2 (node:http2) with token-based authentication: an ES256
 * JWT (iss: the team id, kid: the key id, iat), signed with the APNs key (.p8) and reused for up
 * to 50 minutes (Apple refuses one older than an hour, and too many new ones).
 */
import { createPrivateKey, sign } from "node:crypto";
import { connect } from "node:http2";
import type { AppleWalletConfig } from "./apple-wallet";

const TOKEN_LIFETIME_MS = 50 * 60_000;

let tokenCache: { key: string; token: string; madeAt: number } | undefined;

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** The provider token: ES256 (raw r‖s signature, as JWS wants it), cached below 50 minutes. */
export function apnsToken(config: AppleWalletConfig, now = Date.now()): string {
  const cacheKey = `${config.teamId}:${config.apnsKeyId}`;
  if (tokenCache?.key === cacheKey && now - tokenCache.madeAt < TOKEN_LIFETIME_MS) {
    return tokenCache.token;
  }
  const head = `${base64url(JSON.stringify({ alg: "ES256", kid: config.apnsKeyId }))}.${base64url(
    JSON.stringify({ iss: config.teamId, iat: Math.floor(now / 1000) }),
  )}`;
  const signature = sign("sha256", Buffer.from(head), {
    key: createPrivateKey(config.apnsKey),
    dsaEncoding: "ieee-p1363",
  });
  tokenCache = { key: cacheKey, token: `${head}.${base64url(signature)}`, madeAt: now };
  return tokenCache.token;
}

/** Forgets the provider token (APNs answered 403 ExpiredProviderToken or InvalidProviderToken). */
export const forgetApnsToken = () => {
  tokenCache = undefined;
};

export type PushResult = { pushToken: string; status: number; reason?: string };

/**
 * Sends the pass-update push to each of `pushTokens` over one HTTP/2 connection to APNS_HOST and
 * answers each device's status (200 sent; 410 Unregistered: the device no longer wants it). A
 * connection that fails throws (the job retries).
 */
export async function pushPassUpdates(
  config: AppleWalletConfig,
  pushTokens: readonly string[],
): Promise<PushResult[]> {
  if (pushTokens.length === 0) return [];
  const session = connect(config.apnsHost);
  const failed = new Promise<never>((_, reject) => session.once("error", reject));
  failed.catch(() => {});
  try {
    const authorization = `bearer ${apnsToken(config)}`;
    const one = (pushToken: string) =>
      new Promise<PushResult>((resolve, reject) => {
        const req = session.request({
          ":method": "POST",
          ":path": `/3/device/${encodeURIComponent(pushToken)}`,
          authorization,
          "apns-topic": config.passTypeId,
          "apns-push-type": "background",
          "apns-priority": "5",
          "content-type": "application/json",
        });
        req.setTimeout(15_000, () => req.close());
        let status = 0;
        let body = "";
        req.on("response", (headers) => {
          status = Number(headers[":status"]);
        });
        req.setEncoding("utf8");
        req.on("data", (part: string) => {
          body += part;
        });
        req.on("end", () => {
          let reason: string | undefined;
          try {
            reason = body ? (JSON.parse(body) as { reason?: string }).reason : undefined;
          } catch {
            reason = body.slice(0, 100);
          }
          resolve({ pushToken, status, ...(reason ? { reason } : {}) });
        });
        req.on("error", reject);
        req.end("{}");
      });
    const results = await Promise.race([Promise.all(pushTokens.map(one)), failed]);
    if (results.some((r) => r.status === 403 && /ProviderToken/.test(r.reason ?? ""))) {
      forgetApnsToken();
    }
    return results;
  } finally {
    session.close();
  }
}
