import { MIN_RETENTION_MONTHS } from "@shared/settings.schema";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import {
  deleteFeedbackCreatedBefore,
  deleteInstagramMessagesCreatedBefore,
  deleteWhatsAppMessagesCreatedBefore,
} from "../assistant/assistant.service";
import { listRejectedReceiptFileIds } from "../claims/claims.queries";
import { deleteFilesById } from "../files/files.service";
import {
  deleteAnsweredInterestsWithoutReplies,
  deleteInterestRepliesCreatedBefore,
} from "../interests/interests.service";
import { deleteMessagesCreatedBefore } from "../messages/messages.service";
import { retentionCutoff } from "../settings/settings.service";
import { jobRuns } from "./backup.table";

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
      /** IA Suprema's complaints and suggestions and WhatsApp messages. */
      assistantRecords: number;
      interestReplies: number;
      interests: number;
      rejectedReceipts: number;
    };

/** The receipt of a rejected claim is kept this long after the rejection, then removed. */
export const REJECTED_RECEIPT_DAYS = 30;

/** Deletes a batch of at most DELETE_BATCH rows until one comes back short; returns how many went. */
async function deleteInBatches(remove: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await remove();
    total += removed;
    if (removed < DELETE_BATCH) return total;
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
 * - each company's IA Suprema complaints and suggestions and WhatsApp and Instagram messages older than its
 *   retention are removed;
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

  // The company's period, for the company column of each row.
  const pastRetention = (companyId: AnyPgColumn) => retentionCutoff(companyId, now);
  const messages = await deleteInBatches(() =>
    deleteMessagesCreatedBefore(db, pastRetention, DELETE_BATCH),
  );
  const assistantRecords =
    (await deleteInBatches(() => deleteFeedbackCreatedBefore(db, pastRetention, DELETE_BATCH))) +
    (await deleteInBatches(() =>
      deleteWhatsAppMessagesCreatedBefore(db, pastRetention, DELETE_BATCH),
    )) +
    (await deleteInBatches(() =>
      deleteInstagramMessagesCreatedBefore(db, pastRetention, DELETE_BATCH),
    ));
  const replies = await deleteInBatches(() =>
    deleteInterestRepliesCreatedBefore(db, pastRetention, DELETE_BATCH),
  );
  const oldest = sql`${now.toISOString()}::timestamptz - make_interval(months => ${MIN_RETENTION_MONTHS})`;
  const answeredInterests = await deleteInBatches(() =>
    deleteAnsweredInterestsWithoutReplies(db, oldest, DELETE_BATCH),
  );

  // Receipts of claims rejected more than 30 days ago: the claim stays (its reason), the file goes
  // (the claim's file_id is set to null by its foreign key).
  const rejectedBefore = new Date(now.getTime() - REJECTED_RECEIPT_DAYS * 24 * 60 * 60 * 1000);
  const rejectedReceipts = await deleteInBatches(async () =>
    deleteFilesById(db, await listRejectedReceiptFileIds(db, rejectedBefore, DELETE_BATCH)),
  );

  await db
    .update(jobRuns)
    .set({ finishedAt: new Date() })
    .where(and(eq(jobRuns.job, RETENTION_JOB), eq(jobRuns.runKey, now.toISOString().slice(0, 10))));

  return {
    ran: true,
    messages,
    assistantRecords,
    interestReplies: replies,
    interests: answeredInterests,
    rejectedReceipts,
  };
}
