/** The notifications module's jobs (src/server/jobs.ts runs every module's). */
import type { Db } from "../../db/client";
import type { JobDefinition } from "../jobs/jobs.service";
import { NOTIFICATION_DIGEST_JOB, runNotificationDigests } from "./digest.job";

export const NOTIFICATION_JOBS: readonly JobDefinition<{ db: Db; appUrl: string }>[] = [
  // The owners' notification e-mails: every minute, at most one per company in 15 minutes,
  // gathering what is new (per the company's switches). Idempotent by the company's digest row.
  {
    name: NOTIFICATION_DIGEST_JOB,
    cron: "* * * * *",
    handler: ({ db, appUrl }, now) => runNotificationDigests({ db, appUrl }, now),
    expireInSeconds: 5 * 60,
  },
];
