import { BACKUP_FREQUENCIES, SETTINGS_DEFAULTS } from "@shared/settings.schema";
import { boolean, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { companies } from "../companies/companies.table";

const { notifications, system } = SETTINGS_DEFAULTS;

export const backupFrequencyEnum = pgEnum("backup_frequency", BACKUP_FREQUENCIES);

/**
 * The company's settings record (spec "Settings record"): notification switches and the system
 * section. A company without a row has the spec's defaults (section 9).
 */
export const companySettings = pgTable("company_settings", {
  companyId: text()
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  pushNotifications: boolean().notNull().default(notifications.push),
  emailNotifications: boolean().notNull().default(notifications.email),
  messageNotifications: boolean().notNull().default(notifications.messages),
  stampNotifications: boolean().notNull().default(notifications.stamps),
  completedCardNotifications: boolean().notNull().default(notifications.completedCards),
  backupFrequency: backupFrequencyEnum().notNull().default(system.backupFrequency),
  /** Messages and answered interests older than this are removed by the retention job. */
  retentionMonths: integer().notNull().default(system.retentionMonths),
  lastBackupAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
