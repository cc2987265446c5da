/** The backup module's jobs (src/server/jobs.ts runs every module's). */
import type { Db } from "../../db/client";
import type { JobDefinition } from "../jobs/jobs.service";
import { RETENTION_JOB, runRetention } from "./retention.job";
import { runScheduledBackups, SCHEDULED_BACKUP_JOB } from "./scheduled-backup.job";

export const BACKUP_JOBS: readonly JobDefinition<{ db: Db; backupDir: string }>[] = [
  // Data retention: tried every hour, done once per UTC day (it claims the day in job_runs).
  {
    name: RETENTION_JOB,
    cron: "7 * * * *",
    handler: ({ db }, now) => runRetention(db, now),
    expireInSeconds: 60 * 60,
  },
  // Scheduled backups: every day at 03:30 in São Paulo, each company once per day, week or month
  // (its frequency), the newest 12 or 24 kept (its retention). Idempotent by file name.
  {
    name: SCHEDULED_BACKUP_JOB,
    cron: "30 3 * * *",
    handler: ({ db, backupDir }, now) => runScheduledBackups(db, backupDir, now),
    expireInSeconds: 6 * 60 * 60,
  },
];
