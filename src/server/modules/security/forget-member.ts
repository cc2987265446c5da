import { and, eq, isNull, like, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { signInEvents } from "./security.table";

/** How long an access record outlives its account (Marco Civil da Internet, Lei 12.965, art. 15). */
export const SIGN_IN_RECORD_MONTHS = 6;

/**
 * An account deleted (issue 34): its access records (time, IP address, device, outcome) are kept
 * for the months the Marco Civil requires, naming no one: unlinked from the account, the e-mail
 * replaced by its SHA-256 (an authority that already has the address can still match it). Attempts
 * with the address and no account are treated the same.
 */
export async function anonymiseSignIns(tx: Db, userId: string, email: string): Promise<void> {
  await tx
    .update(signInEvents)
    .set({
      userId: null,
      email: sql`'sha256:' || encode(sha256(convert_to(lower(${signInEvents.email}), 'UTF8')), 'hex')`,
    })
    .where(or(eq(signInEvents.userId, userId), eq(signInEvents.email, email)));
}

/** The retention job: anonymised access records past their months go. Answers how many. */
export async function deleteExpiredSignInRecords(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(signInEvents)
    .where(
      and(
        isNull(signInEvents.userId),
        like(signInEvents.email, "sha256:%"),
        lt(
          signInEvents.createdAt,
          sql`${now.toISOString()}::timestamptz - make_interval(months => ${SIGN_IN_RECORD_MONTHS})`,
        ),
      ),
    )
    .returning({ id: signInEvents.id });
  return gone.length;
}
