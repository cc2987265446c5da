import {
  boolean,
  customType,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";
import { companies } from "../companies/companies.table";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

export const privacyRequestKindEnum = pgEnum("privacy_request_kind", ["leave", "delete_account"]);
export const privacyRequestStateEnum = pgEnum("privacy_request_state", [
  "pending",
  "cancelled",
  "done",
]);

/**
 * A data subject's request under the LGPD (art. 18, issue 34): leaving a company's programme
 * (done at once) or deleting the account (pending for the 7-day grace, then done by the
 * `account-deletions` job, or cancelled). It holds no personal data: `user_id` is cleared once
 * the account is gone, so the companies' 'Pedidos de titulares' list proves each answer without
 * naming anyone.
 */
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: text().primaryKey(),
    kind: privacyRequestKindEnum().notNull(),
    state: privacyRequestStateEnum().notNull(),
    /** The person (null once their account was deleted). */
    userId: text(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A deletion's end of grace (requested + 7 days). */
    dueAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("privacy_requests_user_idx").on(t.userId),
    index("privacy_requests_due_idx").on(t.state, t.dueAt),
  ],
);

/** The companies a request touched (the programme left; every programme of a deleted account). */
export const privacyRequestCompanies = pgTable(
  "privacy_request_companies",
  {
    requestId: text()
      .notNull()
      .references(() => privacyRequests.id, { onDelete: "cascade" }),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.companyId] }),
    index("privacy_request_companies_company_idx").on(t.companyId),
  ],
);

export const personalDataExportStateEnum = pgEnum("personal_data_export_state", [
  "pending",
  "ready",
  "failed",
]);

/**
 * A person's download of their data ('Meus dados' → 'Baixar meus dados'): built by the
 * `personal-data-export` job into a zip kept here for 24 hours, downloadable only by its owner.
 */
export const personalDataExports = pgTable(
  "personal_data_exports",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: personalDataExportStateEnum().notNull().default("pending"),
    data: bytea(),
    size: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("personal_data_exports_user_idx").on(t.userId, t.createdAt)],
);

export const consentKindEnum = pgEnum("consent_kind", ["marketing", "push", "wallet"]);

/**
 * Every change of a consent, with its time (issue 34): push notices and wallet updates switched
 * on or off, a company's marketing consent given or withdrawn (the consent's own text stays in
 * `marketing_consents`). Deleted with the account.
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: consentKindEnum().notNull(),
    /** The company of a marketing consent. */
    companyId: text().references(() => companies.id, { onDelete: "cascade" }),
    granted: boolean().notNull(),
    /** Where: `settings`, `meus_dados`, `sign_up`, `join`, `opt_out_link`, `left`. */
    source: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("consent_records_user_idx").on(t.userId, t.createdAt)],
);
