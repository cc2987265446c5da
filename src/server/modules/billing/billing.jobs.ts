import { PLAN_PRICES_CENTS, TRIAL_REMINDER_DAYS } from "@shared/billing.schema";
import { and, eq, gt, isNotNull, ne, or } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { JobDefinition } from "../jobs/jobs.service";
import { queueEmail } from "../mail/outbox";
import { listTrialsEndingOn } from "./billing.queries";
import { subscriptions } from "./billing.table";
import { PLAN_DESCRIPTIONS } from "./billing-context";
import { addDays, dayOf } from "./billing-dates";
import { trialEndingEmail } from "./billing-email";
import {
  BILLING_SYNC_PLAN_JOB,
  findSubscription,
  planPagePath,
  recordBillingEvent,
} from "./billing-events";
import type { BillingEventType, BillingProvider } from "./provider";

export const BILLING_REMINDERS_JOB = "billing-reminders";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A subscription cancelled longer ago than this is no longer read back. */
const RECONCILE_CANCELLED_DAYS = 60;

/** What the reconciliation applies for each status of a charge the provider answers. */
export const TYPE_OF_STATUS: Record<string, BillingEventType> = {
  pending: "payment_created",
  paid: "payment_received",
  overdue: "payment_overdue",
  refunded: "payment_refunded",
  cancelled: "payment_cancelled",
};

/** The subscriptions the reconciliation reads back: Asaas's, not cancelled long ago. */
export function listReconcilableSubscriptions(db: Db, now: Date) {
  const since = new Date(now.getTime() - RECONCILE_CANCELLED_DAYS * DAY_MS);
  return db
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
}

/**
 * After a paid upgrade (queued in its transaction): the provider's subscription set to the price
 * of the company's plan, so the next charges are the new plan's (idempotent: it sets, never adds).
 */
export async function syncProviderPlan(db: Db, provider: BillingProvider | null, data: unknown) {
  const parsed = z.object({ companyId: z.string().min(1).max(100) }).safeParse(data);
  if (!parsed.success || !provider || provider.name === "unavailable") return { synced: false };
  const sub = await findSubscription(db, parsed.data.companyId);
  if (
    !sub?.providerSubscriptionId ||
    sub.status === "cancelled" ||
    sub.provider !== provider.name
  ) {
    return { synced: false };
  }
  await provider.changePlan(sub.providerSubscriptionId, {
    valueCents: PLAN_PRICES_CENTS[sub.plan],
    description: PLAN_DESCRIPTIONS[sub.plan],
  });
  return { synced: true, plan: sub.plan };
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
  // After a paid upgrade: the provider's subscription set to the new plan's price.
  {
    name: BILLING_SYNC_PLAN_JOB,
    handler: ({ db, billingProvider }, _now, data) =>
      syncProviderPlan(db, billingProvider ?? null, data),
  },
  // Trial reminders: every day at 09:00 in São Paulo, 7 days and 1 day before the trial ends,
  // once per company and reminder (a billing_events row is the once-key).
  {
    name: BILLING_REMINDERS_JOB,
    cron: "0 9 * * *",
    handler: ({ db, appUrl }, now) => sendTrialReminders(db, appUrl, now),
  },
];
