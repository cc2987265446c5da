import { index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { profiles } from "../accounts/profiles.table";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";

export const stampMethodEnum = pgEnum("stamp_method", [
  "purchase",
  "receipt",
  "social",
  "google_review",
]);
export const stampStatusEnum = pgEnum("stamp_status", ["pending", "approved", "rejected"]);

/** Spec `carimbos`: one grant (or claim) of stamps on a card. */
export const stamps = pgTable(
  "stamps",
  {
    id: text().primaryKey(),
    cardId: text()
      .notNull()
      .references(() => loyaltyCards.id, { onDelete: "cascade" }),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    customerId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    method: stampMethodEnum().notNull(),
    /** Stamps this grant added to the card (never past its maximum). */
    count: integer().notNull(),
    status: stampStatusEnum().notNull(),
    notes: text(),
    /** The staff user who gave or approved it. */
    givenBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("stamps_card_idx").on(t.cardId, t.createdAt),
    index("stamps_company_created_idx").on(t.companyId, t.createdAt),
  ],
);
