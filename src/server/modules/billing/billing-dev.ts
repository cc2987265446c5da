import { randomUUID } from "node:crypto";
import { type BillingOverview, type Invoice, PLAN_PRICES_CENTS } from "@shared/billing.schema";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { lockCompany, saveCompanyBillingState } from "../companies/companies.service";
import { type BillingDeps, eventContext, getOverview } from "./billing.service";
import { invoices, subscriptions } from "./billing.table";
import { dayOf } from "./billing-dates";
import { applyEvent, findSubscription, type InvoiceRow, processEvent } from "./billing-events";
import { devPayment } from "./dev.provider";
import { toInvoice } from "./invoice-view";
import type { BillingEvent, BillingEventType } from "./provider";

/**
 * The dev provider's checkout and clock (never in production; /api/dev/billing): each builds the
 * normalized event a provider would send and runs it through the same processing as a webhook.
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

/** The local checkout's buttons: a paid, failed (stays pending) or overdue charge. */
export async function actOnDevInvoice(
  db: Db,
  deps: BillingDeps,
  actor: CompanyActor,
  id: string,
  action: DevInvoiceAction,
): Promise<BillingOverview> {
  const ctx = eventContext(deps);
  const invoice = await findDevInvoice(db, actor, id);
  if (invoice.status !== "pending" && invoice.status !== "overdue") {
    throw new AppError("not_found", 404, "No payable invoice with this id");
  }
  const { type, status } = ACTIONS[action];
  await processEvent(db, ctx, eventOf(invoice, type, status, new Date()), `user:${actor.userId}`);
  return getOverview(db, deps.provider.name, actor);
}

/**
 * The test hook that "moves the clock" `days` forward for this company: its trial, paid period,
 * grace, invoices' dates and payments move `days` back; then, as a provider would, the next
 * months' charges are made once the paid period has ended (an active subscription), and pending
 * charges past their due date become overdue.
 */
export async function moveDevClock(
  db: Db,
  deps: BillingDeps,
  actor: CompanyActor,
  days: number,
): Promise<BillingOverview> {
  const ctx = eventContext(deps);
  const back = (d: Date | null) => (d ? new Date(d.getTime() - days * DAY_MS) : null);
  await db.transaction(async (tx) => {
    const company = await lockCompany(tx, actor.companyId);
    if (!company) throw new AppError("not_found", 404, "Company not found");
    await saveCompanyBillingState(tx, actor.companyId, {
      plan: company.plan,
      trialEndsAt: back(company.trialEndsAt)!,
      paidUntil: back(company.paidUntil),
      graceUntil: back(company.graceUntil),
    });
    await tx
      .update(invoices)
      .set({
        dueDate: sql`${invoices.dueDate} - ${days}::int`,
        periodEnd: sql`${invoices.periodEnd} - ${days}::int`,
        paidAt: sql`${invoices.paidAt} - make_interval(days => ${days}::int)`,
      })
      .where(eq(invoices.companyId, actor.companyId));
    await tx
      .update(subscriptions)
      .set({ cancelledAt: sql`${subscriptions.cancelledAt} - make_interval(days => ${days}::int)` })
      .where(eq(subscriptions.companyId, actor.companyId));

    const now = new Date();
    const today = dayOf(now);
    const actorName = "dev-clock";
    const sub = await findSubscription(tx, actor.companyId);
    // The next month's charge once the last period has ended (at most a year and a bit at once).
    for (let i = 0; sub && sub.status !== "cancelled" && i < 14; i++) {
      const [last] = await tx
        .select({ periodEnd: sql<string | null>`max(${invoices.periodEnd})::text` })
        .from(invoices)
        .where(and(eq(invoices.companyId, actor.companyId), ne(invoices.status, "cancelled")));
      const nextDue = last?.periodEnd;
      if (!nextDue || nextDue > today) break;
      const payment = devPayment({
        providerSubscriptionId: sub.providerSubscriptionId,
        valueCents: PLAN_PRICES_CENTS[sub.plan],
        dueDate: nextDue,
        billingType: sub.billingType,
      });
      await applyEvent(
        tx,
        ctx,
        {
          eventId: `dev:payment_created:${payment.providerPaymentId}`,
          type: "payment_created",
          payment,
          occurredAt: now.toISOString(),
        },
        actorName,
      );
    }
    const late = await tx
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.companyId, actor.companyId),
          eq(invoices.status, "pending"),
          sql`${invoices.dueDate} < ${today}::date`,
        ),
      );
    for (const invoice of late) {
      await applyEvent(tx, ctx, eventOf(invoice, "payment_overdue", "overdue", now), actorName);
    }
  });
  return getOverview(db, deps.provider.name, actor);
}
