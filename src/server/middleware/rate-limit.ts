import { createMiddleware } from "hono/factory";
import type { Db } from "../db/client";
import { enforceRateLimit, type RateLimitRule } from "../rate-limits";
import { clientIp } from "./client-ip";

/** Rejects with 429 once a client IP has made more than `rule.max` requests in the window. */
export function rateLimit(db: Db, rule: RateLimitRule, trustProxyHops: number) {
  return createMiddleware(async (c, next) => {
    await enforceRateLimit(db, `${rule.bucket}:${clientIp(c, trustProxyHops)}`, rule);
    await next();
  });
}
