/**
 * The company's backups (flow: decision 022): the zip is the backup module's, the date of the
 * last one is kept in the company's settings (settings), both for the download and the scheduled
 * backups.
 */
import { saoPauloDate } from "@shared/dates";
import { storedBackupsToKeep } from "@shared/settings.schema";
import type { Db } from "../db/client";
import { log as serverLog } from "../lib/log";
import { backupFileName, companyZipStream } from "../modules/backup/backup.service";
import { isBackupDue } from "../modules/backup/backup-period";
import {
  listStoredBackups,
  rotateStoredBackups,
  writeStoredBackup,
} from "../modules/backup/stored-backups";
import type { JobDefinition } from "../modules/jobs/jobs.service";
import { listBackupSchedules } from "../modules/settings/settings.queries";
import { markBackupDone } from "../modules/settings/settings.service";

/**
 * The company's backup as a zip stream. Data is read only as the client takes it (a batch per
 * pull), so 100,000 customers do not sit in memory. When the last byte is written the company's
 * `lastBackupAt` is set to `at`.
 */
export function backupZipStream(db: Db, companyId: string, at: Date): ReadableStream<Uint8Array> {
  return companyZipStream(db, companyId, () => markBackupDone(db, companyId, at));
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
  log: Pick<Console, "error"> = serverLog,
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

/**
 * Every day at 03:30 in São Paulo, each company once per day, week or month (its frequency), the
 * newest 12 or 24 kept (its retention). Idempotent by file name.
 */
export const SCHEDULED_BACKUPS_JOB: JobDefinition<{ db: Db; backupDir: string }> = {
  name: "scheduled-backups",
  cron: "30 3 * * *",
  handler: ({ db, backupDir }, now) => runScheduledBackups(db, backupDir, now),
  expireInSeconds: 6 * 60 * 60,
};
