import { date, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";
import { companies } from "../companies/companies.table";
import { customerImports } from "./imports.table";

/**
 * 'Novo Cliente' with an e-mail that has no account: the customer's account is made without a
 * password and this invitation (only its SHA-256 hash is kept) lets them set one and sign in.
 */
export const customerInvitations = pgTable(
  "customer_invitations",
  {
    id: text().primaryKey(),
    tokenHash: text().notNull().unique(),
    /**
     * The invited account: set at once for legacy invitations (account made by 'Novo Cliente'),
     * and when the person accepts for consent invitations (no account is looked up before).
     */
    userId: text().references(() => users.id, { onDelete: "cascade" }),
    /** What the company typed in 'Novo Cliente' (all it ever sees until the person accepts). */
    email: text(),
    name: text(),
    phone: text(),
    birthDate: date({ mode: "string" }),
    city: text(),
    state: text(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    declinedAt: timestamp({ withTimezone: true }),
    /** The import that made it (null: 'Novo Cliente'). */
    importId: text().references(() => customerImports.id, { onDelete: "set null" }),
    /** Paper-card stamps given on the new card when the person accepts (imports only). */
    pendingStamps: integer().notNull().default(0),
    /**
     * A phone-only import row's short invitation code (printed for the counter or sent by
     * WhatsApp): the person types it on /convite to accept. Unique while it exists.
     */
    shortCode: text().unique(),
    /** When its e-mail went out (null: an import's invitation scheduled for a later day). */
    sentAt: timestamp({ withTimezone: true }).defaultNow(),
  },
  (t) => [
    index("customer_invitations_user_idx").on(t.userId),
    index("customer_invitations_email_idx").on(t.email),
    index("customer_invitations_company_idx").on(t.companyId, t.createdAt),
    index("customer_invitations_import_idx").on(t.importId),
  ],
);
