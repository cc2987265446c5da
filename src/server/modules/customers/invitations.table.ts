import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../../db/auth.table";
import { companies } from "../companies/companies.table";

/**
 * 'Novo Cliente' with an e-mail that has no account: the customer's account is made without a
 * password and this invitation (only its SHA-256 hash is kept) lets them set one and sign in.
 */
export const customerInvitations = pgTable(
  "customer_invitations",
  {
    id: text().primaryKey(),
    tokenHash: text().notNull().unique(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("customer_invitations_user_idx").on(t.userId)],
);
