import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";

export const whatsappDirectionEnum = pgEnum("whatsapp_direction", ["in", "out"]);

/**
 * A company's WhatsApp Business Cloud API channel. The secrets are encrypted (AES-256-GCM) with
 * the key from CHANNEL_SECRET_KEY (or generated in DATA_DIR); only the phone number id is clear,
 * since the webhook checks the messages are meant for it. Not unique across companies (issue 29,
 * item 9; decision 028): the webhook finds the company by its own URL, never by this id, so a
 * company that saves another's id receives and sends nothing of theirs, and nobody learns whether
 * an id is in use.
 */
export const whatsappChannels = pgTable("whatsapp_channels", {
  companyId: text()
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  phoneNumberId: text().notNull(),
  accessTokenEnc: text().notNull(),
  appSecretEnc: text().notNull(),
  verifyTokenEnc: text().notNull(),
  /** The approved template sent outside the 24-hour window (name and language), if any. */
  templateName: text(),
  templateLanguage: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Someone who wrote to the company on WhatsApp: matched to a member by phone, or a new contact. */
export const whatsappContacts = pgTable(
  "whatsapp_contacts",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Digits only, with the country code (as WhatsApp sends `from`). */
    phone: text().notNull(),
    name: text(),
    customerId: text().references(() => profiles.id, { onDelete: "set null" }),
    /** The customer-service window (24 hours) runs from the last message they sent. */
    lastInboundAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("whatsapp_contacts_company_phone_idx").on(t.companyId, t.phone)],
);

/** Messages in and out on WhatsApp; an inbound message is kept once (Meta's id). */
export const whatsappMessages = pgTable(
  "whatsapp_messages",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    contactId: text()
      .notNull()
      .references(() => whatsappContacts.id, { onDelete: "cascade" }),
    direction: whatsappDirectionEnum().notNull(),
    body: text().notNull(),
    /** Meta's message id (`wamid…`). */
    waMessageId: text(),
    /** What the assistant understood (inbound), or null. */
    intent: text(),
    /** received, answered, pending (a person answers), sent, failed, template_required. */
    status: text().notNull(),
    /** Graph API error code of a failed send (131047: outside the 24-hour window). */
    errorCode: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("whatsapp_messages_wa_id_idx").on(t.companyId, t.waMessageId),
    index("whatsapp_messages_contact_created_idx").on(t.contactId, t.createdAt),
  ],
);
