import {
  type BackupFrequency,
  DEFAULT_BACKUP_FREQUENCY,
  DEFAULT_RETENTION_MONTHS,
  type NotificationSettings,
  SETTINGS_DEFAULTS,
} from "@shared/settings.schema";
import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { companies } from "../companies/companies.table";
import { companySettings } from "./settings.table";

/**
 * The settings' read model (read only: nothing here writes): every company's 'Sistema' settings
 * with its name, for the scheduled backups (flows/backups.ts).
 */

export type BackupSchedule = {
  companyId: string;
  tradeName: string;
  backupFrequency: BackupFrequency;
  retentionMonths: number;
};

/** Every company with its backup frequency and retention (the defaults without a record). */
export async function listBackupSchedules(db: Db): Promise<BackupSchedule[]> {
  return (
    db
      .select({
        companyId: companies.id,
        tradeName: companies.tradeName,
        backupFrequency: sql<BackupFrequency>`coalesce(${companySettings.backupFrequency}::text, ${DEFAULT_BACKUP_FREQUENCY})`,
        retentionMonths: sql<number>`coalesce(${companySettings.retentionMonths}, ${DEFAULT_RETENTION_MONTHS})::int`,
      })
      .from(companies)
      .leftJoin(companySettings, eq(companySettings.companyId, companies.id))
      // A sandbox (a test key's copy of a company) is not backed up; nor is a closed company
      // (its last backups stay downloadable until it is deleted).
      .where(and(isNull(companies.sandboxOf), isNull(companies.closedAt)))
      .orderBy(asc(companies.id))
  );
}

export async function getNotificationSettings(
  db: Db,
  companyId: string,
): Promise<NotificationSettings> {
  const [row] = await db
    .select()
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId))
    .limit(1);
  if (!row) return { ...SETTINGS_DEFAULTS.notifications };
  return {
    push: row.pushNotifications,
    email: row.emailNotifications,
    messages: row.messageNotifications,
    stamps: row.stampNotifications,
    completedCards: row.completedCardNotifications,
  };
}

/**
 * SQL: `now` minus the retention of the company in `companyId` (a company column of the caller's
 * query), 24 months without a settings record. Rows created before it are past the period.
 */
export const retentionCutoff = (companyId: AnyPgColumn, now: Date): SQL =>
  sql`${now.toISOString()}::timestamptz - make_interval(months => coalesce((select ${companySettings.retentionMonths} from ${companySettings} where ${companySettings.companyId} = ${companyId}), ${DEFAULT_RETENTION_MONTHS}))`;
