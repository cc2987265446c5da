/**
 * The reply job of every channel (`whatsapp-reply`, `instagram-reply`: the adapter's `replyJob`):
 * the assistant's answer to one inbound text, queued by the webhook in the transaction that kept
 * the message. The writer is matched to a member of this company when the channel can tell
 * (WhatsApp's phone, again each time: a contact may have joined since); the engine answers with
 * this company's settings and this member's own cards (none for an unknown contact); the answer
 * goes out within the channel's rules (channel-send.ts: the assistant never uses the human-agent
 * tag); a complaint or suggestion is filed; and a message it cannot handle (or any, while the
 * assistant is off or not in the plan, or once a person took the member's conversation over)
 * stays `pending` for a person. A contact's burst is answered once: the job takes every text of
 * the contact still `received` (channel-limits.ts: at most BURST_MAX), answers them together, and
 * queues the next job for any that arrived meanwhile; past the automatic-answer limits of the
 * contact or the company they wait for a person, the engine not called. Safe to run twice: only a
 * `received` message is handled, and the filing is keyed by the message.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { enqueueJob } from "../jobs/jobs.service";
import type { AssistantJobDeps as JobDeps } from "./assistant.deps";
import { fileFeedback, isTakenOver, loadAssistantContext } from "./assistant.service";
import type { ChannelAdapter } from "./channel-adapter";
import { BURST_MAX, burstText, withinAnswerLimits } from "./channel-limits";
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
  // The burst: this contact's texts still waiting for an answer (this one among them), oldest first.
  const waiting = and(
    eq(messages.companyId, companyId),
    eq(messages.contactId, inbound.contactId),
    eq(messages.direction, "in"),
    eq(messages.status, "received"),
  );
  const burst = await db
    .select({ id: messages.id, body: messages.body })
    .from(messages)
    .where(waiting)
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(BURST_MAX);
  if (burst.length === 0) return { answered: false, reason: "not_received" };
  const ids = burst.map((m) => m.id);
  const settle = (status: "answered" | "pending", also?: SettleExtra) =>
    settleBurst(
      db,
      adapter,
      { companyId, contactId: inbound.contactId, ids, waiting },
      status,
      also,
    );

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
    await settle("pending");
    return { answered: false, reason: takenOver ? "taken_over" : "off" };
  }
  if (!(await withinAnswerLimits(db, adapter.name, companyId, inbound.contactId))) {
    // Past the automatic answers a contact or the company gets: a person answers these.
    await settle("pending");
    return { answered: false, reason: "limited", covered: ids.length };
  }
  const body = burstText(burst.map((m) => m.body));
  const engine = deps.assistantEngine ?? rulesEngine;
  const answer = await engine.answer(
    body,
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

  await settle(handled ? "answered" : "pending", {
    intent: answer.intent,
    file: async (tx) => {
      if (answer.intent !== "complaint" && answer.intent !== "suggestion") return;
      await fileFeedback(tx, {
        companyId,
        kind: answer.intent,
        body,
        channel: adapter.name,
        customerId,
        contactId: inbound.contactId,
        sourceMessageId: messageId,
      });
    },
  });
  return {
    answered: handled,
    intent: answer.intent,
    send: sent?.status ?? null,
    covered: ids.length,
  };
}

type SettleExtra = { intent?: string; file?: (tx: Db) => Promise<void> };

/**
 * The burst's texts (those still `received`) become `status`, with the answer's intent and its
 * filing; then a text of the contact still waiting (arrived meanwhile, or past BURST_MAX) gets its
 * job. The contact's row is locked first, as the webhook's upsert of it locks it: a text kept
 * meanwhile either saw this burst waiting (queued no job) and is seen here, or sees it settled and
 * queues its own.
 */
async function settleBurst<Row>(
  db: Db,
  adapter: ChannelAdapter<Row, unknown>,
  burst: {
    companyId: string;
    contactId: string;
    ids: string[];
    waiting: ReturnType<typeof and>;
  },
  status: "answered" | "pending",
  extra: SettleExtra = {},
) {
  const { contacts, messages } = adapter.tables;
  await db.transaction(async (tx) => {
    await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(eq(contacts.id, burst.contactId))
      .for("update");
    await tx
      .update(messages)
      .set(extra.intent === undefined ? { status } : { status, intent: extra.intent })
      .where(and(inArray(messages.id, burst.ids), eq(messages.status, "received")));
    await extra.file?.(tx);
    const [next] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(burst.waiting)
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(1);
    if (next) {
      await enqueueJob(tx, adapter.replyJob, { companyId: burst.companyId, messageId: next.id });
    }
  });
}
