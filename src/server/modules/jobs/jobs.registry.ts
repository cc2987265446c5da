/**
 * Every job of the app, in one place: a name, a handler and, for work that runs by itself, a
 * cron in São Paulo time. main.ts runs them (startJobs), /dev/jobs/:name runs one now, and the
 * test template gets their queues. A module adds its job here as one entry; its handler lives in
 * that module (a service or a `*.job.ts` file).
 */
import { pruneRateLimits } from "../../rate-limits";
import { answerCustomerMessage } from "../assistant/assistant.service";
import { ASSISTANT_REPLY_JOB } from "../assistant/assistant-queue";
import {
  CAMPAIGNS_JOB,
  runCampaigns,
  sendCampaignWhatsApp,
  WHATSAPP_CAMPAIGN_JOB,
} from "../assistant/campaigns.job";
import { INSTAGRAM_REPLY_JOB, replyOnInstagram } from "../assistant/instagram-reply.job";
import { replyOnWhatsApp, WHATSAPP_REPLY_JOB } from "../assistant/whatsapp-reply.job";
import { RETENTION_JOB, runRetention } from "../backup/retention.job";
import { runScheduledBackups, SCHEDULED_BACKUP_JOB } from "../backup/scheduled-backup.job";
import {
  BILLING_RECONCILE_JOB,
  BILLING_REMINDERS_JOB,
  reconcileBilling,
  sendTrialReminders,
} from "../billing/billing.jobs";
import { grantBirthdayGifts } from "../birthdays/birthdays.service";
import { sendEmailJob } from "../mail/outbox";
import { NOTIFICATION_DIGEST_JOB, runNotificationDigests } from "../notifications/digest.job";
import type { JobDefinition } from "./jobs.service";

export const JOBS: readonly JobDefinition[] = [
  // Data retention: tried every hour, done once per UTC day (it claims the day in job_runs).
  {
    name: RETENTION_JOB,
    cron: "7 * * * *",
    handler: ({ db }, now) => runRetention(db, now),
    expireInSeconds: 60 * 60,
  },
  // Rate-limit windows that ended a day ago.
  {
    name: "prune-rate-limits",
    cron: "37 * * * *",
    handler: async ({ db }) => ({ removed: await pruneRateLimits(db) }),
  },
  // Birthday gifts: every day at 08:00 in São Paulo, once per member, company and year.
  {
    name: "birthday-gifts",
    cron: "0 8 * * *",
    handler: (deps, now) => grantBirthdayGifts(deps, now),
  },
  // The e-mail outbox: every e-mail, sent within about a second, retried while SMTP is down.
  sendEmailJob,
  // IA Suprema: answers a customer's message within about a second of it (queued by
  // messages.service sendMessage when the assistant is on). Idempotent by the pending message.
  {
    name: ASSISTANT_REPLY_JOB,
    handler: (deps, now, data) =>
      answerCustomerMessage(deps, String((data as { messageId?: unknown })?.messageId ?? ""), now),
    pollingIntervalSeconds: 1,
    concurrency: 2,
    retryLimit: 3,
    retryDelaySeconds: 5,
    expireInSeconds: 60,
  },
  // IA Suprema on WhatsApp: answers an inbound text (queued by the webhook with the message).
  // Idempotent by the message's `received` state and the feedback's source message.
  {
    name: WHATSAPP_REPLY_JOB,
    handler: (deps, now, data) => replyOnWhatsApp(deps, now, data),
    pollingIntervalSeconds: 1,
    retryLimit: 3,
    retryDelaySeconds: 5,
    expireInSeconds: 60,
  },
  // IA Suprema on Instagram Direct: the same, for an inbound Instagram text.
  {
    name: INSTAGRAM_REPLY_JOB,
    handler: (deps, now, data) => replyOnInstagram(deps, now, data),
    pollingIntervalSeconds: 1,
    retryLimit: 3,
    retryDelaySeconds: 5,
    expireInSeconds: 60,
  },
  // The owners' notification e-mails: every minute, at most one per company in 15 minutes,
  // gathering what is new (per the company's switches). Idempotent by the company's digest row.
  {
    name: NOTIFICATION_DIGEST_JOB,
    cron: "* * * * *",
    handler: ({ db, appUrl }, now) => runNotificationDigests({ db, appUrl }, now),
    expireInSeconds: 5 * 60,
  },
  // Scheduled backups: every day at 03:30 in São Paulo, each company once per day, week or month
  // (its frequency), the newest 12 or 24 kept (its retention). Idempotent by file name.
  {
    name: SCHEDULED_BACKUP_JOB,
    cron: "30 3 * * *",
    handler: ({ db, backupDir }, now) => runScheduledBackups(db, backupDir, now),
    expireInSeconds: 6 * 60 * 60,
  },
  // Billing: every day at 04:15 in São Paulo, each Asaas subscription read back from the provider
  // and applied as events (idempotent by payment and status), so a missed webhook heals itself.
  // The provider is the one the app registered for this database (createApp).
  {
    name: BILLING_RECONCILE_JOB,
    cron: "15 4 * * *",
    handler: ({ db, appUrl, billingProvider }, now) =>
      reconcileBilling(db, billingProvider ?? null, appUrl, now),
    expireInSeconds: 60 * 60,
  },
  // Trial reminders: every day at 09:00 in São Paulo, 7 days and 1 day before the trial ends,
  // once per company and reminder (a billing_events row is the once-key).
  {
    name: BILLING_REMINDERS_JOB,
    cron: "0 9 * * *",
    handler: ({ db, appUrl }, now) => sendTrialReminders(db, appUrl, now),
  },
  // IA Suprema's campaigns: every 5 minutes, each company past its send time (São Paulo) gets its
  // promotion and reminder at its frequency, only to consenting members. Once per company, kind
  // and São Paulo date (a campaign_runs row is the once-key).
  {
    name: CAMPAIGNS_JOB,
    cron: "*/5 * * * *",
    handler: ({ db, appUrl, authSecret }, now) => runCampaigns({ db, appUrl, authSecret }, now),
    expireInSeconds: 30 * 60,
  },
  // A campaign's WhatsApp message to one member (queued by the campaign's transaction): the
  // 24-hour rule decides between the text, the approved template, or nothing.
  {
    name: WHATSAPP_CAMPAIGN_JOB,
    handler: ({ db, channelSecretKey, graphApiBaseUrl }, _now, data) =>
      sendCampaignWhatsApp({ db, channelSecretKey, graphApiBaseUrl }, data),
    concurrency: 2,
    retryLimit: 3,
    expireInSeconds: 60,
  },
];
