import { MIN_RETENTION_MONTHS } from "@shared/settings.schema";
import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import {
  deleteFeedbackCreatedBefore,
  deleteInstagramMessagesCreatedBefore,
  deleteWhatsAppMessagesCreatedBefore,
} from "../modules/assistant/assistant.service";
import { deleteContactsPastRetention } from "../modules/assistant/channel-contacts";
import { claimDailyRun, finishDailyRun } from "../modules/backup/job-runs";
import { listRejectedReceiptFileIds } from "../modules/claims/claims.queries";
import { deleteFilesById } from "../modules/files/files.service";
import { deleteOldIntegrationLogs } from "../modules/integrations/api-keys.service";
import {
  deleteAnsweredInterestsWithoutReplies,
  deleteInterestRepliesCreatedBefore,
} from "../modules/interests/interests.service";
import type { JobDefinition } from "../modules/jobs/jobs.service";
import { deleteMessagesCreatedBefore } from "../modules/messages/messages.service";
import { deleteExpiredSignInRecords } from "../modules/security/forget-member";
import { retentionCutoff } from "../modules/settings/settings.queries";

/**
 * Data retention (flow: decision 022), across the modules that keep a company's old records:
 * messages, IA Suprema's records, WhatsApp and Instagram contacts, interests and rejected receipts.
 * It deletes in batches, each its
 * own statement, so a first run on a large database never holds long locks: no one transaction.
 */

const RETENTION = "retention";

/** Rows removed per statement, so a first run on a large database never holds long locks. */
const DELETE_BATCH = 5000;

export type RetentionResult =
  | { ran: false }
  | {
      ran: true;
      messages: number;
      /** IA Suprema's complaints and suggestions and WhatsApp messages. */
      assistantRecords: number;
      /** WhatsApp and Instagram contacts with no message inside their company's period. */
      channelContacts: number;
      interestReplies: number;
      interests: number;
      rejectedReceipts: number;
      /** Rows of the API's access log and the webhooks' delivery log past their days. */
      integrationLogs: number;
      /** A deleted account's access records older than 6 months (Marco Civil, art. 15). */
      signInRecords: number;
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
 * Data retention ('Retenção de dados'), once a day whichever server gets there first:
 * - each company's customer messages older than its retention (12 or 24 months) are removed (a
 *   company answer goes with the customer message it answers);
 * - each company's IA Suprema complaints and suggestions and WhatsApp and Instagram messages older than its
 *   retention are removed;
 * - a WhatsApp or Instagram contact (phone or Instagram id, name) with no message inside its
 *   company's retention goes too (issue 34): nothing the company keeps needs it any more;
 * - each company's interest replies older than its retention are removed;
 * - an interest that is answered, has no reply left and is older than the shortest retention
 *   (12 months) is removed: an interest has one reply at most (the first company to answer it),
 *   written after it, so once that reply has gone by its company's period the interest is past
 *   that period too. Pending interests stay: the customer is still waiting;
 * - the receipt file of a claim rejected more than 30 days ago is removed (the claim stays);
 * - the public API's access log after 90 days, and the webhooks' finished deliveries after 30.
 * Every delete is "what is past the period now", so running it twice removes nothing more.
 */
export async function runRetention(db: Db, now = new Date()): Promise<RetentionResult> {
  if (!(await claimDailyRun(db, RETENTION, now))) return { ran: false };

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
  const channelContacts =
    (await deleteInBatches(() =>
      deleteContactsPastRetention(db, "whatsapp", pastRetention, DELETE_BATCH),
    )) +
    (await deleteInBatches(() =>
      deleteContactsPastRetention(db, "instagram", pastRetention, DELETE_BATCH),
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

  const integrationLogs = await deleteInBatches(() =>
    deleteOldIntegrationLogs(db, now, DELETE_BATCH),
  );
  // A deleted account's access records, past the Marco Civil's 6 months (issue 34).
  const signInRecords = await deleteExpiredSignInRecords(db, now);

  await finishDailyRun(db, RETENTION, now);

  return {
    ran: true,
    messages,
    assistantRecords,
    channelContacts,
    interestReplies: replies,
    interests: answeredInterests,
    rejectedReceipts,
    integrationLogs,
    signInRecords,
  };
}

/** Tried every hour, done once per UTC day (it claims the day in job_runs). */
export const RETENTION_JOB: JobDefinition<{ db: Db }> = {
  name: RETENTION,
  cron: "7 * * * *",
  handler: ({ db }, now) => runRetention(db, now),
  expireInSeconds: 60 * 60,
};
