/**
 * What each table keeps of a person, in one place (issue 34; docs/architecture.md "Personal
 * data"). `personal-data.test.ts` fails when a table with a person's id (a column named like
 * `customer_id`, `user_id`, `referrer_id`…, or a foreign key to `users` or `profiles`) is not
 * listed here, and checks after an account's deletion that no `deleted` or `anonymised` table
 * still holds the person's id (or e-mail).
 *
 * - `deleted`: the rows go (with the account, or with each programme the person leaves).
 * - `anonymised`: the rows stay for the companies' true counts, re-pointed to an `anon_…` id (or
 *   the column emptied); nothing in them names the person.
 * - `kept`: kept, with the reason; never a customer's own data.
 */
export type PersonalDataFate = "deleted" | "anonymised" | "kept";

export type PersonalDataEntry = {
  /** The columns that hold a person's id (or e-mail). */
  columns: readonly string[];
  fate: PersonalDataFate;
  why: string;
};

export const PERSONAL_DATA: Readonly<Record<string, PersonalDataEntry>> = {
  users: { columns: ["id", "email"], fate: "deleted", why: "the account itself" },
  profiles: {
    columns: ["id", "email", "referrer_customer_id"],
    fate: "deleted",
    why: "the person's profile; other profiles' link to a deleted referrer is emptied",
  },
  accounts: { columns: ["user_id"], fate: "deleted", why: "the password" },
  sessions: { columns: ["user_id"], fate: "deleted", why: "signed-in devices" },
  two_factors: { columns: ["user_id"], fate: "deleted", why: "the 2FA secret" },
  sign_in_events: {
    columns: ["user_id", "email"],
    fate: "anonymised",
    why: "access records (time, IP, device) kept 6 months by the Marco Civil da Internet (art. 15), unlinked, the e-mail as its SHA-256; then deleted",
  },
  notification_reads: { columns: ["user_id"], fate: "deleted", why: "the bell's read marks" },
  push_subscriptions: { columns: ["user_id"], fate: "deleted", why: "devices for notices" },
  consent_records: { columns: ["user_id"], fate: "deleted", why: "the person's consent history" },
  personal_data_exports: { columns: ["user_id"], fate: "deleted", why: "their downloads" },
  interests: { columns: ["customer_id"], fate: "deleted", why: "requests for new companies" },
  customer_invitations: {
    columns: ["user_id", "email"],
    fate: "deleted",
    why: "what a company typed to invite the person",
  },
  customer_messages: { columns: ["customer_id"], fate: "deleted", why: "messages to companies" },
  birthday_gifts: { columns: ["customer_id"], fate: "deleted", why: "the yearly gift's record" },
  marketing_consents: {
    columns: ["customer_id"],
    fate: "deleted",
    why: "nothing may be sent to the person any more",
  },
  assistant_handoffs: { columns: ["customer_id"], fate: "deleted", why: "a taken-over chat" },
  assistant_feedback: {
    columns: ["customer_id"],
    fate: "deleted",
    why: "complaints and suggestions filed from their messages",
  },
  whatsapp_contacts: {
    columns: ["customer_id"],
    fate: "deleted",
    why: "the person's WhatsApp contact and conversation at each company",
  },
  instagram_contacts: {
    columns: ["customer_id"],
    fate: "deleted",
    why: "the person's Instagram contact and conversation at each company",
  },
  privacy_requests: {
    columns: ["user_id"],
    fate: "anonymised",
    why: "the companies' proof that the request was answered, naming no one",
  },
  memberships: {
    columns: ["customer_id"],
    fate: "anonymised",
    why: "new members of a period stay true in the company's reports",
  },
  loyalty_cards: {
    columns: ["customer_id"],
    fate: "anonymised",
    why: "rewards redeemed in a period stay true",
  },
  stamps: { columns: ["customer_id"], fate: "anonymised", why: "stamps given stay true" },
  referrals: {
    columns: ["referrer_id", "referred_id"],
    fate: "anonymised",
    why: "referral counts stay true; the sign-up IP goes",
  },
  bonus_entries: {
    columns: ["customer_id"],
    fate: "anonymised",
    why: "the company's cash bonus ledger stays balanced",
  },
  report_member_days: {
    columns: ["customer_id"],
    fate: "anonymised",
    why: "active and returning members of a period (follows the stamps)",
  },
  report_member_totals: {
    columns: ["customer_id"],
    fate: "anonymised",
    why: "the top members' bound (follows the stamps)",
  },
  customer_import_rows: {
    columns: ["email"],
    fate: "anonymised",
    why: "the line of the company's own file that invited the person is emptied",
  },
  customer_imports: {
    columns: ["created_by"],
    fate: "kept",
    why: "the staff member who ran an import (emptied if that account goes)",
  },
  company_members: {
    columns: ["user_id"],
    fate: "kept",
    why: "a company's team (staff accounts; removed with the member or the company)",
  },
  companies: {
    columns: ["owner_id"],
    fate: "kept",
    why: "the company's owner: goes with the company, 30 days after 'Fechar conta'",
  },
  partner_messages: {
    columns: ["sender_user_id"],
    fate: "kept",
    why: "a team member's own message to a partner company",
  },
  staff_invitations: {
    columns: ["email"],
    fate: "kept",
    why: "a company's invitation to its team (staff, not customers)",
  },
  dev_emails: {
    columns: ["to"],
    fate: "kept",
    why: "the development mailbox (never in production)",
  },
};

/**
 * Columns that look like a person's id but are not one: the billing provider's id of the company
 * as its customer, and staff who acted (kept with the company's records).
 */
export const NOT_PERSONAL_COLUMNS: readonly string[] = [
  "companies.stripe_customer_id",
  "subscriptions.provider_customer_id",
  "bonus_entries.by_user_id",
];
