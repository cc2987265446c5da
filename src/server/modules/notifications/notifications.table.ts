import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";

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
