import { sql } from "drizzle-orm";
import { boolean, date, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { DEFAULT_MAX_STAMPS } from "../../../shared/limits";
import { profiles } from "../auth/profiles.table";

/** Spec `empresas`. Money in integer cents; column names in docs/glossary.md. */
export const companies = pgTable("companies", {
  id: text().primaryKey(),
  ownerId: text()
    .notNull()
    .unique()
    .references(() => profiles.id, { onDelete: "cascade" }),
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
  purchaseStamps: integer().notNull().default(1),
  reviewStamps: integer().notNull().default(2),
  socialStamps: integer().notNull().default(1),
  /** Networks on which a tag or follow earns a stamp (loyalty rules: redesAtivas). */
  socialNetworks: text()
    .array()
    .notNull()
    .default(sql`array['instagram','facebook','x','tiktok','youtube','linkedin']`),
  allowsSocialStamps: boolean().notNull().default(true),
  allowsReviewStamps: boolean().notNull().default(true),
  /** What a Google review or a social post earns besides its stamps (loyalty rules: bonus). */
  reviewBonus: text(),
  socialBonus: text(),
  /** Birthday rule: stamps given in the customer's birthday month, and the message sent. */
  birthdayEnabled: boolean().notNull().default(true),
  birthdayStamps: integer().notNull().default(3),
  subscriptionActive: boolean().notNull().default(true),
  trialEndsAt: timestamp({ withTimezone: true }).notNull(),
  /**
   * End of the paid period (set by billing, a later issue). After the trial and without a paid
   * period the company keeps read access, stamping and redemption (see docs/architecture.md).
   */
  paidUntil: timestamp({ withTimezone: true }),
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
  referralEnabled: boolean().notNull().default(false),
  referredStamps: integer().notNull().default(1),
  referrerStamps: integer().notNull().default(1),
  referredBonusCents: integer().notNull().default(0),
  referrerBonusCents: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
