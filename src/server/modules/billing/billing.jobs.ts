import { TRIAL_REMINDER_DAYS } from "@shared/billing.schema";
import { and, eq, gt, isNotNull, ne, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { JobDefinition } from "../jobs/jobs.service";
import { queueEmail } from "../mail/outbox";
import { listTrialsEndingOn } from "./billing.queries";
import { withPixCode } from "./billing.service";
import { subscriptions } from "./billing.table";
import { addDays, dayOf } from "./billing-dates";
import { trialEndingEmail } from "./billing-email";
import { planPagePath, processEvent, recordBillingEvent } from "./billing-events";
import type { BillingEvent, BillingEventType, BillingProvider } from "./provider";

export const BILLING_RECONCILE_JOB = "billing-reconcile";
export const BILLING_REMINDERS_JOB = "billing-reminders";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A subscription cancelled longer ago than this is no longer read back. */
const RECONCILE_CANCELLED_DAYS = 60;

const TYPE_OF_STATUS: Record<string, BillingEventType> = {
  pending: "payment_created",
  paid: "payment_received",
  overdue: "payment_overdue",
  refunded: "payment_refunded",
  cancelled: "payment_cancelled",
};

/**
 * The daily reconciliation: each Asaas subscription (not cancelled long ago) read back from the
 * provider, each charge applied as an event `reconcile:<paymentId>:<status>` (idempotent: a state
 * already seen is a duplicate), so a missed webhook heals itself. A subscription that fails is
 * logged and the others go on; then the run fails so pg-boss retries it.
 */
export async function reconcileBilling(
  db: Db,
  provider: BillingProvider | null,
  appUrl: string,
  now: Date,
) {
  if (provider?.name !== "asaas") return { subscriptions: 0, applied: 0, skipped: true };
  const since = new Date(now.getTime() - RECONCILE_CANCELLED_DAYS * DAY_MS);
  const subs = await db
    .select({
      companyId: subscriptions.companyId,
      providerSubscriptionId: subscriptions.providerSubscriptionId,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, "asaas"),
        isNotNull(subscriptions.providerSubscriptionId),
        or(ne(subscriptions.status, "cancelled"), gt(subscriptions.cancelledAt, since)),
      ),
    );
  let applied = 0;
  const failed: string[] = [];
  for (const sub of subs) {
    try {
      const payments = await provider.listPayments(sub.providerSubscriptionId!);
      for (const payment of payments) {
        const event: BillingEvent = {
          eventId: `reconcile:${payment.providerPaymentId}:${payment.status}`,
          type: TYPE_OF_STATUS[payment.status] ?? "payment_created",
          payment,
          occurredAt: now.toISOString(),
        };
        const result = await processEvent(
          db,
          { provider: "asaas", appUrl },
          await withPixCode(db, provider, event),
          "reconcile",
        );
        if (!result.duplicate) applied++;
      }
    } catch (error) {
      console.error(`Billing reconciliation of company ${sub.companyId} failed`, error);
      failed.push(sub.companyId);
    }
  }
  if (failed.length > 0) {
    throw new Error(
      `Billing reconciliation failed for ${failed.length} of ${subs.length} companies`,
    );
  }
  return { subscriptions: subs.length, applied };
}

/**
 * The trial reminders (daily at 09:00 São Paulo): 7 days before the trial ends and the day before,
 * to companies without a subscription; once per company and reminder (the billing_events row
 * `reminder:<companyId>:<days>` is the once-key, the e-mail queued in the same transaction).
 */
export async function sendTrialReminders(db: Db, appUrl: string, now: Date) {
  let sent = 0;
  const today = dayOf(now);
  for (const days of TRIAL_REMINDER_DAYS) {
    const trialEndDay = addDays(today, days);
    for (const owner of await listTrialsEndingOn(db, trialEndDay)) {
      const queued = await db.transaction(async (tx) => {
        const fresh = await recordBillingEvent(tx, {
          provider: "carimbou",
          eventId: `reminder:${owner.companyId}:${days}`,
          companyId: owner.companyId,
          type: "trial_reminder",
          actor: "job",
          payload: { days, trialEndDay },
        });
        if (!fresh) return false;
        await queueEmail(
          tx,
          trialEndingEmail({
            to: owner.ownerEmail,
            language: owner.language,
            companyName: owner.companyName,
            url: `${appUrl}${planPagePath}`,
            days,
            trialEndDay,
          }),
        );
        return true;
      });
      if (queued) sent++;
    }
  }
  return { sent };
}

/** The billing module's jobs (src/server/jobs.ts runs every module's). */
export const BILLING_JOBS: readonly JobDefinition<{
  db: Db;
  appUrl: string;
  billingProvider?: BillingProvider;
}>[] = [
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
];
