/**
 * The assistant's part in a customer's message (messages.service `sendMessage`): when the
 * company's assistant is on, the message gets an `assistant-reply` job in the same transaction
 * (its worker answers within about a second: flows/answer-message.ts `answerCustomerMessage`).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enqueueJob } from "../jobs/jobs.service";
import { assistantSettings } from "./assistant.table";

export const ASSISTANT_REPLY_JOB = "assistant-reply";

/** Queues the answer of `messageId` through `tx` when the company's assistant is switched on. */
export async function queueAssistantReply(tx: Db, companyId: string, messageId: string) {
  const [row] = await tx
    .select({ enabled: assistantSettings.enabled })
    .from(assistantSettings)
    .where(eq(assistantSettings.companyId, companyId))
    .limit(1);
  if (!row?.enabled) return;
  await enqueueJob(tx, ASSISTANT_REPLY_JOB, { messageId });
}
