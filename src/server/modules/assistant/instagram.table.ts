import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";

export const instagramDirectionEnum = pgEnum("instagram_direction", ["in", "out"]);

/**
 * A company's Instagram Direct channel (Meta's Instagram messaging API). The secrets are
 * encrypted like WhatsApp's (channel-secrets.ts); only the account id is clear, since the webhook
 * checks the messages are meant for it.
 */
export const instagramChannels = pgTable("instagram_channels", {
  companyId: text()
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  /**
   * The Instagram professional account's id (Meta's `entry[].id` and `recipient.id`); not unique
   * across companies, as WhatsApp's phone number id (decision 028).
   */
  accountId: text().notNull(),
  accessTokenEnc: text().notNull(),
  appSecretEnc: text().notNull(),
  verifyTokenEnc: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Someone who wrote to the company on Instagram. Instagram gives no phone, so a contact is not
 * matched to a member (`customerId` stays for a later link).
 */
export const instagramContacts = pgTable(
  "instagram_contacts",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The Instagram-scoped user id (`sender.id`). */
    igsid: text().notNull(),
    username: text(),
    customerId: text().references(() => profiles.id, { onDelete: "set null" }),
    /** The 24-hour window (and the 7-day human agent one) run from the last message they sent. */
    lastInboundAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("instagram_contacts_company_igsid_idx").on(t.companyId, t.igsid)],
);

/** Messages in and out on Instagram; an inbound message is kept once (Meta's `mid`). */
export const instagramMessages = pgTable(
  "instagram_messages",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    contactId: text()
      .notNull()
      .references(() => instagramContacts.id, { onDelete: "cascade" }),
    direction: instagramDirectionEnum().notNull(),
    body: text().notNull(),
    /** Meta's message id (`mid`). */
    mid: text(),
    /** What the assistant understood (inbound), or null. */
    intent: text(),
    /** received, answered, pending (a person answers), sent, failed, window_closed. */
    status: text().notNull(),
    /** Graph API error code of a failed send. */
    errorCode: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("instagram_messages_mid_idx").on(t.companyId, t.mid),
    index("instagram_messages_contact_created_idx").on(t.contactId, t.createdAt),
  ],
);
