import { randomUUID } from "node:crypto";
import { type Invoice, PLAN_PRICES_CENTS } from "@shared/billing.schema";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import type { CompanyRow } from "../companies/companies.queries";
import { invoices, subscriptions } from "./billing.table";
import { type BillingDeps, eventContext } from "./billing-context";
import { dayOf } from "./billing-dates";
import { findSubscription, type InvoiceRow } from "./billing-events";
import { devPayment } from "./dev.provider";
import { toInvoice } from "./invoice-view";
import type { BillingEvent, BillingEventType } from "./provider";

/**
 * The dev provider's checkout and clock (never in production, only from this machine;
 * /api/dev/billing): each builds the normalized events a provider would send, and the flow
 * (flows/simulate-billing.ts) applies them as it applies a webhook's.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The actor's dev invoice, or 404 (another company's id is not found). */
async function findDevInvoice(db: Db, actor: CompanyActor, id: string): Promise<InvoiceRow> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.id, id),
        eq(invoices.companyId, actor.companyId),
        eq(invoices.provider, "dev"),
      ),
    )
    .limit(1);
  if (!row) throw new AppError("not_found", 404, "Invoice not found");
  return row;
}

export async function getDevInvoice(db: Db, actor: CompanyActor, id: string): Promise<Invoice> {
  return toInvoice(await findDevInvoice(db, actor, id));
}

const ACTIONS = {
  pay: { type: "payment_received", status: "paid" },
  fail: { type: "payment_failed", status: "pending" },
  overdue: { type: "payment_overdue", status: "overdue" },
} as const satisfies Record<string, { type: BillingEventType; status: string }>;
export type DevInvoiceAction = keyof typeof ACTIONS;

const eventOf = (
  invoice: InvoiceRow,
  type: BillingEventType,
  status: InvoiceRow["status"],
  now: Date,
): BillingEvent => ({
  eventId: `dev:${type}:${invoice.providerPaymentId}:${randomUUID()}`,
  type,
  occurredAt: now.toISOString(),
  payment: {
    providerPaymentId: invoice.providerPaymentId,
    providerSubscriptionId: invoice.providerSubscriptionId,
    status,
    valueCents: invoice.amountCents,
    dueDate: invoice.dueDate,
    billingType: invoice.billingType,
    invoiceUrl: invoice.invoiceUrl,
    boletoUrl: invoice.boletoUrl,
    paidAt: status === "paid" ? now.toISOString() : null,
  },
});

/** The local checkout's buttons: the event of a paid, failed (stays pending) or overdue charge. */
export async function devInvoiceEvent(
  db: Db,
  deps: BillingDeps,
  actor: CompanyActor,
  id: string,
  action: DevInvoiceAction,
): Promise<BillingEvent> {
  eventContext(deps);
  const invoice = await findDevInvoice(db, actor, id);
  if (invoice.status !== "pending" && invoice.status !== "overdue") {
    throw new AppError("not_found", 404, "No payable invoice with this id");
  }
  const { type, status } = ACTIONS[action];
  return eventOf(invoice, type, status, new Date());
}

/**
 * The test hook that "moves the clock" `days` forward for this company, in the flow's transaction
 * (the company locked): its invoices' dates and payments move `days` back; answers the company's
 * trial, paid period and grace moved back too, for the flow to save.
 */
export async function shiftDevClock(tx: Db, company: CompanyRow, days: number) {
  const back = (d: Date | null) => (d ? new Date(d.getTime() - days * DAY_MS) : null);
  await tx
    .update(invoices)
    .set({
      dueDate: sql`${invoices.dueDate} - ${days}::int`,
      periodEnd: sql`${invoices.periodEnd} - ${days}::int`,
      paidAt: sql`${invoices.paidAt} - make_interval(days => ${days}::int)`,
      unpaidSince: sql`${invoices.unpaidSince} - ${days}::int`,
      updatedAt: sql`${invoices.updatedAt} - make_interval(days => ${days}::int)`,
    })
    .where(eq(invoices.companyId, company.id));
  await tx
    .update(subscriptions)
    .set({ cancelledAt: sql`${subscriptions.cancelledAt} - make_interval(days => ${days}::int)` })
    .where(eq(subscriptions.companyId, company.id));
  return {
    plan: company.plan,
    trialEndsAt: back(company.trialEndsAt)!,
    paidUntil: back(company.paidUntil),
    graceUntil: back(company.graceUntil),
  };
}

/**
 * After the clock moved, as a provider would: the next month's charge once the last period has
 * ended (an active subscription), one at a time (null: none is due).
 */
export async function nextDevCharge(tx: Db, companyId: string, now: Date) {
  const sub = await findSubscription(tx, companyId);
  if (!sub || sub.status === "cancelled") return null;
  const [last] = await tx
    .select({ periodEnd: sql<string | null>`max(${invoices.periodEnd})::text` })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.kind, "subscription"),
        ne(invoices.status, "cancelled"),
      ),
    );
  const nextDue = last?.periodEnd;
  if (!nextDue || nextDue > dayOf(now)) return null;
  const payment = devPayment({
    providerSubscriptionId: sub.providerSubscriptionId,
    valueCents: PLAN_PRICES_CENTS[sub.plan],
    dueDate: nextDue,
    billingType: sub.billingType,
  });
  return {
    eventId: `dev:payment_created:${payment.providerPaymentId}`,
    type: "payment_created",
    payment,
    occurredAt: now.toISOString(),
  } satisfies BillingEvent;
}

/** After the clock moved: the overdue events of the pending charges past their due date. */
export async function lateDevCharges(tx: Db, companyId: string, now: Date) {
  const late = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.status, "pending"),
        sql`${invoices.dueDate} < ${dayOf(now)}::date`,
      ),
    );
  return late.map((invoice) => eventOf(invoice, "payment_overdue", "overdue", now));
}
