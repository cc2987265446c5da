import { type AnyPgColumn, index, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";

export const messageSenderEnum = pgEnum("message_sender", ["customer", "company"]);
export const messageStatusEnum = pgEnum("message_status", ["pending", "answered"]);

/**
 * Spec `mensagens_clientes`: a customer's message to a company, and the company's answer to it
 * (the spec's 'RESPOSTA DA EMPRESA: ' row: sender `company`, `replyToId` the customer's message,
 * status `answered`). A customer's message is `pending` until answered; it counts as unread
 * only while pending. A company may also write first: a notice (the birthday gift's message),
 * with a subject and no `replyToId`.
 */
export const customerMessages = pgTable(
  "customer_messages",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    customerId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    sender: messageSenderEnum().notNull(),
    body: text().notNull(),
    status: messageStatusEnum().notNull(),
    /** A company answer: the customer message it answers. */
    replyToId: text().references((): AnyPgColumn => customerMessages.id, { onDelete: "cascade" }),
    /** The staff user who wrote a company answer. */
    authorId: text(),
    /**
     * A company notice (sender `company`, no `replyToId`, status `answered`): its subject, in the
     * customer's language when it was sent (the birthday gift). Null for messages and answers.
     */
    subject: text(),
    /**
     * A company answer the assistant (IA Suprema) wrote: its name when it answered; null for
     * answers a person wrote. Shown with an "automático" mark, never as a person.
     */
    assistantName: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customer_messages_company_created_idx").on(t.companyId, t.createdAt),
    index("customer_messages_customer_created_idx").on(t.customerId, t.createdAt),
    index("customer_messages_company_status_idx").on(t.companyId, t.status),
    index("customer_messages_reply_to_idx").on(t.replyToId),
  ],
);
