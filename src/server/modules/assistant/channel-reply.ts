/**
 * The reply job of every channel (`whatsapp-reply`, `instagram-reply`: the adapter's `replyJob`):
 * the assistant's answer to one inbound text, queued by the webhook in the transaction that kept
 * the message. The writer is matched to a member of this company when the channel can tell
 * (WhatsApp's phone, again each time: a contact may have joined since); the engine answers with
 * this company's settings and this member's own cards (none for an unknown contact); the answer
 * goes out within the channel's rules (channel-send.ts: the assistant never uses the human-agent
 * tag); a complaint or suggestion is filed; and a message it cannot handle (or any, while the
 * assistant is off or not in the plan, or once a person took the member's conversation over)
 * stays `pending` for a person. Safe to run twice: only a `received` message is handled, and the
 * filing is keyed by the message.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { AssistantJobDeps as JobDeps } from "./assistant.deps";
import { fileFeedback, isTakenOver, loadAssistantContext } from "./assistant.service";
import type { ChannelAdapter } from "./channel-adapter";
import { sendOnChannel } from "./channel-send";
import { rulesEngine } from "./rules-engine";

const JobDataSchema = z.object({
  companyId: z.string().min(1).max(100),
  messageId: z.string().min(1).max(100),
});

type ReplyDeps = Pick<JobDeps, "db" | "assistantEngine" | "channelSecretKey" | "graphApiBaseUrl">;

export async function replyToInbound<Row>(
  adapter: ChannelAdapter<Row, unknown>,
  deps: ReplyDeps,
  now: Date,
  data: unknown,
) {
  const parsed = JobDataSchema.safeParse(data);
  if (!parsed.success) return { answered: false, reason: "bad_data" };
  const { companyId, messageId } = parsed.data;
  const { db } = deps;
  const { contacts, address, messages } = adapter.tables;
  const [inbound] = await db
    .select({
      body: messages.body,
      status: messages.status,
      direction: messages.direction,
      contactId: contacts.id,
      address,
      customerId: contacts.customerId,
    })
    .from(messages)
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .where(and(eq(messages.id, messageId), eq(messages.companyId, companyId)))
    .limit(1);
  if (inbound?.direction !== "in" || inbound.status !== "received") {
    return { answered: false, reason: "not_received" };
  }
  const stillReceived = and(eq(messages.id, messageId), eq(messages.status, "received"));

  const member = adapter.findMember
    ? await adapter.findMember(db, companyId, inbound.address)
    : null;
  const customerId = member?.customerId ?? null;
  if (adapter.findMember && customerId !== inbound.customerId) {
    await db.update(contacts).set({ customerId }).where(eq(contacts.id, inbound.contactId));
  }

  const context = await loadAssistantContext(db, companyId, customerId, now);
  const takenOver = customerId ? await isTakenOver(db, companyId, customerId) : false;
  if (!context.available || takenOver) {
    // Kept for a person: nothing is answered while the assistant is off or not in the plan, or
    // once a person took this member's conversation over (/mensagens 'Assumir conversa').
    await db.update(messages).set({ status: "pending" }).where(stillReceived);
    return { answered: false, reason: takenOver ? "taken_over" : "off" };
  }
  const engine = deps.assistantEngine ?? rulesEngine;
  const answer = await engine.answer(
    inbound.body,
    {
      settings: context.settings,
      now,
      customer: member ? { name: context.customerName ?? member.name } : null,
      channel: adapter.name,
    },
    context.tools,
  );
  const sent = answer.text
    ? await sendOnChannel(
        db,
        adapter,
        { ...deps, now },
        companyId,
        inbound.contactId,
        answer.text,
        {
          byPerson: false,
        },
      )
    : null;
  // Answered once it went out (or, on a channel whose attempt settles it, once it was tried); an
  // answer that could not go out there waits for a person.
  const settled =
    adapter.assistantSettles === "attempted" ? sent !== null : sent?.status === "sent";
  const handled = answer.intent !== "handover" && settled;

  await db.transaction(async (tx) => {
    await tx
      .update(messages)
      .set({ status: handled ? "answered" : "pending", intent: answer.intent })
      .where(stillReceived);
    if (answer.intent === "complaint" || answer.intent === "suggestion") {
      await fileFeedback(tx, {
        companyId,
        kind: answer.intent,
        body: inbound.body,
        channel: adapter.name,
        customerId,
        contactId: inbound.contactId,
        sourceMessageId: messageId,
      });
    }
  });
  return { answered: handled, intent: answer.intent, send: sent?.status ?? null };
}
