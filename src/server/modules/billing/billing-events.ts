import { randomUUID } from "node:crypto";
import {
  GRACE_DAYS,
  type InvoiceStatus,
  PLAN_PRICES_CENTS,
  PLANS,
  type Plan,
} from "@shared/billing.schema";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { findCompany } from "../companies/companies.queries";
import { lockCompany, saveCompanyBillingState } from "../companies/companies.service";
import { queueEmail } from "../mail/outbox";
import { findCompanyOwner } from "./billing.queries";
import { billingEvents, invoices, subscriptions } from "./billing.table";
import { addDays, addMonths, endOfDay } from "./billing-dates";
import {
  paymentFailedEmail,
  paymentOverdueEmail,
  paymentReceivedEmail,
  paymentRefundedEmail,
} from "./billing-email";
import type { BillingEvent, ProviderName, ProviderPayment } from "./provider";

/**
 * Applying a provider's event (webhook, reconciliation, the dev checkout and clock), in ONE
 * transaction: the billing_events row first (unique provider + event id: a replay changes
 * nothing), the invoice upserted with a status that only moves forward, then the company's state
 * recomputed from all its invoices (so events in any order give the same result), and the e-mails.
 */

export type InvoiceRow = typeof invoices.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type EventContext = { provider: ProviderName; appUrl: string };

/** The local checkout page of a dev invoice (the web side renders it). */
export const devCheckoutPath = (invoiceId: string) => `/plano/checkout/${invoiceId}`;
export const planPagePath = "/plano";

// A status only moves forward: paid beats pending/overdue in any order, refunded beats paid, and
// cancelled comes only from pending or overdue.
const RANK: Record<InvoiceStatus, number> = {
  pending: 0,
  overdue: 1,
  cancelled: 2,
  paid: 3,
  refunded: 4,
};
const nextStatus = (current: InvoiceStatus, incoming: InvoiceStatus) =>
  RANK[incoming] > RANK[current] ? incoming : current;

const planOfValue = (cents: number): Plan =>
  PLANS.find((p) => PLAN_PRICES_CENTS[p] === cents) ?? "pro";

export async function findSubscription(db: Db, companyId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.companyId, companyId))
    .limit(1);
  return row ?? null;
}

/** Which company an event is about: by its charge, its subscription, or the echoed company id. */
async function companyOfEvent(tx: Db, provider: string, event: BillingEvent) {
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
  const reference = p?.externalReference;
  if (reference && /^[0-9a-f-]{36}$/i.test(reference) && (await findCompany(tx, reference))) {
    return reference;
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

/** Inserts or moves the invoice of a provider charge; answers it with its status before. */
async function upsertInvoice(
  tx: Db,
  ctx: EventContext,
  companyId: string,
  sub: SubscriptionRow | null,
  p: ProviderPayment,
): Promise<{ invoice: InvoiceRow; before: InvoiceStatus | null }> {
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(
      and(eq(invoices.provider, ctx.provider), eq(invoices.providerPaymentId, p.providerPaymentId)),
    )
    .for("update");
  const dueDate = p.dueDate || existing?.dueDate || "";
  if (existing) {
    const status = nextStatus(existing.status, p.status);
    const [invoice] = await tx
      .update(invoices)
      .set({
        status,
        dueDate,
        periodEnd: addMonths(dueDate, 1),
        amountCents: p.valueCents || existing.amountCents,
        invoiceUrl: p.invoiceUrl ?? existing.invoiceUrl,
        boletoUrl: p.boletoUrl ?? existing.boletoUrl,
        pixCode: p.pixCode ?? existing.pixCode,
        pixQrImage: p.pixQrImage ?? existing.pixQrImage,
        paidAt: existing.paidAt ?? (status === "paid" || status === "refunded" ? paidAt(p) : null),
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, existing.id))
      .returning();
    return { invoice: invoice!, before: existing.status };
  }
  const id = randomUUID();
  const [invoice] = await tx
    .insert(invoices)
    .values({
      id,
      companyId,
      provider: ctx.provider,
      providerPaymentId: p.providerPaymentId,
      providerSubscriptionId: p.providerSubscriptionId,
      plan:
        sub && p.valueCents === PLAN_PRICES_CENTS[sub.plan] ? sub.plan : planOfValue(p.valueCents),
      amountCents: p.valueCents,
      billingType: p.billingType,
      dueDate,
      periodEnd: addMonths(dueDate, 1),
      status: p.status,
      invoiceUrl: p.invoiceUrl ?? (ctx.provider === "dev" ? devCheckoutPath(id) : null),
      boletoUrl: p.boletoUrl,
      pixCode: p.pixCode ?? null,
      pixQrImage: p.pixQrImage ?? null,
      paidAt: p.status === "paid" || p.status === "refunded" ? paidAt(p) : null,
    })
    .returning();
  return { invoice: invoice!, before: null };
}

const paidAt = (p: ProviderPayment) => (p.paidAt ? new Date(p.paidAt) : new Date());

export type CompanyBilling = {
  paidUntil: Date | null;
  graceUntil: Date | null;
  /** The last paid period's end (yyyy-MM-dd), null when nothing is paid. */
  paidThrough: string | null;
};

/** The company's plan state from its invoices alone (order-independent). */
export function billingStateOf(rows: Pick<InvoiceRow, "status" | "dueDate" | "periodEnd">[]) {
  let paidThrough: string | null = null;
  let firstOverdue: string | null = null;
  for (const r of rows) {
    if (r.status === "paid" && (!paidThrough || r.periodEnd > paidThrough))
      paidThrough = r.periodEnd;
    if (r.status === "overdue" && (!firstOverdue || r.dueDate < firstOverdue))
      firstOverdue = r.dueDate;
  }
  const paidUntil = paidThrough ? endOfDay(paidThrough) : null;
  let graceUntil = firstOverdue ? endOfDay(addDays(firstOverdue, GRACE_DAYS)) : null;
  if (graceUntil && paidUntil && graceUntil <= paidUntil) graceUntil = null;
  return { paidUntil, graceUntil, paidThrough } satisfies CompanyBilling;
}

/** Recomputes and saves the company's plan, paid period and grace, and the subscription status. */
export async function refreshCompanyBilling(
  tx: Db,
  companyId: string,
  sub: SubscriptionRow | null,
): Promise<CompanyBilling> {
  const rows = await tx
    .select({ status: invoices.status, dueDate: invoices.dueDate, periodEnd: invoices.periodEnd })
    .from(invoices)
    .where(eq(invoices.companyId, companyId));
  const state = billingStateOf(rows);
  if (sub && sub.status !== "cancelled") {
    const status = rows.some((r) => r.status === "overdue") ? "overdue" : "active";
    if (status !== sub.status) {
      await tx
        .update(subscriptions)
        .set({ status, updatedAt: new Date() })
        .where(eq(subscriptions.companyId, companyId));
    }
  }
  const company = await findCompany(tx, companyId);
  await saveCompanyBillingState(tx, companyId, {
    plan: sub?.plan ?? company?.plan ?? null,
    paidUntil: state.paidUntil,
    graceUntil: state.graceUntil,
  });
  return state;
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
              graceUntilDay: addDays(invoice.dueDate, GRACE_DAYS),
              pixCode: invoice.billingType === "PIX" ? invoice.pixCode : null,
              boletoUrl: invoice.boletoUrl,
            });
  await queueEmail(tx, mail);
}

/** The event applied inside the caller's transaction; `duplicate` when it was seen before. */
export async function applyEvent(
  tx: Db,
  ctx: EventContext,
  event: BillingEvent,
  actor: string,
): Promise<{ duplicate: boolean; companyId: string | null }> {
  const companyId = event.type === "ignored" ? null : await companyOfEvent(tx, ctx.provider, event);
  // One event of a company at a time: its invoices and state change behind the company's lock,
  // taken before the event row (whose foreign key share-locks the company: taking FOR UPDATE after
  // it, two events of one company at once would deadlock on PostgreSQL).
  if (companyId) await lockCompany(tx, companyId);
  const fresh = await recordBillingEvent(tx, {
    provider: ctx.provider,
    eventId: event.eventId,
    companyId,
    type: event.type,
    actor,
    payload: event.raw ?? { payment: event.payment ?? null, occurredAt: event.occurredAt },
  });
  if (!fresh) return { duplicate: true, companyId };
  if (!companyId || event.type === "ignored") return { duplicate: false, companyId };

  let sub = await findSubscription(tx, companyId);

  if (event.type === "subscription_cancelled") {
    if (sub && sub.providerSubscriptionId === event.providerSubscriptionId) {
      sub = await markCancelled(tx, sub, new Date(event.occurredAt));
    }
    await refreshCompanyBilling(tx, companyId, sub);
    return { duplicate: false, companyId };
  }

  const p = event.payment;
  if (!p) return { duplicate: false, companyId };
  // A failed attempt leaves the charge as it was (pending): recorded, and the owner told.
  const incoming: ProviderPayment =
    event.type === "payment_failed" ? { ...p, status: "pending" } : p;
  const { invoice, before } = await upsertInvoice(tx, ctx, companyId, sub, incoming);
  const state = await refreshCompanyBilling(tx, companyId, sub);
  const after = invoice.status;
  if (after !== before) {
    if (after === "paid") await queueChargeEmail(tx, ctx, "received", invoice, sub, state);
    if (after === "overdue") await queueChargeEmail(tx, ctx, "overdue", invoice, sub, state);
    if (after === "refunded") await queueChargeEmail(tx, ctx, "refunded", invoice, sub, state);
  }
  if (event.type === "payment_failed" && (after === "pending" || after === "overdue")) {
    await queueChargeEmail(tx, ctx, "failed", invoice, sub, state);
  }
  return { duplicate: false, companyId };
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

/** processEvent: the event in its own transaction (webhooks, reconciliation, the dev checkout). */
export function processEvent(db: Db, ctx: EventContext, event: BillingEvent, actor: string) {
  return db.transaction((tx) => applyEvent(tx, ctx, event, actor));
}
