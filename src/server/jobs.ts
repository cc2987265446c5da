/**
 * Every job of the app, in one place (the composition root, beside app.ts): each module exports
 * its own job definitions (`<module>.jobs.ts`: a name, a handler and, for work that runs by itself,
 * a cron in São Paulo time) and this list gathers them. main.ts runs them (startJobs),
 * /dev/jobs/:name runs one now, and the test template gets their queues.
 */
import { ASSISTANT_JOBS } from "./modules/assistant/assistant.jobs";
import { BACKUP_JOBS } from "./modules/backup/backup.jobs";
import { BILLING_JOBS } from "./modules/billing/billing.jobs";
import { BIRTHDAY_GIFTS_JOB } from "./flows/birthday-gifts";
import type { JobDefinition } from "./modules/jobs/jobs.service";
import { sendEmailJob } from "./modules/mail/outbox";
import { NOTIFICATION_JOBS } from "./modules/notifications/notifications.jobs";
import { pruneRateLimits } from "./rate-limits";

export const JOBS: readonly JobDefinition[] = [
  ...BACKUP_JOBS,
  // Rate-limit windows that ended a day ago.
  {
    name: "prune-rate-limits",
    cron: "37 * * * *",
    handler: async ({ db }) => ({ removed: await pruneRateLimits(db) }),
  },
  BIRTHDAY_GIFTS_JOB,
  // The e-mail outbox: every e-mail, sent within about a second, retried while SMTP is down.
  sendEmailJob,
  ...ASSISTANT_JOBS,
  ...NOTIFICATION_JOBS,
  ...BILLING_JOBS,
];
