import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "../companies/companies.table";
import { memberships } from "../customers/memberships.table";
import { programs } from "../programs/programs.table";

/** ativo -> completo -> utilizado (spec section 4). */
export const cardStatusEnum = pgEnum("card_status", ["active", "complete", "redeemed"]);

/** Spec `cartoes_fidelidade`: a membership's card in one programme. */
export const loyaltyCards = pgTable(
  "loyalty_cards",
  {
    id: text().primaryKey(),
    membershipId: text()
      .notNull()
      .references(() => memberships.id, { onDelete: "cascade" }),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The member's profile id, or the membership's `anon_…` id once anonymised (issue 34). */
    customerId: text().notNull(),
    programId: text()
      .notNull()
      .references(() => programs.id, { onDelete: "restrict" }),
    stamps: integer().notNull().default(0),
    /** Size and reward are copied from the programme when the card opens (editing it later changes only new cards). */
    maxStamps: integer().notNull(),
    reward: text().notNull().default(""),
    status: cardStatusEnum().notNull().default("active"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    redeemedAt: timestamp({ withTimezone: true }),
    redeemedBy: text(),
    /** Redeemed through the public API (issue 33): the key (`redeemed_by` null). */
    redeemedByKeyId: text(),
    /** The shop where it was redeemed (locations; null: none listed). */
    redeemedLocationId: text(),
    /** historico: tipo_bonus and observacoes given at redemption. */
    redemptionBonusType: text(),
    redemptionNotes: text(),
    /** The customer's voucher code for this complete card. */
    redemptionCode: text().unique(),
  },
  (t) => [
    // One open (active or complete) card per membership and programme: joining twice opens nothing.
    uniqueIndex("loyalty_cards_one_open_per_program")
      .on(t.membershipId, t.programId)
      .where(sql`${t.status} <> 'redeemed'`),
    index("loyalty_cards_company_idx").on(t.companyId, t.createdAt),
    index("loyalty_cards_customer_idx").on(t.customerId),
    // Cards completed lately: the bell's last 24 hours and the owner's digest e-mail (a range).
    index("loyalty_cards_company_completed_idx")
      .on(t.companyId, t.completedAt)
      .where(sql`${t.completedAt} is not null`),
    // Rewards redeemed in a period (/relatorios, the dashboard's count).
    index("loyalty_cards_company_redeemed_idx")
      .on(t.companyId, t.redeemedAt)
      .where(sql`${t.redeemedAt} is not null`),
  ],
);
