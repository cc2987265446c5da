import { date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { companies } from "../companies/companies.table";
import { stampMethodEnum } from "../stamps/stamps.table";

/**
 * Daily roll-ups of the confirmed stamps for /relatorios and the dashboard (decision 013). Kept by
 * the database itself: statement triggers on `stamps` (migration 0014) add and take away each
 * approved stamp's worth in the transaction that writes it, whoever writes it (a staff stamp, an
 * approved claim, the birthday and referral rules, a deleted card or customer). The day is the
 * stamp's `approved_at` in São Paulo time. Nothing in the application writes these tables.
 */

/** Stamps given per São Paulo day and method (the report's chart and 'Carimbos hoje'). */
export const reportStampDays = pgTable(
  "report_stamp_days",
  {
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    method: stampMethodEnum().notNull(),
    /** The worth (`stamps.count`) of the day's approved stamps of this method. */
    stamps: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.method] })],
);

/**
 * One row per member and São Paulo day with approved stamps, linked to the member's two days with
 * stamps before it. A member is active in [F, T] when one of their days in it has no previous day
 * on or after F (that row is their first in the period), and returns when one has its previous day
 * on or after F but not the one before that (their second day in the period): both counted in one
 * pass over the period's rows, without grouping by member.
 */
export const reportMemberDays = pgTable(
  "report_member_days",
  {
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    customerId: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    /** The worth of the member's approved stamps that day. */
    stamps: integer().notNull().default(0),
    /** How many approved stamp rows make the day (the row goes when the last one does). */
    stampRows: integer().notNull().default(0),
    /** The member's previous day with stamps, and the one before it (null when none). */
    prevDay: date({ mode: "string" }),
    prev2Day: date({ mode: "string" }),
  },
  (t) => [
    // A member's days in order (their stamps in a period: top members, the members export).
    primaryKey({ columns: [t.companyId, t.customerId, t.day] }),
    // The period's days with their links: active and returning members (index-only). Migration
    // 0030 adds the member and the stamps (INCLUDE, which drizzle cannot declare): the top members
    // of a period, index-only too (decision 040).
    index("report_member_days_period_idx").on(t.companyId, t.day, t.prevDay, t.prev2Day),
  ],
);

/**
 * Each member's approved stamps of all time: an upper bound of their stamps in any period, so the
 * top members of a long period are found by walking the members from the most stamps down, and
 * stopping when no one left can reach the tenth place (reports.queries.ts, `topMembers`).
 */
export const reportMemberTotals = pgTable(
  "report_member_totals",
  {
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    customerId: text().notNull(),
    stamps: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.customerId] }),
    index("report_member_totals_stamps_idx").on(t.companyId, t.stamps, t.customerId),
  ],
);
