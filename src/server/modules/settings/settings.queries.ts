import {
  type BackupFrequency,
  DEFAULT_BACKUP_FREQUENCY,
  DEFAULT_RETENTION_MONTHS,
  type NotificationSettings,
  SETTINGS_DEFAULTS,
} from "@shared/settings.schema";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies } from "../companies/companies.table";
import { companySettings } from "./settings.table";

/**
 * The settings' read model (read only: nothing here writes): every company's 'Sistema' settings
 * with its name, for the scheduled backups (modules/backup/scheduled-backup.job.ts).
 */

export type BackupSchedule = {
  companyId: string;
  tradeName: string;
  backupFrequency: BackupFrequency;
  retentionMonths: number;
};

/** Every company with its backup frequency and retention (the defaults without a record). */
export async function listBackupSchedules(db: Db): Promise<BackupSchedule[]> {
  return db
    .select({
      companyId: companies.id,
      tradeName: companies.tradeName,
      backupFrequency: sql<BackupFrequency>`coalesce(${companySettings.backupFrequency}::text, ${DEFAULT_BACKUP_FREQUENCY})`,
      retentionMonths: sql<number>`coalesce(${companySettings.retentionMonths}, ${DEFAULT_RETENTION_MONTHS})::int`,
    })
    .from(companies)
    .leftJoin(companySettings, eq(companySettings.companyId, companies.id))
    .orderBy(asc(companies.id));
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
