import type {
  CompanyReply,
  ConversationMessage,
  InboxMessage,
  MessageCounts,
} from "@shared/messages.schema";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";
import { customerMessages } from "./messages.table";

/**
 * The messages' read model: the company's inbox and its bell's pending messages (with the
 * customer's name and e-mail) and the companies' answers as the customer sees them (with the
 * company's name). Read only; the writes are in messages.service.ts.
 */

/** A message row as the API answers it. */
export const toMessage = (row: typeof customerMessages.$inferSelect): ConversationMessage => ({
  id: row.id,
  companyId: row.companyId,
  customerId: row.customerId,
  sender: row.sender,
  body: row.body,
  status: row.status,
  replyToId: row.replyToId,
  subject: row.subject,
  assistantName: row.assistantName,
  createdAt: row.createdAt.toISOString(),
});

const answers = alias(customerMessages, "answers");

/**
 * /mensagens: the customers' messages to the company, newest first, with the customer's name and
 * e-mail and the company's answer once answered.
 */
export async function listInbox(db: Db, companyId: string, limit = 100): Promise<InboxMessage[]> {
  const rows = await db
    .select({
      message: customerMessages,
      customerName: profiles.name,
      customerEmail: profiles.email,
      answerBody: answers.body,
      answerAt: answers.createdAt,
      answerAssistant: answers.assistantName,
    })
    .from(customerMessages)
    .innerJoin(profiles, eq(profiles.id, customerMessages.customerId))
    .leftJoin(
      answers,
      and(eq(answers.replyToId, customerMessages.id), eq(answers.companyId, companyId)),
    )
    .where(and(eq(customerMessages.companyId, companyId), eq(customerMessages.sender, "customer")))
    .orderBy(desc(customerMessages.createdAt), desc(customerMessages.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.message.id,
    customerId: r.message.customerId,
    customerName: r.customerName,
    customerEmail: r.customerEmail,
    body: r.message.body,
    status: r.message.status,
    createdAt: r.message.createdAt.toISOString(),
    answer:
      r.answerBody !== null && r.answerAt !== null
        ? {
            body: r.answerBody,
            createdAt: r.answerAt.toISOString(),
            assistantName: r.answerAssistant,
          }
        : null,
  }));
}

/** The company's pending customer messages, newest first, with the customer's name (the bell). */
export async function listPendingMessages(db: Db, companyId: string, limit: number) {
  return db
    .select({
      id: customerMessages.id,
      body: customerMessages.body,
      createdAt: customerMessages.createdAt,
      customerName: profiles.name,
    })
    .from(customerMessages)
    .innerJoin(profiles, eq(profiles.id, customerMessages.customerId))
    .where(
      and(
        eq(customerMessages.companyId, companyId),
        eq(customerMessages.sender, "customer"),
        eq(customerMessages.status, "pending"),
      ),
    )
    .orderBy(desc(customerMessages.createdAt))
    .limit(limit);
}

const originals = alias(customerMessages, "originals");

/**
 * The companies' answers to the customer's messages and their notices (the birthday gift's
 * message, with its subject), newest first, with the company's name.
 */
export async function listMessageAnswersForCustomer(
  db: Db,
  customerId: string,
  limit: number,
): Promise<CompanyReply[]> {
  const rows = await db
    .select({
      id: customerMessages.id,
      companyId: customerMessages.companyId,
      companyName: companies.tradeName,
      body: customerMessages.body,
      original: originals.body,
      subject: customerMessages.subject,
      assistantName: customerMessages.assistantName,
      createdAt: customerMessages.createdAt,
    })
    .from(customerMessages)
    .innerJoin(companies, eq(companies.id, customerMessages.companyId))
    // A notice answers nothing: no original.
    .leftJoin(originals, eq(originals.id, customerMessages.replyToId))
    .where(and(eq(customerMessages.customerId, customerId), eq(customerMessages.sender, "company")))
    .orderBy(desc(customerMessages.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    kind: r.original === null ? ("notice" as const) : ("message" as const),
    original: r.original ?? "",
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * The customers' messages to the company, counted per customer: all of them, and those still
 * pending (unread). Company answers are not counted.
 */
export async function countMessagesByCustomer(
  db: Db,
  companyId: string,
  customerIds: string[],
): Promise<Map<string, MessageCounts>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({
      customerId: customerMessages.customerId,
      total: sql<number>`count(*)::int`,
      pending: sql<number>`count(*) filter (where ${customerMessages.status} = 'pending')::int`,
    })
    .from(customerMessages)
    .where(
      and(
        eq(customerMessages.companyId, companyId),
        eq(customerMessages.sender, "customer"),
        inArray(customerMessages.customerId, customerIds),
      ),
    )
    .groupBy(customerMessages.customerId);
  return new Map(rows.map((r) => [r.customerId, { total: r.total, pending: r.pending }]));
}

/** One customer's conversation with the company (their messages and its answers), oldest first. */
export async function listConversation(
  db: Db,
  companyId: string,
  customerId: string,
  limit = 200,
): Promise<ConversationMessage[]> {
  const rows = await db
    .select()
    .from(customerMessages)
    .where(
      and(eq(customerMessages.companyId, companyId), eq(customerMessages.customerId, customerId)),
    )
    .orderBy(asc(customerMessages.createdAt), asc(customerMessages.id))
    .limit(limit);
  return rows.map(toMessage);
}

/** A customer's message as the assistant's job reads it (null when there is none). */
export async function findMessageForAssistant(db: Db, messageId: string) {
  const [row] = await db
    .select({
      id: customerMessages.id,
      companyId: customerMessages.companyId,
      customerId: customerMessages.customerId,
      body: customerMessages.body,
      status: customerMessages.status,
    })
    .from(customerMessages)
    .where(and(eq(customerMessages.id, messageId), eq(customerMessages.sender, "customer")))
    .limit(1);
  return row ?? null;
}
