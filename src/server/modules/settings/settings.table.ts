import {
  boolean,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { companies } from "../companies/companies.table";

export const backupFrequencyEnum = pgEnum("backup_frequency", ["daily", "weekly", "monthly"]);

/**
 * The company's settings record (spec "Settings record"): notification switches and the system
 * section. A company without a row has the spec's defaults (section 9).
 */
export const companySettings = pgTable("company_settings", {
  companyId: text()
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  pushNotifications: boolean().notNull().default(true),
  emailNotifications: boolean().notNull().default(true),
  messageNotifications: boolean().notNull().default(true),
  stampNotifications: boolean().notNull().default(true),
  completedCardNotifications: boolean().notNull().default(true),
  backupFrequency: backupFrequencyEnum().notNull().default("daily"),
  /** Messages and answered interests older than this are removed by the retention job. */
  retentionMonths: integer().notNull().default(24),
  lastBackupAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Scheduled work done once per key, whichever app server gets there first (e.g. `retention` and
 * `2026-11-23`): the insert that wins does the work, the others skip it.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    job: text().notNull(),
    runKey: text().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.job, t.runKey] })],
);
