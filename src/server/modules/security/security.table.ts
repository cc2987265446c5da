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
    userId: text().references(() => users.id, { onDelete: "cascade" }),
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
