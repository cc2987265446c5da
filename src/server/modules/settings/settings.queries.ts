import {
  type BackupFrequency,
  DEFAULT_BACKUP_FREQUENCY,
  DEFAULT_RETENTION_MONTHS,
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
