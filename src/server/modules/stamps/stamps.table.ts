import { STAMP_METHODS } from "@shared/stamps.schema";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { files } from "../files/files.table";

/**
 * Every method a stamp row may carry (`birthday`: the birthday rule's gift, given by the job;
 * `referral`: the referral rules' stamps).
 */
export const stampMethodEnum = pgEnum("stamp_method", STAMP_METHODS);
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
    /** The member's profile id, or the membership's `anon_…` id once anonymised (issue 34). */
    customerId: text().notNull(),
    method: stampMethodEnum().notNull(),
    /** Stamps this grant added to the card (never past its maximum). */
    count: integer().notNull(),
    status: stampStatusEnum().notNull(),
    notes: text(),
    /** The staff user who gave or approved it. */
    givenBy: text(),
    /** The shop where it was given (locations; null: none listed or not at a counter). */
    locationId: text(),
    /** A Gerente's or Dono's reason for giving it past the interval or the daily cap. */
    overrideReason: text(),
    /**
     * A self-stamp: the customer scanned the counter screen's rotating code (/balcao/qr) and got
     * it with no one of the team giving it (`given_by` null).
     */
    selfService: boolean().notNull().default(false),
    /** Given through the public API (issue 33): the key, shown as "via <key name>" (`given_by` null). */
    apiKeyId: text(),
    /** A stamp by purchase value: the purchase's amount in centavos. */
    amountCents: integer(),
    /** The till's own sale id (public API): one sale stamps once per company. */
    externalSaleId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp({ withTimezone: true }),
    /** True when the customer asked for it (a claim); staff stamps are approved at once. */
    claimed: boolean().notNull().default(false),
    /** Claims: the receipt upload, or the social network and link of the post. */
    fileId: text().references(() => files.id, { onDelete: "set null" }),
    network: text(),
    link: text(),
    rejectionReason: text(),
    reviewedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // One pending claim of each kind per card at a time.
    uniqueIndex("stamps_one_pending_claim_per_kind")
      .on(t.cardId, t.method)
      .where(sql`${t.status} = 'pending'`),
    // A Google review counts once per customer and company.
    uniqueIndex("stamps_one_review_claim_per_customer")
      .on(t.customerId, t.companyId)
      .where(sql`${t.claimed} and ${t.method} = 'google_review' and ${t.status} <> 'rejected'`),
    uniqueIndex("stamps_company_external_sale_unique")
      .on(t.companyId, t.externalSaleId)
      .where(sql`${t.externalSaleId} is not null`),
    index("stamps_company_status_idx").on(t.companyId, t.status),
    index("stamps_card_idx").on(t.cardId, t.createdAt),
    index("stamps_company_created_idx").on(t.companyId, t.createdAt),
    // The confirmed stamps of a period in order (the reports' stamps export, a batch at a time).
    index("stamps_company_approved_idx")
      .on(t.companyId, t.approvedAt, t.id)
      .where(sql`${t.status} = 'approved'`),
  ],
);
