/**
 * Every job of the app, in one place (the composition root, beside app.ts): each module exports
 * its own job definitions (`<module>.jobs.ts`: a name, a handler and, for work that runs by itself,
 * a cron in São Paulo time) and this list gathers them. main.ts runs them (startJobs),
 * /dev/jobs/:name runs one now, and the test template gets their queues.
 */

import type { Db } from "./db/client";
import { ANSWER_MESSAGE_JOB } from "./flows/answer-message";
import { SCHEDULED_BACKUPS_JOB } from "./flows/backups";
import { BIRTHDAY_GIFTS_JOB } from "./flows/birthday-gifts";
import { ACCOUNT_DELETIONS_JOB } from "./flows/delete-account";
import { CUSTOMER_IMPORT_JOB_DEFINITION } from "./flows/import-customers";
import { COMPANY_PURGE_JOB } from "./flows/purge-company";
import { BILLING_RECONCILE_JOB } from "./flows/reconcile-billing";
import { RETENTION_JOB } from "./flows/retention";
import { ASSISTANT_JOBS } from "./modules/assistant/assistant.jobs";
import type { AssistantEngine } from "./modules/assistant/engine";
import { BILLING_JOBS } from "./modules/billing/billing.jobs";
import type { BillingProvider } from "./modules/billing/provider";
import { WEBHOOK_JOBS, type WebhookDeliveryOptions } from "./modules/integrations/webhooks.jobs";
import type { JobDefinition } from "./modules/jobs/jobs.service";
import type { Mailer } from "./modules/mail/mail.service";
import { sendEmailJob } from "./modules/mail/outbox";
import { NOTIFICATION_JOBS } from "./modules/notifications/notifications.jobs";
import { PRIVACY_EXPORT_JOBS } from "./modules/privacy/privacy.jobs";
import { PUSH_JOBS } from "./modules/push/push.jobs";
import { WALLET_JOBS } from "./modules/wallet/wallet.jobs";
import { pruneRateLimits } from "./rate-limits";

/** What the app gives every job handler (server.ts, /dev/jobs, the tests). */
export type AppJobDeps = {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  /** Where the scheduled backups are written (BACKUP_DIR). */
  backupDir: string;
  /** The payment provider the app uses (billing's reconciliation); none: nothing to reconcile. */
  billingProvider?: BillingProvider;
  /** IA Suprema's engine (default: the rules engine). */
  assistantEngine?: AssistantEngine;
  /** The app's auth secret: campaigns sign their one-click opt-out links with it. */
  authSecret?: string;
  /** The key of the messaging channels' secrets (WhatsApp); without it nothing goes out there. */
  channelSecretKey?: Buffer;
  /** Meta's Graph API (GRAPH_API_BASE_URL; default https://graph.facebook.com/v21.0). */
  graphApiBaseUrl?: string;
  /** How webhook deliveries reach the network (WEBHOOK_ALLOW_LOOPBACK; the tests' stubs). */
  webhooks?: WebhookDeliveryOptions;
};

export const JOBS: readonly JobDefinition<AppJobDeps>[] = [
  RETENTION_JOB,
  SCHEDULED_BACKUPS_JOB,
  // Rate-limit windows that ended a day ago.
  {
    name: "prune-rate-limits",
    cron: "37 * * * *",
    handler: async ({ db }) => ({ removed: await pruneRateLimits(db) }),
  },
  BIRTHDAY_GIFTS_JOB,
  // The e-mail outbox: every e-mail, sent within about a second, retried while SMTP is down.
  sendEmailJob,
  ANSWER_MESSAGE_JOB,
  ...ASSISTANT_JOBS,
  ...NOTIFICATION_JOBS,
  ...BILLING_JOBS,
  BILLING_RECONCILE_JOB,
  CUSTOMER_IMPORT_JOB_DEFINITION,
  ...WALLET_JOBS,
  ...PUSH_JOBS,
  ...WEBHOOK_JOBS,
  ...PRIVACY_EXPORT_JOBS,
  COMPANY_PURGE_JOB,
  ACCOUNT_DELETIONS_JOB,
];
