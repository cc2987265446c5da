/**
 * The `instagram-reply` job: the assistant's answer to one inbound Instagram text, queued by the
 * webhook in the transaction that kept the message. Instagram gives no phone, so the writer is
 * never matched to a member: the engine answers with this company's settings and no member data
 * (the stamps intent says it finds no card), within the 24-hour window only (instagram-send.ts:
 * the assistant never uses the human agent tag); a complaint or suggestion is filed, and a
 * message it cannot handle (or any, while the assistant is off or not in the plan) stays `pending`
 * for a person. Safe to run twice: only a `received` message is handled, and the filing is keyed
 * by the message.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { JobDeps } from "../jobs/jobs.service";
import { fileFeedback, loadAssistantContext } from "./assistant.service";
import { INSTAGRAM_REPLY_JOB } from "./instagram.service";
import { instagramMessages } from "./instagram.table";
import { sendInstagramText } from "./instagram-send";
import { rulesEngine } from "./rules-engine";

export { INSTAGRAM_REPLY_JOB };

const JobDataSchema = z.object({
  companyId: z.string().min(1).max(100),
  messageId: z.string().min(1).max(100),
});

type ReplyDeps = Pick<JobDeps, "db" | "assistantEngine" | "channelSecretKey" | "graphApiBaseUrl">;

export async function replyOnInstagram(deps: ReplyDeps, now: Date, data: unknown) {
  const parsed = JobDataSchema.safeParse(data);
  if (!parsed.success) return { answered: false, reason: "bad_data" };
  const { companyId, messageId } = parsed.data;
  const { db } = deps;
  const [inbound] = await db
    .select({
      body: instagramMessages.body,
      status: instagramMessages.status,
      direction: instagramMessages.direction,
      contactId: instagramMessages.contactId,
    })
    .from(instagramMessages)
    .where(and(eq(instagramMessages.id, messageId), eq(instagramMessages.companyId, companyId)))
    .limit(1);
  if (inbound?.direction !== "in" || inbound.status !== "received") {
    return { answered: false, reason: "not_received" };
  }
  const stillReceived = and(
    eq(instagramMessages.id, messageId),
    eq(instagramMessages.status, "received"),
  );

  const context = await loadAssistantContext(db, companyId, null, now);
  if (!context.available) {
    // Kept for a person: nothing is answered while the assistant is off or not in the plan.
    await db.update(instagramMessages).set({ status: "pending" }).where(stillReceived);
    return { answered: false, reason: "off" };
  }
  const engine = deps.assistantEngine ?? rulesEngine;
  const answer = await engine.answer(
    inbound.body,
    { settings: context.settings, now, customer: null, channel: "instagram" },
    context.tools,
  );
  const sent = answer.text
    ? await sendInstagramText(db, { ...deps, now }, companyId, inbound.contactId, answer.text, {
        byPerson: false,
      })
    : null;
  // An answer that could not go out (the window closed, Meta refused it) waits for a person.
  const handled = answer.intent !== "handover" && sent?.status === "sent";

  await db.transaction(async (tx) => {
    await tx
      .update(instagramMessages)
      .set({ status: handled ? "answered" : "pending", intent: answer.intent })
      .where(stillReceived);
    if (answer.intent === "complaint" || answer.intent === "suggestion") {
      await fileFeedback(tx, {
        companyId,
        kind: answer.intent,
        body: inbound.body,
        channel: "instagram",
        customerId: null,
        contactId: inbound.contactId,
        sourceMessageId: messageId,
      });
    }
  });
  return { answered: handled, intent: answer.intent, send: sent?.status ?? null };
}
