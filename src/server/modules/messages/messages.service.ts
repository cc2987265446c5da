import { randomUUID } from "node:crypto";
import type { ConversationMessage, UnreadMessages } from "@shared/messages.schema";
import { and, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { toMessage } from "./messages.queries";
import { customerMessages } from "./messages.table";

/** A customer's message to the company, pending until answered (flows/send-message.ts). */
export async function writeCustomerMessage(
  tx: Db,
  message: { companyId: string; customerId: string; body: string },
): Promise<ConversationMessage> {
  const [row] = await tx
    .insert(customerMessages)
    .values({ id: randomUUID(), ...message, sender: "customer", status: "pending" })
    .returning();
  return toMessage(row!);
}

/**
 * IA Suprema's answer to a customer message, inside the caller's transaction. `resolves`: the
 * message goes from pending to answered and the answer row replies to it (only if it still was
 * pending: a person who answered first wins, and nothing is written). Otherwise a note (out of
 * hours: when the company opens) is added to the conversation once and the message stays
 * pending for a person.
 */
export async function writeAssistantAnswer(
  tx: Db,
  answer: {
    messageId: string;
    /** The message's company and customer (the assistant's job read them with the message). */
    companyId: string;
    customerId: string;
    body: string;
    assistantName: string;
    resolves: boolean;
  },
): Promise<boolean> {
  const { messageId, companyId, customerId, body, assistantName } = answer;
  if (answer.resolves) {
    const [claimed] = await tx
      .update(customerMessages)
      .set({ status: "answered" })
      .where(
        and(
          eq(customerMessages.id, messageId),
          eq(customerMessages.companyId, companyId),
          eq(customerMessages.sender, "customer"),
          eq(customerMessages.status, "pending"),
        ),
      )
      .returning({ id: customerMessages.id });
    if (!claimed) return false;
    await tx.insert(customerMessages).values({
      id: randomUUID(),
      companyId,
      customerId,
      sender: "company",
      body,
      status: "answered",
      replyToId: messageId,
      assistantName,
    });
    return true;
  }
  const inserted = await tx
    .insert(customerMessages)
    .values({
      // One note per message: a retried job adds none.
      id: `assistant-note-${messageId}`,
      companyId,
      customerId,
      sender: "company",
      body,
      status: "answered",
      assistantName,
    })
    .onConflictDoNothing()
    .returning({ id: customerMessages.id });
  return inserted.length > 0;
}

/** The unread counter: the company's customer messages still pending. */
export async function countPendingMessages(db: Db, companyId: string): Promise<UnreadMessages> {
  const [row] = await db
    .select({ pending: sql<number>`count(*)::int` })
    .from(customerMessages)
    .where(
      and(
        eq(customerMessages.companyId, companyId),
        eq(customerMessages.sender, "customer"),
        eq(customerMessages.status, "pending"),
      ),
    );
  return { pending: row?.pending ?? 0 };
}

/**
 * The company answers one of its customers' messages: in one transaction the message goes from
 * pending to answered (only if it still was: a second answer is 409) and the answer row is written
 * (sender company, replyToId the message, status answered). Another company's message is a 404.
 */
export async function replyToMessage(
  db: Db,
  actor: CompanyActor,
  messageId: string,
  body: string,
): Promise<ConversationMessage> {
  const [original] = await db
    .select({ id: customerMessages.id, status: customerMessages.status })
    .from(customerMessages)
    .where(
      and(
        eq(customerMessages.id, messageId),
        eq(customerMessages.companyId, actor.companyId),
        eq(customerMessages.sender, "customer"),
      ),
    )
    .limit(1);
  if (!original) throw new AppError("not_found", 404, "Message not found");
  const alreadyAnswered = () =>
    new AppError("message_already_answered", 409, "The message has already been answered");
  if (original.status !== "pending") throw alreadyAnswered();
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(customerMessages)
      .set({ status: "answered" })
      .where(
        and(
          eq(customerMessages.id, messageId),
          eq(customerMessages.companyId, actor.companyId),
          eq(customerMessages.status, "pending"),
        ),
      )
      .returning({ customerId: customerMessages.customerId });
    if (!claimed) throw alreadyAnswered();
    const [answer] = await tx
      .insert(customerMessages)
      .values({
        id: randomUUID(),
        companyId: actor.companyId,
        customerId: claimed.customerId,
        sender: "company",
        body,
        status: "answered",
        replyToId: messageId,
        authorId: actor.userId,
      })
      .returning();
    return toMessage(answer!);
  });
}

/**
 * A notice the company sends a customer on its own (the birthday gift's message): a company row
 * with a subject and no message it answers, read by the customer in GET /api/me/replies and in
 * their conversation with the company. Inside the caller's transaction.
 */
export async function sendCompanyNotice(
  tx: Db,
  notice: { companyId: string; customerId: string; subject: string; body: string },
): Promise<void> {
  await tx.insert(customerMessages).values({
    id: randomUUID(),
    ...notice,
    sender: "company",
    status: "answered",
  });
}

/**
 * Removes up to `limit` messages (customers' and companies' alike) created before `cutoff` of
 * their company (SQL of the company column: the retention job passes each company's period);
 * returns how many went.
 */
export async function deleteMessagesCreatedBefore(
  db: Db,
  cutoff: (companyId: AnyPgColumn) => SQL,
  limit: number,
): Promise<number> {
  const removed = await db
    .delete(customerMessages)
    .where(
      inArray(
        customerMessages.id,
        db
          .select({ id: customerMessages.id })
          .from(customerMessages)
          .where(lt(customerMessages.createdAt, cutoff(customerMessages.companyId)))
          .limit(limit),
      ),
    )
    .returning({ id: customerMessages.id });
  return removed.length;
}
