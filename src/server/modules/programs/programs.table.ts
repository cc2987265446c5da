import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies } from "../companies/companies.table";

/** A company's loyalty programme ('Novo Cartão' on /cartoes): how many stamps earn which reward. */
export const programs = pgTable(
  "programs",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    stampsRequired: integer().notNull(),
    reward: text().notNull(),
    description: text().notNull().default(""),
    /** The programme a customer joins through the company's QR link (one per company). */
    isDefault: boolean().notNull().default(false),
    /** Archived programmes open no new cards; their open cards go on until redeemed. */
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("programs_company_idx").on(t.companyId),
    uniqueIndex("programs_one_default_per_company").on(t.companyId).where(sql`${t.isDefault}`),
  ],
);
