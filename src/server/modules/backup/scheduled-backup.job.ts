import { saoPauloDate } from "@shared/dates";
import { type BackupFrequency, storedBackupsToKeep } from "@shared/settings.schema";
import type { Db } from "../../db/client";
import { listBackupSchedules } from "../settings/settings.queries";
import { markBackupDone } from "../settings/settings.service";
import { backupFileName } from "./backup.service";
import { listStoredBackups, rotateStoredBackups, writeStoredBackup } from "./stored-backups";

export const SCHEDULED_BACKUP_JOB = "scheduled-backups";

/**
 * The period a São Paulo day ('yyyy-MM-dd') falls in for a frequency: the day itself, its week
 * (ISO: the Monday that starts it) or its month.
 */
export function backupPeriod(frequency: BackupFrequency, day: string): string {
  if (frequency === "daily") return day;
  if (frequency === "monthly") return day.slice(0, 7);
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return `week-of-${new Date(date.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10)}`;
}

/** Due when none of the company's stored backups was made in today's period. */
export function isBackupDue(frequency: BackupFrequency, today: string, storedDays: string[]) {
  const period = backupPeriod(frequency, today);
  return !storedDays.some((day) => backupPeriod(frequency, day) === period);
}

export type ScheduledBackupResult = {
  written: string[];
  skipped: number;
  removed: number;
  failed: string[];
};

/**
 * The scheduled backups (daily, at a quiet hour): each company whose period (its frequency's day,
 * week or month in São Paulo) has no stored backup yet gets one, its last backup date is set, and
 * only its newest `storedBackupsToKeep(retention)` files stay. Idempotent by file name: a second
 * run in the period (a retry, another server) finds the file and skips the company; two servers
 * writing at once rename complete files onto the same name. A company that fails does not stop the
 * others; the run then fails so that pg-boss retries it (the done ones are skipped).
 */
export async function runScheduledBackups(
  db: Db,
  backupDir: string,
  now = new Date(),
  log: Pick<Console, "error"> = console,
): Promise<ScheduledBackupResult> {
  if (!backupDir) throw new Error("No backup folder (BACKUP_DIR) was given");
  const today = saoPauloDate(now);
  const result: ScheduledBackupResult = { written: [], skipped: 0, removed: 0, failed: [] };
  for (const company of await listBackupSchedules(db)) {
    try {
      const stored = await listStoredBackups(backupDir, company.companyId);
      const keep = storedBackupsToKeep(company.retentionMonths);
      if (
        isBackupDue(
          company.backupFrequency,
          today,
          stored.map((b) => b.date),
        )
      ) {
        const name = backupFileName(company.tradeName, now);
        await writeStoredBackup(db, backupDir, company.companyId, name);
        await markBackupDone(db, company.companyId, now);
        result.written.push(`${company.companyId}/${name}`);
      } else {
        result.skipped += 1;
      }
      result.removed += (await rotateStoredBackups(backupDir, company.companyId, keep, now)).length;
    } catch (error) {
      log.error(
        `Scheduled backup of company ${company.companyId} failed: ${error instanceof Error ? error.message : error}`,
      );
      result.failed.push(company.companyId);
    }
  }
  if (result.failed.length > 0) {
    throw new Error(
      `Scheduled backups failed for ${result.failed.length} companies (${result.written.length} written)`,
    );
  }
  return result;
}
