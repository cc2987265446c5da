import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";

/**
 * One device's Web Push subscription (issue 32): the browser's endpoint and keys, and the kinds
 * of notice switched on for that device. A subscription the push service answers 404/410 is
 * removed by the push-notify job.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    userAgent: text(),
    /** 'pt' or 'en': the notices' language (the user's when they subscribed). */
    language: text().notNull().default("pt"),
    /** The kinds switched on (shared/push.schema.ts PUSH_KINDS). */
    kinds: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);
