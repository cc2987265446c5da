import type { ApiKeyScope } from "@shared/integrations.schema";
import { API_KEY_RATE_LIMIT_PER_MINUTE } from "@shared/integrations.schema";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { openSandbox } from "../flows/create-api-key";
import {
  type ApiKeyActor,
  authenticateApiKey,
  recordApiRequest,
} from "../modules/integrations/api-keys.service";
import { hitRateLimit, type RateLimitRule, rateLimited } from "../rate-limits";
import { clientIp } from "./client-ip";

export type ApiKeyVars = { apiKey: ApiKeyActor };

export const API_KEY_RATE_LIMIT: RateLimitRule = {
  bucket: "api-key",
  max: API_KEY_RATE_LIMIT_PER_MINUTE,
  windowSeconds: 60,
};

/**
 * Writes a key may make after the company's trial ended without a paid period, as the panel's
 * (middleware/plan.ts): stamps and redemptions (the customers did nothing wrong). Others: 402.
 */
const ALWAYS_ALLOWED_WRITES = [/^\/api\/v1\/stamps$/, /^\/api\/v1\/cards\/[^/]+\/redeem$/];

/**
 * The public API's door (`/api/v1/*`, issue 33): `Authorization: Bearer cb_…` names a usable key
 * (401 `api_key_invalid` otherwise), counted against its rate limit (429 with `Retry-After`), and
 * every call it makes is written to the company's access log with the key's name.
 */
export function apiKeyAuth(db: Db, trustProxyHops: number, rule = API_KEY_RATE_LIMIT) {
  return createMiddleware<{ Variables: ApiKeyVars }>(async (c, next) => {
    const started = performance.now();
    const secret = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const actor = secret ? await authenticateApiKey(db, secret, reopenSandbox(db)) : null;
    if (!actor) {
      throw new AppError("api_key_invalid", 401, "Invalid, revoked or expired API key.");
    }
    c.set("apiKey", actor);
    const log = (status: number) =>
      recordApiRequest(db, {
        actor,
        method: c.req.method,
        path: c.req.path,
        status,
        durationMs: performance.now() - started,
        ipAddress: clientIp(c, trustProxyHops),
      });
    if (!(await hitRateLimit(db, `${rule.bucket}:${actor.keyId}`, rule))) {
      await log(429);
      throw rateLimited(rule.windowSeconds);
    }
    const method = c.req.method;
    if (
      actor.planExpired &&
      method !== "GET" &&
      method !== "HEAD" &&
      !ALWAYS_ALLOWED_WRITES.some((path) => path.test(c.req.path))
    ) {
      await log(402);
      throw new AppError(
        "plan_expired",
        402,
        "The trial has ended: the company can still read its data, stamp and redeem.",
      );
    }
    await next();
    await log(c.res.status);
  });
}

/** A test key's sandbox, made again after 'Apagar dados de teste' emptied it. */
const reopenSandbox = (db: Db) => (liveCompanyId: string) =>
  db.transaction((tx) => openSandbox(tx, liveCompanyId));

/** The key's scope for this route, or 403 `scope_required` naming it. */
export function requireScope(c: Context<{ Variables: ApiKeyVars }>, scope: ApiKeyScope) {
  const actor = c.var.apiKey;
  if (!actor.scopes.includes(scope)) {
    throw new AppError("scope_required", 403, `This API key needs the scope ${scope}.`, {
      scope,
    });
  }
  return actor;
}
