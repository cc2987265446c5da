import { eq, sql } from "drizzle-orm";
import type { Context } from "hono";
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

/**
 * Gives back one hit of `key` (an attempt that turned out not to be a failure). For limits that
 * count only failures: count the attempt first (atomic, so a burst of parallel attempts cannot
 * slip past the limit), then give it back when it succeeded.
 */
export async function releaseRateLimit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** Forgets the window of `key` (e.g. an account's failed sign-ins once its password is reset). */
export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** The 429 every limit answers with; the caller sets `Retry-After` from `retryAfterSeconds`. */
export class RateLimited extends AppError {
  constructor(readonly retryAfterSeconds?: number) {
    super("rate_limited", 429, "Muitas tentativas. Aguarde alguns minutos e tente novamente.");
  }
}

export const rateLimited = (retryAfterSeconds?: number) => new RateLimited(retryAfterSeconds);

/** Sets `Retry-After` on a 429 of `work` (e.g. `limitEmailSends`), then lets it through. */
export async function withRetryAfter<T>(c: Context, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof RateLimited && error.retryAfterSeconds)
      c.header("Retry-After", String(error.retryAfterSeconds));
    throw error;
  }
}

/** Rejects with 429 once a client IP has made more than `rule.max` requests in the window. */
export function rateLimit(db: Db, rule: RateLimitRule, trustProxyHops: number) {
  return createMiddleware(async (c, next) => {
    const key = `${rule.bucket}:${clientIp(c, trustProxyHops)}`;
    if (!(await hitRateLimit(db, key, rule))) {
      c.header("Retry-After", String(rule.windowSeconds));
      throw rateLimited();
    }
    await next();
  });
}

export type EmailSendLimits = { perSource: RateLimitRule; perAddress: RateLimitRule };

/**
 * Every e-mail the app sends on someone's request (confirmation re-send, password recovery,
 * invitations) counts against these: per sender (client IP) and per recipient address.
 */
export const EMAIL_SEND_LIMITS: EmailSendLimits = {
  perSource: { bucket: "email-send-from", max: 20, windowSeconds: 60 * 60 },
  perAddress: { bucket: "email-send-to", max: 5, windowSeconds: 60 * 60 },
};

/**
 * Counts one e-mail to `email` requested from `source` (the client IP, or another key of the
 * sender such as `company:<id>`) and throws 429 `rate_limited` when either limit is used up.
 * Counts whether or not an account has the address, so the answer reveals nothing.
 */
export async function limitEmailSends(
  db: Db,
  email: string,
  source: string,
  rules: EmailSendLimits = EMAIL_SEND_LIMITS,
): Promise<void> {
  const address = email.trim().toLowerCase();
  if (!(await hitRateLimit(db, `${rules.perSource.bucket}:${source}`, rules.perSource))) {
    throw rateLimited(rules.perSource.windowSeconds);
  }
  if (!(await hitRateLimit(db, `${rules.perAddress.bucket}:${address}`, rules.perAddress))) {
    throw rateLimited(rules.perAddress.windowSeconds);
  }
}

/** Deletes windows that ended long ago, so the table stays small. */
export async function pruneRateLimits(db: Db, olderThanSeconds = 24 * 60 * 60) {
  await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStartedAt} < now() - make_interval(secs => ${olderThanSeconds})`);
}
