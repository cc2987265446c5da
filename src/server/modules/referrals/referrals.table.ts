import { BONUS_ENTRY_KINDS, REFERRAL_STATES, type ReferralReason } from "@shared/referrals.schema";
import { index, integer, pgEnum, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { companies } from "../companies/companies.table";

export const referralStateEnum = pgEnum("referral_state", REFERRAL_STATES);

/**
 * A friend brought to a company by a member's personal link (spec `cliente_indicador_id`). One
 * referrer per referred member and company (unique key). The stamps and cents each side got are
 * kept on the row, so the company's list says what was credited even after the rules change.
 */
export const referrals = pgTable(
  "referrals",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Profile ids, or a membership's `anon_…` id once that member left or was deleted (issue 34). */
    referrerId: text().notNull(),
    referredId: text().notNull(),
    state: referralStateEnum().notNull(),
    /** Why it is blocked or held, or why a qualified one is not rewarded yet (REFERRAL_REASONS). */
    reason: text().$type<ReferralReason>(),
    /** The friend's IP address at sign-up (the daily per-IP limit). */
    ipAddress: text(),
    referredStamps: integer().notNull().default(0),
    referredBonusCents: integer().notNull().default(0),
    referrerStamps: integer().notNull().default(0),
    referrerBonusCents: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    qualifiedAt: timestamp({ withTimezone: true }),
    rewardedAt: timestamp({ withTimezone: true }),
    /** The staff user who approved, blocked or rewarded it by hand, and when. */
    decidedBy: text(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique("referrals_company_referred_unique").on(t.companyId, t.referredId),
    index("referrals_company_created_idx").on(t.companyId, t.createdAt),
    index("referrals_company_referrer_created_idx").on(t.companyId, t.referrerId, t.createdAt),
    index("referrals_company_ip_created_idx").on(t.companyId, t.ipAddress, t.createdAt),
    index("referrals_referrer_idx").on(t.referrerId),
  ],
);

export const bonusEntryKindEnum = pgEnum("bonus_entry_kind", BONUS_ENTRY_KINDS);

/**
 * The cash bonus ledger per member and company, in cents: credits of the referral rules
 * (`referred`, `referrer`) and uses at the counter (`used`, negative, with who and when). The
 * balance is the sum; a use locks the member's ledger first, so it never goes below zero.
 */
export const bonusEntries = pgTable(
  "bonus_entries",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The member's profile id, or the membership's `anon_…` id once anonymised (issue 34). */
    customerId: text().notNull(),
    kind: bonusEntryKindEnum().notNull(),
    amountCents: integer().notNull(),
    referralId: text().references(() => referrals.id, { onDelete: "set null" }),
    /** The staff user who used it at the counter. */
    byUserId: text(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("bonus_entries_company_customer_idx").on(t.companyId, t.customerId, t.createdAt)],
);
