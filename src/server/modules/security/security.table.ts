import { boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";

/**
 * The access log ('Segurança'): each sign-in attempt, successful or not, with address and device.
 * `userId` is null when the e-mail matches no account.
 */
export const signInEvents = pgTable(
  "sign_in_events",
  {
    id: text().primaryKey(),
    /**
     * Null when the e-mail matches no account, or once the account was deleted: the access record
     * is kept 6 months (Marco Civil da Internet, art. 15) with the e-mail replaced by
     * `sha256:<hex>` of it (issue 34), then the retention job deletes it.
     */
    userId: text().references(() => users.id, { onDelete: "set null" }),
    email: text().notNull(),
    success: boolean().notNull(),
    /** Why it failed: `invalid_credentials`, `email_not_verified`, `two_factor_failed`... */
    failure: text(),
    ipAddress: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_events_user_idx").on(t.userId, t.createdAt)],
);
