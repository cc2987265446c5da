import { sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { clientIp } from "./client-ip";
import { rateLimits } from "./rate-limits.table";

export type RateLimitRule = { bucket: string; max: number; windowSeconds: number };

/**
 * Counts one hit for `key` in a fixed window kept in the database (so all app servers share it)
 * and answers whether it is still within `max`. One atomic statement: no read-then-write race.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<boolean> {
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStartedAt} <= now() - make_interval(secs => ${rule.windowSeconds}) then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= now() - make_interval(secs => ${rule.windowSeconds}) then now() else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return (rows[0]?.count ?? 0) <= rule.max;
}

/** Rejects with 429 once a client IP has made more than `rule.max` requests in the window. */
export function rateLimit(db: Db, rule: RateLimitRule, trustProxyHops: number) {
  return createMiddleware(async (c, next) => {
    const key = `${rule.bucket}:${clientIp(c, trustProxyHops)}`;
    if (!(await hitRateLimit(db, key, rule))) {
      c.header("Retry-After", String(rule.windowSeconds));
      throw new AppError(
        "rate_limited",
        429,
        "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
      );
    }
    await next();
  });
}

/** Deletes windows that ended long ago, so the table stays small. */
export async function pruneRateLimits(db: Db, olderThanSeconds = 24 * 60 * 60) {
  await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStartedAt} < now() - make_interval(secs => ${olderThanSeconds})`);
}
