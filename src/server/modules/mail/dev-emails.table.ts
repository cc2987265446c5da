import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** E-mails kept for the developer when no SMTP server is configured (never in production). */
export const devEmails = pgTable("dev_emails", {
  id: text().primaryKey(),
  to: text().notNull(),
  subject: text().notNull(),
  html: text().notNull(),
  text: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
