/**
 * The `whatsapp-reply` job: the assistant's answer to one inbound WhatsApp text, queued by the
 * webhook in the transaction that kept the message. The writer is matched to a member of this
 * company by phone (again each time: a contact may have joined since), the engine answers with
 * this company's settings and this member's own cards (none for an unknown contact), the answer
 * goes out within the 24-hour window's rules (whatsapp-send.ts), a complaint or suggestion is
 * filed, and a message it cannot handle (or any, while the assistant is off or not in the plan)
 * stays `pending` for a person. Safe to run twice: only a `received` message is handled, and the
 * filing is keyed by the message.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { JobDeps } from "../jobs/jobs.service";
import { fileFeedback, isTakenOver, loadAssistantContext } from "./assistant.service";
import type { AssistantFacts } from "./engine";
import { rulesEngine } from "./rules-engine";
import { findMemberByPhone } from "./whatsapp.queries";
import { WHATSAPP_REPLY_JOB } from "./whatsapp.service";
import { whatsappContacts, whatsappMessages } from "./whatsapp.table";
import { sendWhatsAppText } from "./whatsapp-send";

export { WHATSAPP_REPLY_JOB };

const JobDataSchema = z.object({
  companyId: z.string().min(1).max(100),
  messageId: z.string().min(1).max(100),
});

type ReplyDeps = Pick<JobDeps, "db" | "assistantEngine" | "channelSecretKey" | "graphApiBaseUrl">;

export async function replyOnWhatsApp(deps: ReplyDeps, now: Date, data: unknown) {
  const parsed = JobDataSchema.safeParse(data);
  if (!parsed.success) return { answered: false, reason: "bad_data" };
  const { companyId, messageId } = parsed.data;
  const { db } = deps;
  const [inbound] = await db
    .select({
      body: whatsappMessages.body,
      status: whatsappMessages.status,
      direction: whatsappMessages.direction,
      contactId: whatsappContacts.id,
      phone: whatsappContacts.phone,
      customerId: whatsappContacts.customerId,
    })
    .from(whatsappMessages)
    .innerJoin(whatsappContacts, eq(whatsappContacts.id, whatsappMessages.contactId))
    .where(and(eq(whatsappMessages.id, messageId), eq(whatsappMessages.companyId, companyId)))
    .limit(1);
  if (inbound?.direction !== "in" || inbound.status !== "received") {
    return { answered: false, reason: "not_received" };
  }

  const member = await findMemberByPhone(db, companyId, inbound.phone);
  const customerId = member?.customerId ?? null;
  if (customerId !== inbound.customerId) {
    await db
      .update(whatsappContacts)
      .set({ customerId })
      .where(eq(whatsappContacts.id, inbound.contactId));
  }

  const context = await loadAssistantContext(db, companyId, customerId, now);
  const takenOver = customerId ? await isTakenOver(db, companyId, customerId) : false;
  if (!context.available || takenOver) {
    // Kept for a person: nothing is answered while the assistant is off or not in the plan, or
    // once a person took this member's conversation over (/mensagens 'Assumir conversa').
    await db
      .update(whatsappMessages)
      .set({ status: "pending" })
      .where(and(eq(whatsappMessages.id, messageId), eq(whatsappMessages.status, "received")));
    return { answered: false, reason: takenOver ? "taken_over" : "off" };
  }
  const facts: AssistantFacts = {
    settings: context.settings,
    now,
    customer: member ? { name: context.customerName ?? member.name } : null,
    channel: "whatsapp",
  };
  const engine = deps.assistantEngine ?? rulesEngine;
  const answer = await engine.answer(inbound.body, facts, context.tools);
  const handled = answer.intent !== "handover" && !!answer.text;

  const sent = answer.text
    ? await sendWhatsAppText(db, { ...deps, now }, companyId, inbound.contactId, answer.text)
    : null;

  await db.transaction(async (tx) => {
    await tx
      .update(whatsappMessages)
      .set({ status: handled ? "answered" : "pending", intent: answer.intent })
      .where(and(eq(whatsappMessages.id, messageId), eq(whatsappMessages.status, "received")));
    if (answer.intent === "complaint" || answer.intent === "suggestion") {
      await fileFeedback(tx, {
        companyId,
        kind: answer.intent,
        body: inbound.body,
        channel: "whatsapp",
        customerId,
        contactId: inbound.contactId,
        sourceMessageId: messageId,
      });
    }
  });
  return { answered: handled, intent: answer.intent, send: sent?.status ?? null };
}
