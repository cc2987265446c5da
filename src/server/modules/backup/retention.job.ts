import { and, eq, inArray, isNotNull, isNull, lt, notExists, type SQL, sql } from "drizzle-orm";
import { DEFAULT_RETENTION_MONTHS, MIN_RETENTION_MONTHS } from "../../../shared/settings.schema";
import type { Db } from "../../db/client";
import { files } from "../files/files.table";
import { interestReplies, interests } from "../interests/interests.table";
import { customerMessages } from "../messages/messages.table";
import { companySettings, jobRuns } from "../settings/settings.table";
import { stamps } from "../stamps/stamps.table";

export const RETENTION_JOB = "retention";

/** Rows removed per statement, so a first run on a large database never holds long locks. */
const DELETE_BATCH = 5000;

/** A run claimed but not finished after this long is taken to have died with its server. */
const STALE_RUN_MS = 60 * 60 * 1000;

export type RetentionResult =
  | { ran: false }
  | {
      ran: true;
      messages: number;
      interestReplies: number;
      interests: number;
      rejectedReceipts: number;
    };

/** The receipt of a rejected claim is kept this long after the rejection, then removed. */
export const REJECTED_RECEIPT_DAYS = 30;

/**
 * `now` minus the company's retention (24 months without a settings record), for the row's
 * company column: the rows created before it are past the period.
 */
const cutoff = (now: Date) =>
  sql`${now.toISOString()}::timestamptz - make_interval(months => coalesce(${companySettings.retentionMonths}, ${DEFAULT_RETENTION_MONTHS}))`;

/** Deletes `ids` batches until none is left; returns how many rows went. */
async function deleteInBatches(remove: () => Promise<unknown[]>): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await remove();
    total += removed.length;
    if (removed.length < DELETE_BATCH) return total;
  }
}

/**
 * Claims today's run (UTC day of `now`): the insert that wins runs it, every other server skips.
 * A claim left unfinished for an hour (its server died) may be taken over, once.
 */
async function claimRun(db: Db, now: Date): Promise<boolean> {
  const runKey = now.toISOString().slice(0, 10);
  const inserted = await db
    .insert(jobRuns)
    .values({ job: RETENTION_JOB, runKey, startedAt: now })
    .onConflictDoNothing()
    .returning({ job: jobRuns.job });
  if (inserted.length > 0) return true;
  const takenOver = await db
    .update(jobRuns)
    .set({ startedAt: now })
    .where(
      and(
        eq(jobRuns.job, RETENTION_JOB),
        eq(jobRuns.runKey, runKey),
        isNull(jobRuns.finishedAt),
        lt(jobRuns.startedAt, new Date(now.getTime() - STALE_RUN_MS)),
      ),
    )
    .returning({ job: jobRuns.job });
  return takenOver.length > 0;
}

/**
 * Data retention ('Retenção de dados'), once a day whichever server gets there first:
 * - each company's customer messages older than its retention (12 or 24 months) are removed (a
 *   company answer goes with the customer message it answers);
 * - each company's interest replies older than its retention are removed;
 * - an interest that is answered, has no reply left and is older than the shortest retention
 *   (12 months) is removed: an interest has one reply at most (the first company to answer it),
 *   written after it, so once that reply has gone by its company's period the interest is past
 *   that period too. Pending interests stay: the customer is still waiting;
 * - the receipt file of a claim rejected more than 30 days ago is removed (the claim stays).
 * Every delete is "what is past the period now", so running it twice removes nothing more.
 */
export async function runRetention(db: Db, now = new Date()): Promise<RetentionResult> {
  if (!(await claimRun(db, now))) return { ran: false };

  const messages = await deleteInBatches(() =>
    db
      .delete(customerMessages)
      .where(
        inArray(
          customerMessages.id,
          db
            .select({ id: customerMessages.id })
            .from(customerMessages)
            .leftJoin(companySettings, eq(companySettings.companyId, customerMessages.companyId))
            .where(lt(customerMessages.createdAt, cutoff(now)) as SQL)
            .limit(DELETE_BATCH),
        ),
      )
      .returning({ id: customerMessages.id }),
  );

  const replies = await deleteInBatches(() =>
    db
      .delete(interestReplies)
      .where(
        inArray(
          interestReplies.id,
          db
            .select({ id: interestReplies.id })
            .from(interestReplies)
            .leftJoin(companySettings, eq(companySettings.companyId, interestReplies.companyId))
            .where(lt(interestReplies.createdAt, cutoff(now)) as SQL)
            .limit(DELETE_BATCH),
        ),
      )
      .returning({ id: interestReplies.id }),
  );

  const oldest = sql`${now.toISOString()}::timestamptz - make_interval(months => ${MIN_RETENTION_MONTHS})`;
  const answeredInterests = await deleteInBatches(() =>
    db
      .delete(interests)
      .where(
        inArray(
          interests.id,
          db
            .select({ id: interests.id })
            .from(interests)
            .where(
              and(
                eq(interests.status, "answered"),
                lt(interests.createdAt, oldest),
                notExists(
                  db
                    .select({ one: sql`1` })
                    .from(interestReplies)
                    .where(eq(interestReplies.interestId, interests.id)),
                ),
              ),
            )
            .limit(DELETE_BATCH),
        ),
      )
      .returning({ id: interests.id }),
  );

  // Receipts of claims rejected more than 30 days ago: the claim stays (its reason), the file goes
  // (the claim's file_id is set to null by its foreign key).
  const rejectedBefore = new Date(now.getTime() - REJECTED_RECEIPT_DAYS * 24 * 60 * 60 * 1000);
  const rejectedReceipts = await deleteInBatches(() =>
    db
      .delete(files)
      .where(
        inArray(
          files.id,
          db
            .select({ id: stamps.fileId })
            .from(stamps)
            .where(
              and(
                eq(stamps.status, "rejected"),
                isNotNull(stamps.fileId),
                lt(stamps.reviewedAt, rejectedBefore),
              ),
            )
            .limit(DELETE_BATCH),
        ),
      )
      .returning({ id: files.id }),
  );

  await db
    .update(jobRuns)
    .set({ finishedAt: new Date() })
    .where(and(eq(jobRuns.job, RETENTION_JOB), eq(jobRuns.runKey, now.toISOString().slice(0, 10))));

  return {
    ran: true,
    messages,
    interestReplies: replies,
    interests: answeredInterests,
    rejectedReceipts,
  };
}
