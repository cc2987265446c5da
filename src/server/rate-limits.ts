/**
 * Rate limits kept in the database (so every app server shares them): what services and routes
 * call to count a hit, refuse past a limit (429 `rate_limited`, `RateLimited`) or limit e-mail
 * sends. The Hono middleware that applies a limit per client IP is middleware/rate-limit.ts.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "./db/client";
import { AppError } from "./errors";
import { rateLimits } from "./rate-limits.table";

export type RateLimitRule = { bucket: string; max: number; windowSeconds: number };

/** A hit on a key already counting: one more, or 1 in a new window once the last one ended. */
const nextHit = (rule: RateLimitRule) => {
  const ended = sql`${rateLimits.windowStartedAt} <= now() - make_interval(secs => ${rule.windowSeconds})`;
  return {
    count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
    windowStartedAt: sql`case when ${ended} then now() else ${rateLimits.windowStartedAt} end`,
  };
};

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
      set: nextHit(rule),
    })
    .returning({ count: rateLimits.count });
  return (rows[0]?.count ?? 0) <= rule.max;
}

/**
 * `hitRateLimit` for many keys at once, a statement per round: answers, in the keys' order,
 * whether each is still within `max`. A key given twice counts twice, its second hit in the next
 * round (one statement cannot update a row twice), so the answers are those of one call per key.
 */
export async function hitRateLimits(
  db: Db,
  keys: readonly string[],
  rule: RateLimitRule,
): Promise<boolean[]> {
  const within = new Array<boolean>(keys.length).fill(false);
  let pending = keys.map((key, at) => ({ key, at }));
  while (pending.length > 0) {
    const seen = new Set<string>();
    const round: typeof pending = [];
    const later: typeof pending = [];
    for (const hit of pending) {
      (seen.has(hit.key) ? later : round).push(hit);
      seen.add(hit.key);
    }
    // In the keys' sorted order, so two batches lock their rows in the same order; the keys as
    // one JSON parameter (hundreds of parameters cost more to bind than the upsert).
    const sorted = JSON.stringify([...seen].sort());
    const rows = await db
      .insert(rateLimits)
      .select(sql`select k, 1, now() from json_array_elements_text(${sorted}::json) as k`)
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: nextHit(rule),
      })
      .returning({ key: rateLimits.key, count: rateLimits.count });
    const counts = new Map(rows.map((row) => [row.key, row.count]));
    for (const hit of round) within[hit.at] = (counts.get(hit.key) ?? 0) <= rule.max;
    pending = later;
  }
  return within;
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

/** The 429 every limit answers with; the app's error handler sets `Retry-After` from `retryAfterSeconds`. */
export class RateLimited extends AppError {
  constructor(readonly retryAfterSeconds?: number) {
    super("rate_limited", 429, "Muitas tentativas. Aguarde alguns minutos e tente novamente.");
  }
}

export const rateLimited = (retryAfterSeconds?: number) => new RateLimited(retryAfterSeconds);

/** Counts one hit of `key` and throws 429 `rate_limited` (retry after the window) past `rule.max`. */
export async function enforceRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<void> {
  if (!(await hitRateLimit(db, key, rule))) throw rateLimited(rule.windowSeconds);
}

export type EmailSendLimits = { perSource: RateLimitRule; perAddress: RateLimitRule };

/** The limits of the account endpoints (sign-in, sign-up, password recovery and checks, e-mails). */
export type AccountLimits = {
  /** FAILED sign-ins per client IP (successes never count: a café's customers share one IP). */
  signIn: RateLimitRule;
  /** Failed sign-ins per e-mail address from any IP (unknown addresses alike); then even the right password waits. */
  signInAccount: RateLimitRule;
  signUp: RateLimitRule;
  /** Every e-mail sent on request (confirmation re-send, password recovery, invitations). */
  emailSends: EmailSendLimits;
  /** Password checks of a signed-in account (password change, 2FA on/off), per account. */
  passwordCheck: RateLimitRule;
  /** Attempts to use a password reset link, per client IP. */
  passwordReset: RateLimitRule;
};

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
  await enforceRateLimit(db, `${rules.perSource.bucket}:${source}`, rules.perSource);
  await enforceRateLimit(db, `${rules.perAddress.bucket}:${address}`, rules.perAddress);
}

/** Deletes windows that ended long ago, so the table stays small; answers how many went. */
export async function pruneRateLimits(db: Db, olderThanSeconds = 24 * 60 * 60): Promise<number> {
  const removed = await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStartedAt} < now() - make_interval(secs => ${olderThanSeconds})`)
    .returning({ key: rateLimits.key });
  return removed.length;
}
