import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";
import { companies } from "../companies/companies.table";

/**
 * Which derived notifications a user has read. Notifications themselves are derived from the data
 * (pending claims, complete cards); only the read mark is stored, per user, so it survives a
 * reload and follows the user to another device.
 */
export const notificationReads = pgTable(
  "notification_reads",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The notification's id, e.g. `carimbo_<stamp id>` or `cartao_<card id>`. */
    notificationId: text().notNull(),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationId] })],
);

/**
 * The owner's notification e-mails (issue 16, point 5): what the last digest covered, per company.
 * Events created after `coveredUntil` are waiting for the next e-mail; `lastSentAt` keeps e-mails
 * at least 15 minutes apart.
 */
export const notificationDigests = pgTable("notification_digests", {
  companyId: text()
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  coveredUntil: timestamp({ withTimezone: true }).notNull(),
  lastSentAt: timestamp({ withTimezone: true }),
});
