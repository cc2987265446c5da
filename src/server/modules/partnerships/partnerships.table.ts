import { PARTNERSHIP_STATES } from "@shared/partnerships.schema";
import { sql } from "drizzle-orm";
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "../companies/companies.table";

export const partnershipStateEnum = pgEnum("partnership_state", PARTNERSHIP_STATES);

/**
 * A partnership between two companies, from the request on (spec "active partnership": the other
 * company, `descricao_parceria` = the proposal, `data_validacao` = validatedAt). At most one
 * pending or active row per pair, whichever side asked (the partial unique index on the ordered
 * pair). Declined, cancelled and ended rows stay, with their thread, for both sides to read.
 */
export const partnerships = pgTable(
  "partnerships",
  {
    id: text().primaryKey(),
    requesterCompanyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    recipientCompanyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    state: partnershipStateEnum().notNull().default("pending"),
    proposal: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the recipient first opened the request ('nova' → 'lida'). */
    readAt: timestamp({ withTimezone: true }),
    /** Accepted or declined ('respondida'), by the recipient's user. */
    answeredAt: timestamp({ withTimezone: true }),
    answeredBy: text(),
    /** `data_validacao`: when it became active. */
    validatedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    endedByCompanyId: text(),
    /** Last message or state change: the lists sort by it. */
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("partnerships_open_pair_unique")
      .on(
        sql`least(${t.requesterCompanyId}, ${t.recipientCompanyId})`,
        sql`greatest(${t.requesterCompanyId}, ${t.recipientCompanyId})`,
      )
      .where(sql`${t.state} in ('pending', 'active')`),
    index("partnerships_requester_idx").on(t.requesterCompanyId, t.lastActivityAt),
    index("partnerships_recipient_idx").on(t.recipientCompanyId, t.lastActivityAt),
  ],
);

/**
 * A message of a partnership's thread (spec `mensagens_parcerias` / "chat message"): `lida` is
 * readAt, set when the other company opens the thread.
 */
export const partnerMessages = pgTable(
  "partner_messages",
  {
    id: text().primaryKey(),
    partnershipId: text()
      .notNull()
      .references(() => partnerships.id, { onDelete: "cascade" }),
    senderCompanyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The sending user (staff of the sender company). */
    senderUserId: text(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("partner_messages_thread_idx").on(t.partnershipId, t.createdAt, t.id),
    index("partner_messages_unread_idx")
      .on(t.partnershipId, t.senderCompanyId)
      .where(sql`${t.readAt} is null`),
  ],
);
