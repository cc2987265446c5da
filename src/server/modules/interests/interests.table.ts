import { sql } from "drizzle-orm";
import { index, pgEnum, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";

export const interestStatusEnum = pgEnum("interest_status", ["pending", "answered"]);

/**
 * Spec `interesses_clientes`: a customer looking for a kind of business in a city. Companies of
 * that sector in that city (ignoring case and accents) see it and, while pending, may answer.
 */
export const interests = pgTable(
  "interests",
  {
    id: text().primaryKey(),
    customerId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** tipo_empresa: a sector of src/shared/brazil.ts. */
    sector: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    description: text().notNull(),
    status: interestStatusEnum().notNull().default("pending"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The city lower-case and without accents (set by the database, migration 0005). */
    cityKey: text().notNull().default(""),
  },
  (t) => [
    index("interests_match_idx").on(t.sector, t.cityKey, t.createdAt),
    index("interests_customer_idx").on(t.customerId, t.createdAt),
    index("interests_status_created_idx")
      .on(t.status, t.createdAt)
      .where(sql`${t.status} = 'answered'`),
  ],
);

/** Spec `respostas_interesses`: a company's answer to an interest. */
export const interestReplies = pgTable(
  "interest_replies",
  {
    id: text().primaryKey(),
    interestId: text()
      .notNull()
      .references(() => interests.id, { onDelete: "cascade" }),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    body: text().notNull(),
    /** The staff user who wrote it. */
    authorId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("interest_replies_interest_company_unique").on(t.interestId, t.companyId),
    index("interest_replies_company_idx").on(t.companyId),
  ],
);
