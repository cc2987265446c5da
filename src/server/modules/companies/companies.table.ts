import type { Plan } from "@shared/billing.schema";
import {
  DAILY_STAMP_CAP_DEFAULT,
  DEFAULT_MAX_STAMPS,
  STAMP_INTERVAL_DEFAULT_MINUTES,
} from "@shared/limits";
import { SETTINGS_DEFAULTS } from "@shared/settings.schema";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  date,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { profiles } from "../auth/profiles.table";

const { loyaltyRules: rules, referralRules: referral } = SETTINGS_DEFAULTS;
/** The default networks as a SQL array literal (the default the migrations hold). */
const defaultNetworks = sql.raw(`array[${rules.social.networks.map((n) => `'${n}'`).join(",")}]`);

/** Spec `empresas`. Money in integer cents; column names in docs/glossary.md. */
export const companies = pgTable(
  "companies",
  {
    id: text().primaryKey(),
    ownerId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /**
     * A sandbox copy (issue 33): the live company whose test API keys act here. A sandbox is never
     * listed, searched, billed or told anything; its owner is the live company's.
     */
    sandboxOf: text().references((): AnyPgColumn => companies.id, { onDelete: "cascade" }),
    tradeName: text().notNull(),
    email: text(),
    phone: text(),
    whatsapp: text(),
    instagram: text(),
    facebook: text(),
    linkedin: text(),
    youtube: text(),
    tiktok: text(),
    x: text(),
    googleReviewUrl: text(),
    website: text(),
    logoUrl: text(),
    /** The card's brand colour ('#rrggbb', chosen in /dados-empresa); null = the app's default. */
    brandColor: text(),
    city: text(),
    state: text(),
    sector: text(),
    /** Last change of city, state or sector (at most one change in 30 days: interests match on them). */
    locationChangedAt: timestamp({ withTimezone: true }),
    summary: text(),
    defaultMaxStamps: integer().notNull().default(DEFAULT_MAX_STAMPS),
    /** Loyalty rules: stamps per purchase (and per approved receipt), Google review and social post. */
    purchaseStamps: integer().notNull().default(rules.purchaseStamps),
    reviewStamps: integer().notNull().default(rules.review.stamps),
    socialStamps: integer().notNull().default(rules.social.stamps),
    /** Networks on which a tag or follow earns a stamp (loyalty rules: redesAtivas). */
    socialNetworks: text().array().notNull().default(defaultNetworks),
    allowsSocialStamps: boolean().notNull().default(rules.social.enabled),
    allowsReviewStamps: boolean().notNull().default(rules.review.enabled),
    /** What a Google review or a social post earns besides its stamps (loyalty rules: bonus). */
    reviewBonus: text(),
    socialBonus: text(),
    /** Birthday rule: stamps given in the customer's birthday month, and the message sent. */
    birthdayEnabled: boolean().notNull().default(rules.birthday.enabled),
    birthdayStamps: integer().notNull().default(rules.birthday.stamps),
    /** Counter rules: minutes between two stamps on one card (0: off) and stamps a day per customer (0: off). */
    stampIntervalMinutes: integer().notNull().default(STAMP_INTERVAL_DEFAULT_MINUTES),
    dailyStampCap: integer().notNull().default(DAILY_STAMP_CAP_DEFAULT),
    /** Stamps by purchase value: one stamp per this many cents (null: off), at most this many a purchase. */
    stampValueCents: integer(),
    maxStampsPerPurchase: integer(),
    /** A signed-in customer may stamp their own card by scanning the counter's rotating QR code. */
    selfStampEnabled: boolean().notNull().default(false),
    subscriptionActive: boolean().notNull().default(true),
    trialEndsAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * End of the paid period (set by billing, a later issue). After the trial and without a paid
     * period the company keeps read access, stamping and redemption (see docs/architecture.md).
     */
    paidUntil: timestamp({ withTimezone: true }),
    /** A charge is overdue: writes stay allowed until then (GRACE_DAYS after its due date). */
    graceUntil: timestamp({ withTimezone: true }),
    /** The subscribed plan (null: none; the trial includes everything). Set by billing. */
    plan: text().$type<Plan>(),
    aiEnabled: boolean().notNull().default(false),
    partnershipEnabled: boolean().notNull().default(false),
    partnershipDescription: text(),
    bonusStamps: integer().notNull().default(0),
    offersFirstSignUpBonus: boolean().notNull().default(false),
    bonusValueCents: integer().notNull().default(0),
    stripeCustomerId: text(),
    promotionTitle: text(),
    promotionDescription: text(),
    promotionStartsOn: date({ mode: "string" }),
    promotionEndsOn: date({ mode: "string" }),
    promotionActive: boolean().notNull().default(false),
    aiAssistantName: text(),
    birthdayPromotion: text(),
    referralEnabled: boolean().notNull().default(referral.enabled),
    referredStamps: integer().notNull().default(referral.referredStamps),
    referrerStamps: integer().notNull().default(referral.referrerStamps),
    referredBonusCents: integer().notNull().default(referral.referredBonusCents),
    referrerBonusCents: integer().notNull().default(referral.referrerBonusCents),
    referralMonthlyCap: integer().notNull().default(referral.monthlyCap),
    /** When the poster PDF ('Baixar cartaz') was last downloaded (the setup checklist's tick). */
    posterDownloadedAt: timestamp({ withTimezone: true }),
    /** When the owner dismissed the dashboard's setup checklist (null: shown until done). */
    setupChecklistDismissedAt: timestamp({ withTimezone: true }),
    /**
     * 'Fechar conta' (issue 34): the day the owner closed the account. The panel is closed, the
     * members' cards are read-only in their area, and 30 days later the company's data is deleted
     * (invoices kept) unless the owner restores it first.
     */
    closedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One company per owner; a sandbox shares its live company's owner.
    uniqueIndex("companies_owner_id_unique").on(t.ownerId).where(sql`${t.sandboxOf} is null`),
    uniqueIndex("companies_sandbox_of_unique").on(t.sandboxOf),
  ],
);
