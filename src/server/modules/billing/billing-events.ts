import { randomUUID } from "node:crypto";
import { GRACE_DAYS, PLAN_PRICES_CENTS, PLANS, type Plan } from "@shared/billing.schema";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { findCompany } from "../companies/companies.queries";
import { enqueueJob } from "../jobs/jobs.service";
import { queueEmail } from "../mail/outbox";
import { findCompanyOwner } from "./billing.queries";
import { billingEvents, invoices, subscriptions } from "./billing.table";
import { addDays, dayOf } from "./billing-dates";
import {
  paymentFailedEmail,
  paymentOverdueEmail,
  paymentReceivedEmail,
  paymentRefundedEmail,
} from "./billing-email";
import { upsertInvoice } from "./billing-invoices";
import { billingStateOf, type CompanyBilling, type CompanyBillingState } from "./billing-state";
import type { BillingEvent, ProviderName, ProviderPayment } from "./provider";

/**
 * Applying a provider's event (webhook, reconciliation, the dev checkout and clock), inside the
 * flow's transaction (flows/apply-billing-event.ts locks the company first and saves the state
 * this answers on it): the billing_events row first (unique provider + event id: a replay changes
 * nothing), the invoice upserted with a status that only moves forward (but for a charge taken
 * back), then the company's state recomputed from all its invoices (so events in any order give
 * the same result), and the e-mails.
 */

/** The job that sets the provider's subscription to its plan's price (after a paid upgrade). */
export const BILLING_SYNC_PLAN_JOB = "billing-sync-plan";

export type InvoiceRow = typeof invoices.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type EventContext = { provider: ProviderName; appUrl: string };

export const planPagePath = "/plano";

/** The highest plan the amount pays for (null: below every plan's price). */
const planOfValue = (cents: number): Plan | null =>
  [...PLANS].reverse().find((p) => cents >= PLAN_PRICES_CENTS[p]) ?? null;

export async function findSubscription(db: Db, companyId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.companyId, companyId))
    .limit(1);
  return row ?? null;
}

/**
 * Which company an event is about: by its charge or its subscription, both ours. An id the payer
 * can choose (Asaas's externalReference) never names the company (decision 027).
 */
export async function findEventCompany(tx: Db, provider: string, event: BillingEvent) {
  if (event.type === "ignored") return null;
  const p = event.payment;
  if (p) {
    const [invoice] = await tx
      .select({ companyId: invoices.companyId })
      .from(invoices)
      .where(
        and(eq(invoices.provider, provider), eq(invoices.providerPaymentId, p.providerPaymentId)),
      )
      .limit(1);
    if (invoice) return invoice.companyId;
  }
  const subscriptionId = p?.providerSubscriptionId ?? event.providerSubscriptionId;
  if (subscriptionId) {
    const [sub] = await tx
      .select({ companyId: subscriptions.companyId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, provider),
          eq(subscriptions.providerSubscriptionId, subscriptionId),
        ),
      )
      .limit(1);
    if (sub) return sub.companyId;
  }
  return null;
}

/** Keeps an owner's action or a job's finding (who, what, when) for support. */
export async function recordBillingEvent(
  tx: Db,
  row: {
    provider: string;
    eventId?: string;
    companyId: string | null;
    type: string;
    actor: string;
    payload: unknown;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(billingEvents)
    .values({
      id: randomUUID(),
      provider: row.provider,
      eventId: row.eventId ?? `${row.type}:${randomUUID()}`,
      companyId: row.companyId,
      type: row.type,
      actor: row.actor,
      payload: row.payload ?? {},
    })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  return inserted.length > 0;
}

/**
 * The company's plan, paid period and grace recomputed from its invoices (billing-state.ts), and
 * the subscription's status; answers what the flow saves on the company.
 */
export async function refreshCompanyBilling(
  tx: Db,
  companyId: string,
  sub: SubscriptionRow | null,
): Promise<CompanyBilling & { company: CompanyBillingState }> {
  const rows = await tx
    .select({
      status: invoices.status,
      dueDate: invoices.dueDate,
      periodEnd: invoices.periodEnd,
      kind: invoices.kind,
      paidAt: invoices.paidAt,
      unpaidSince: invoices.unpaidSince,
      updatedAt: invoices.updatedAt,
    })
    .from(invoices)
    .where(eq(invoices.companyId, companyId));
  const state = billingStateOf(rows);
  if (sub && sub.status !== "cancelled") {
    const overdue = rows.some((r) => r.kind === "subscription" && r.status === "overdue");
    const status = overdue ? "overdue" : "active";
    if (status !== sub.status) {
      await tx
        .update(subscriptions)
        .set({ status, updatedAt: new Date() })
        .where(eq(subscriptions.companyId, companyId));
    }
  }
  const company = await findCompany(tx, companyId);
  return {
    ...state,
    company: {
      plan: sub?.plan ?? company?.plan ?? null,
      paidUntil: state.paidUntil,
      graceUntil: state.graceUntil,
    },
  };
}

const absolute = (appUrl: string, url: string | null) =>
  !url ? `${appUrl}${planPagePath}` : url.startsWith("/") ? `${appUrl}${url}` : url;

async function queueChargeEmail(
  tx: Db,
  ctx: EventContext,
  kind: "received" | "failed" | "overdue" | "refunded",
  invoice: InvoiceRow,
  sub: SubscriptionRow | null,
  state: CompanyBilling,
) {
  // An invoice kept after its company was deleted (issue 34) has no one to tell.
  if (!invoice.companyId) return;
  const owner = await findCompanyOwner(tx, invoice.companyId);
  if (!owner) return;
  const base = {
    to: sub?.billingEmail ?? owner.ownerEmail,
    language: owner.language,
    companyName: owner.companyName,
    plan: invoice.plan,
    amountCents: invoice.amountCents,
    dueDate: invoice.dueDate,
    url: `${ctx.appUrl}${planPagePath}`,
  };
  const payUrl = absolute(ctx.appUrl, invoice.invoiceUrl);
  const mail =
    kind === "received"
      ? paymentReceivedEmail({ ...base, paidUntilDay: state.paidThrough ?? invoice.periodEnd })
      : kind === "refunded"
        ? paymentRefundedEmail(base)
        : kind === "failed"
          ? paymentFailedEmail({ ...base, url: payUrl })
          : paymentOverdueEmail({
              ...base,
              url: payUrl,
              graceUntilDay: state.graceUntil
                ? dayOf(new Date(state.graceUntil.getTime() - 1))
                : addDays(invoice.dueDate, GRACE_DAYS),
              pixCode: invoice.billingType === "PIX" ? invoice.pixCode : null,
              boletoUrl: invoice.boletoUrl,
            });
  await queueEmail(tx, mail);
}

export type AppliedEvent = {
  duplicate: boolean;
  companyId: string | null;
  /** What the flow saves on the company (null: nothing changed for it). */
  company: CompanyBillingState | null;
};

/**
 * The event applied inside the flow's transaction, the company (findEventCompany) already locked;
 * `duplicate` when it was seen before. A payment grants nothing unless it pays at least what it
 * is for: the plan's price (a new charge) or the charge's own amount (decision 027).
 */
export async function applyEvent(
  tx: Db,
  ctx: EventContext,
  event: BillingEvent,
  actor: string,
  companyId: string | null,
): Promise<AppliedEvent> {
  const sub = companyId ? await findSubscription(tx, companyId) : null;
  const p = event.payment;
  const [known] =
    companyId && p
      ? await tx
          .select()
          .from(invoices)
          .where(
            and(
              eq(invoices.provider, ctx.provider),
              eq(invoices.providerPaymentId, p.providerPaymentId),
            ),
          )
          .limit(1)
      : [];
  const plan: Plan | null = known
    ? known.plan
    : p && sub && p.valueCents >= PLAN_PRICES_CENTS[sub.plan]
      ? sub.plan
      : p
        ? planOfValue(p.valueCents)
        : null;
  const tooLow =
    p !== undefined &&
    event.type !== "ignored" &&
    (known ? p.valueCents < known.amountCents : plan === null);
  const fresh = await recordBillingEvent(tx, {
    provider: ctx.provider,
    eventId: event.eventId,
    companyId,
    type: tooLow ? "ignored" : event.type,
    actor,
    payload: {
      ...(tooLow ? { reason: "value_below_price" } : {}),
      event: event.raw ?? { payment: event.payment ?? null, occurredAt: event.occurredAt },
    },
  });
  const none = { companyId, company: null };
  if (!fresh) return { duplicate: true, ...none };
  if (!companyId || event.type === "ignored" || tooLow) return { duplicate: false, ...none };

  if (event.type === "subscription_cancelled") {
    let current = sub;
    if (current && current.providerSubscriptionId === event.providerSubscriptionId) {
      current = await markCancelled(tx, current, new Date(event.occurredAt));
    }
    const state = await refreshCompanyBilling(tx, companyId, current);
    return { duplicate: false, companyId, company: state.company };
  }

  if (!p || !plan) return { duplicate: false, ...none };
  // A failed attempt leaves the charge as it was (pending): recorded, and the owner told.
  const incoming: ProviderPayment =
    event.type === "payment_failed" ? { ...p, status: "pending" } : p;
  // Taken back: a reversal event, or the provider now answering a paid charge as owed or refunded
  // (webhooks are re-read, so a late event never says so of a charge still paid).
  const reversed =
    event.type === "payment_reversed" ||
    (known?.status === "paid" && (incoming.status === "overdue" || incoming.status === "refunded"));
  const reversedOn = reversed ? dayOf(new Date(event.occurredAt)) : null;
  const { invoice, before } = await upsertInvoice(tx, ctx, companyId, plan, incoming, reversedOn);
  let current = sub;
  if (invoice.kind === "upgrade" && invoice.status === "paid" && before !== "paid" && sub) {
    current = await switchPlan(tx, sub, invoice.plan);
  }
  const state = await refreshCompanyBilling(tx, companyId, current);
  const after = invoice.status;
  if (after !== before) {
    if (after === "paid") await queueChargeEmail(tx, ctx, "received", invoice, current, state);
    // An upgrade's difference gives no grace: its owner is told on 'Plano', not by a grace e-mail.
    if (after === "overdue" && invoice.kind === "subscription") {
      await queueChargeEmail(tx, ctx, "overdue", invoice, current, state);
    }
    if (after === "refunded") await queueChargeEmail(tx, ctx, "refunded", invoice, current, state);
  }
  if (event.type === "payment_failed" && (after === "pending" || after === "overdue")) {
    await queueChargeEmail(tx, ctx, "failed", invoice, current, state);
  }
  return { duplicate: false, companyId, company: state.company };
}

/**
 * The subscription moved to `plan` (an upgrade paid, or a plan change that needs no payment): its
 * unpaid monthly charges with it, and the provider's subscription set to the plan's price by the
 * job `billing-sync-plan` (queued in this transaction).
 */
export async function switchPlan(tx: Db, sub: SubscriptionRow, plan: Plan, sync = true) {
  const [row] = await tx
    .update(subscriptions)
    .set({ plan, updatedAt: new Date() })
    .where(eq(subscriptions.companyId, sub.companyId))
    .returning();
  await tx
    .update(invoices)
    .set({ plan, amountCents: PLAN_PRICES_CENTS[plan], updatedAt: new Date() })
    .where(
      and(
        eq(invoices.companyId, sub.companyId),
        eq(invoices.kind, "subscription"),
        eq(invoices.status, "pending"),
      ),
    );
  if (sync) await enqueueJob(tx, BILLING_SYNC_PLAN_JOB, { companyId: sub.companyId });
  return row ?? sub;
}

/** The subscription cancelled: its charges not yet paid are cancelled with it. */
export async function markCancelled(tx: Db, sub: SubscriptionRow, at: Date) {
  const [row] = await tx
    .update(subscriptions)
    .set({ status: "cancelled", cancelledAt: sub.cancelledAt ?? at, updatedAt: new Date() })
    .where(eq(subscriptions.companyId, sub.companyId))
    .returning();
  await tx
    .update(invoices)
    .set({ status: "cancelled", updatedAt: new Date() })
    .where(
      and(eq(invoices.companyId, sub.companyId), inArray(invoices.status, ["pending", "overdue"])),
    );
  return row ?? sub;
}
