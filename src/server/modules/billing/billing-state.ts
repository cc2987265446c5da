import { GRACE_DAYS, type Plan } from "@shared/billing.schema";
import type { invoices } from "./billing.table";
import { addDays, dayOf, endOfDay } from "./billing-dates";

/**
 * A company's plan state from its invoices alone (order-independent, decision 011), with the rules
 * of decision 027: only the subscription's monthly charges give a paid period or a grace (an
 * upgrade's difference never does), and the grace counts from the first unpaid charge since the
 * last paid period, cancelled ones included, so cancelling and subscribing again never starts a
 * fresh one; a charge taken back (chargeback, refund) is owed again from that day.
 */

type InvoiceRow = typeof invoices.$inferSelect;
export type StateRow = Pick<
  InvoiceRow,
  "status" | "dueDate" | "periodEnd" | "kind" | "paidAt" | "unpaidSince" | "updatedAt"
>;

export type CompanyBilling = {
  paidUntil: Date | null;
  graceUntil: Date | null;
  /** The last paid period's end (yyyy-MM-dd), null when nothing is paid. */
  paidThrough: string | null;
};

/** What billing saves on the company (through a flow: companies.service). */
export type CompanyBillingState = {
  plan: Plan | null;
  paidUntil: Date | null;
  graceUntil: Date | null;
};

/** A charge left unpaid: overdue, taken back, or cancelled after it fell due unpaid. */
function unpaidFrom(r: StateRow): string | null {
  if (r.status === "overdue") return r.unpaidSince ?? r.dueDate;
  if (r.status === "refunded" && r.unpaidSince) return r.unpaidSince;
  if (r.status === "cancelled" && !r.paidAt && r.dueDate < dayOf(r.updatedAt)) return r.dueDate;
  return null;
}

export function billingStateOf(rows: StateRow[]): CompanyBilling {
  const charges = rows.filter((r) => r.kind === "subscription");
  let paidThrough: string | null = null;
  let lastPaidDue: string | null = null;
  for (const r of charges) {
    if (r.status !== "paid") continue;
    if (!paidThrough || r.periodEnd > paidThrough) paidThrough = r.periodEnd;
    if (!lastPaidDue || r.dueDate > lastPaidDue) lastPaidDue = r.dueDate;
  }
  let graceFrom: string | null = null;
  let owing = false;
  for (const r of charges) {
    const from = unpaidFrom(r);
    if (!from) continue;
    if (r.status !== "cancelled") owing = true;
    // Charges before the last paid one do not count (a taken-back charge counts from its day).
    if (lastPaidDue && from <= lastPaidDue) continue;
    if (!graceFrom || from < graceFrom) graceFrom = from;
  }
  const paidUntil = paidThrough ? endOfDay(paidThrough) : null;
  let graceUntil = owing && graceFrom ? endOfDay(addDays(graceFrom, GRACE_DAYS)) : null;
  if (graceUntil && paidUntil && graceUntil <= paidUntil) graceUntil = null;
  return { paidUntil, graceUntil, paidThrough };
}
