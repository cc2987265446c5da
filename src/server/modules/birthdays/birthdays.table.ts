import { date, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { profiles } from "../auth/profiles.table";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";

/**
 * The birthday rule's gifts: one row per member, company and year, inserted in the same
 * transaction as the gift's stamps. The unique key is what makes the gift happen once, whichever
 * app server runs the job and however often (not a lock).
 */
export const birthdayGifts = pgTable(
  "birthday_gifts",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    customerId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The São Paulo year of the birthday it celebrates. */
    year: integer().notNull(),
    /** The São Paulo calendar day it was given (28 February for a 29 February birthday). */
    givenOn: date({ mode: "string" }).notNull(),
    /** Stamps it added to the card (the rule's, never past the card's maximum). */
    stamps: integer().notNull().default(0),
    cardId: text().references(() => loyaltyCards.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("birthday_gifts_company_customer_year_unique").on(t.companyId, t.customerId, t.year),
  ],
);
