/**
 * The daily reconciliation (flow: decision 022; the job `billing-reconcile`): each Asaas
 * subscription (not cancelled long ago) read back from the provider, each charge applied as an
 * event `reconcile:<paymentId>:<status>` through apply-billing-event (idempotent: a state already
 * seen is a duplicate), so a missed webhook heals itself. A subscription that fails is logged and
 * the others go on; then the run fails so pg-boss retries it.
 */
import type { Db } from "../db/client";
import { log } from "../lib/log";
import { listReconcilableSubscriptions, TYPE_OF_STATUS } from "../modules/billing/billing.jobs";
import { withPixCode } from "../modules/billing/billing-webhook";
import type { BillingEvent, BillingProvider } from "../modules/billing/provider";
import type { JobDefinition } from "../modules/jobs/jobs.service";
import { processBillingEvent } from "./apply-billing-event";

export const BILLING_RECONCILE_JOB_NAME = "billing-reconcile";

export async function reconcileBilling(
  db: Db,
  provider: BillingProvider | null,
  appUrl: string,
  now: Date,
) {
  if (provider?.name !== "asaas") return { subscriptions: 0, applied: 0, skipped: true };
  const subs = await listReconcilableSubscriptions(db, now);
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
        const result = await processBillingEvent(
          db,
          { provider: "asaas", appUrl },
          await withPixCode(db, provider, event),
          "reconcile",
        );
        if (!result.duplicate) applied++;
      }
    } catch (error) {
      log.error(`Billing reconciliation of company ${sub.companyId} failed`, error);
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
 * Every day at 04:15 in São Paulo, each Asaas subscription read back from the provider and applied
 * as events (idempotent by payment and status). The provider is the one the app registered for
 * this database (createApp).
 */
export const BILLING_RECONCILE_JOB: JobDefinition<{
  db: Db;
  appUrl: string;
  billingProvider?: BillingProvider;
}> = {
  name: BILLING_RECONCILE_JOB_NAME,
  cron: "15 4 * * *",
  handler: ({ db, appUrl, billingProvider }, now) =>
    reconcileBilling(db, billingProvider ?? null, appUrl, now),
  expireInSeconds: 60 * 60,
};
