import type { BillingOverview } from "@shared/billing.schema";
import { formatCalendarDate, saoPauloDate } from "@shared/dates";

/**
 * Until when the company keeps its access if nothing more is paid: the end of the paid period or
 * of the trial, whichever is later (what 'Cancelar assinatura' promises).
 */
export function accessUntil(overview: Pick<BillingOverview, "paidUntil" | "trialEndsAt">): string {
  const { paidUntil, trialEndsAt } = overview;
  if (!paidUntil) return trialEndsAt;
  return Date.parse(paidUntil) > Date.parse(trialEndsAt) ? paidUntil : trialEndsAt;
}

/** The charge to pay now: the oldest overdue one, else the oldest open one (invoices are newest first). */
export function chargeToPay(overview: Pick<BillingOverview, "invoices">) {
  const open = overview.invoices.filter((i) => i.status === "overdue" || i.status === "pending");
  return open.findLast((i) => i.status === "overdue") ?? open.at(-1) ?? null;
}

/** The next charge still to come (not one already due: that one shows as overdue). */
export function upcomingCharge(overview: Pick<BillingOverview, "nextCharge">) {
  const next = overview.nextCharge;
  return next && next.dueDate >= saoPauloDate() ? next : null;
}

/**
 * An "until" moment (paid until, grace until, trial end, access until) as the last São Paulo day
 * it covers, dd/MM/yyyy: a period ending at 00:00 of the 24th was paid until the 23rd.
 */
export const formatUntil = (moment: string) =>
  formatCalendarDate(saoPauloDate(new Date(Date.parse(moment) - 1)));
