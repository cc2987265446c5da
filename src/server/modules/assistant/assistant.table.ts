import {
  ASSISTANT_CHANNELS,
  ASSISTANT_DEFAULTS,
  ASSISTANT_TONES,
  FEEDBACK_KINDS,
  FEEDBACK_STATES,
  PROMOTION_FREQUENCIES,
  type ServiceDay,
} from "@shared/assistant.schema";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";

export const assistantToneEnum = pgEnum("assistant_tone", ASSISTANT_TONES);
export const promotionFrequencyEnum = pgEnum("promotion_frequency", PROMOTION_FREQUENCIES);
export const feedbackKindEnum = pgEnum("feedback_kind", FEEDBACK_KINDS);
export const feedbackStateEnum = pgEnum("feedback_state", FEEDBACK_STATES);
export const assistantChannelEnum = pgEnum("assistant_channel", ASSISTANT_CHANNELS);

const d = ASSISTANT_DEFAULTS;

/**
 * The company's IA Suprema settings (spec "AI robot settings", `ia_ativada`,
 * `nome_assistente_ia`). A company without a row has ASSISTANT_DEFAULTS (off).
 */
export const assistantSettings = pgTable("assistant_settings", {
  companyId: text()
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  enabled: boolean().notNull().default(d.enabled),
  name: text().notNull().default(d.name),
  companyName: text().notNull(),
  welcomeMessage: text().notNull(),
  orderMessage: text().notNull(),
  suggestionMessage: text().notNull(),
  complaintMessage: text().notNull(),
  /** The owner informed the hours; until then the assistant says nothing about them. */
  hoursSet: boolean().notNull().default(false),
  /** Seven days, Sunday first: `{ open, start, end }` in São Paulo time. */
  serviceHours: jsonb().$type<ServiceDay[]>().notNull(),
  tone: assistantToneEnum().notNull().default(d.tone),
  deliveryUrl: text().notNull().default(""),
  storeUrl: text().notNull().default(""),
  marketingPromotions: boolean().notNull().default(false),
  marketingReminders: boolean().notNull().default(false),
  promotionFrequency: promotionFrequencyEnum().notNull().default(d.promotionFrequency),
  /** `HH:mm`, São Paulo time. */
  sendTime: text().notNull().default(d.sendTime),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A complaint or suggestion the assistant filed from a customer's message (in the app or on
 * WhatsApp), for the company to follow: new → in_progress → resolved.
 */
export const assistantFeedback = pgTable(
  "assistant_feedback",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: feedbackKindEnum().notNull(),
    state: feedbackStateEnum().notNull().default("new"),
    body: text().notNull(),
    channel: assistantChannelEnum().notNull(),
    /** The member who wrote it (the app, or a WhatsApp phone matched to a member). */
    customerId: text().references(() => profiles.id, { onDelete: "set null" }),
    /** A WhatsApp contact not matched to a member. */
    contactId: text(),
    /** The message it was filed from (customer_messages or whatsapp_messages): filed once. */
    sourceMessageId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("assistant_feedback_source_idx").on(t.sourceMessageId),
    index("assistant_feedback_company_created_idx").on(t.companyId, t.createdAt),
    index("assistant_feedback_company_open_idx")
      .on(t.companyId)
      .where(sql`${t.state} <> 'resolved'`),
  ],
);

/**
 * A conversation a person took over from the assistant (/mensagens 'Assumir conversa'): the
 * assistant stays quiet with this customer until the company hands it back (row removed).
 */
export const assistantHandoffs = pgTable(
  "assistant_handoffs",
  {
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    customerId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    takenBy: text().notNull(),
    takenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.customerId] })],
);

/**
 * A member's consent to receive a company's campaigns (e-mail, WhatsApp template): explicit,
 * unticked by default, recorded with its time and the exact text agreed to. Withdrawing sets
 * `revokedAt`; agreeing again is a new row. At most one live row per member and company.
 */
export const marketingConsents = pgTable(
  "marketing_consents",
  {
    id: text().primaryKey(),
    customerId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The text the person ticked, word for word, in the language they saw. */
    consentText: text().notNull(),
    /** Where it was given: `sign_up`, `join`, `settings`. */
    source: text().notNull(),
    grantedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    /** How it was withdrawn: `settings`, `opt_out_link`. */
    revokedVia: text(),
  },
  (t) => [
    uniqueIndex("marketing_consents_live_idx")
      .on(t.customerId, t.companyId)
      .where(sql`${t.revokedAt} is null`),
    index("marketing_consents_company_idx").on(t.companyId),
  ],
);

/** One campaign sent: once per company, kind (`promotion`, `reminder`) and period (its key). */
export const campaignRuns = pgTable(
  "campaign_runs",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    periodKey: text().notNull(),
    recipients: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("campaign_runs_once_idx").on(t.companyId, t.kind, t.periodKey)],
);
