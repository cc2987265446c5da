import { randomUUID } from "node:crypto";
import type { InvoiceStatus, Plan } from "@shared/billing.schema";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { invoices, subscriptions } from "./billing.table";
import { addMonths } from "./billing-dates";
import type { ProviderName, ProviderPayment } from "./provider";

/**
 * Billing's invoice rows: a provider charge inserted or moved (webhooks, reconciliation, the dev
 * checkout), and an upgrade's one-off charge.
 */

type InvoiceRow = typeof invoices.$inferSelect;
type EventContext = { provider: ProviderName; appUrl: string };

/** The local checkout page of a dev invoice (the web side renders it). */
export const devCheckoutPath = (invoiceId: string) => `/plano/checkout/${invoiceId}`;

// A status only moves forward: paid beats pending/overdue in any order, refunded beats paid, and
// cancelled comes only from pending or overdue.
const RANK: Record<InvoiceStatus, number> = {
  pending: 0,
  overdue: 1,
  cancelled: 2,
  paid: 3,
  refunded: 4,
};
export const nextStatus = (current: InvoiceStatus, incoming: InvoiceStatus) =>
  RANK[incoming] > RANK[current] ? incoming : current;

/** Inserts or moves the invoice of a provider charge; answers it with its status before. */
export async function upsertInvoice(
  tx: Db,
  ctx: EventContext,
  companyId: string,
  plan: Plan,
  p: ProviderPayment,
  reversedOn: string | null,
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
    // A charge taken back moves back (owed again from that day); otherwise only forward.
    const reversed = reversedOn !== null && existing.status === "paid";
    const status = reversed ? p.status : nextStatus(existing.status, p.status);
    const [invoice] = await tx
      .update(invoices)
      .set({
        status,
        dueDate,
        // An upgrade's period is the rest of the period it upgrades, set when it was made.
        periodEnd: existing.kind === "upgrade" ? existing.periodEnd : addMonths(dueDate, 1),
        invoiceUrl: p.invoiceUrl ?? existing.invoiceUrl,
        boletoUrl: p.boletoUrl ?? existing.boletoUrl,
        pixCode: p.pixCode ?? existing.pixCode,
        pixQrImage: p.pixQrImage ?? existing.pixQrImage,
        paidAt: reversed
          ? null
          : (existing.paidAt ?? (status === "paid" || status === "refunded" ? paidAt(p) : null)),
        unpaidSince: reversed ? reversedOn : existing.unpaidSince,
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
      plan,
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

/** An upgrade's charge (made by the plan change; its invoice row written with it). */
export async function insertUpgradeInvoice(
  tx: Db,
  ctx: EventContext,
  companyId: string,
  plan: Plan,
  p: ProviderPayment,
  periodEnd: string,
): Promise<InvoiceRow> {
  const id = randomUUID();
  const [row] = await tx
    .insert(invoices)
    .values({
      id,
      companyId,
      provider: ctx.provider,
      providerPaymentId: p.providerPaymentId,
      providerSubscriptionId: null,
      kind: "upgrade",
      plan,
      amountCents: p.valueCents,
      billingType: p.billingType,
      dueDate: p.dueDate,
      periodEnd,
      status: p.status,
      invoiceUrl: p.invoiceUrl ?? (ctx.provider === "dev" ? devCheckoutPath(id) : null),
      boletoUrl: p.boletoUrl,
      pixCode: p.pixCode ?? null,
      pixQrImage: p.pixQrImage ?? null,
    })
    .returning();
  return row!;
}

/**
 * Before a closed company is deleted (issue 34): its invoices keep the trade name and the CPF or
 * CNPJ they were billed to (the subscription's), as the law has them kept for 5 years once
 * `company_id` is cleared by the deletion. Answers how many invoices it marked.
 */
export async function keepInvoicesOfDeletedCompany(
  tx: Db,
  companyId: string,
  tradeName: string,
): Promise<number> {
  const [sub] = await tx
    .select({ document: subscriptions.document })
    .from(subscriptions)
    .where(eq(subscriptions.companyId, companyId))
    .limit(1);
  const kept = await tx
    .update(invoices)
    .set({ companyName: tradeName, companyDocument: sub?.document ?? null, updatedAt: new Date() })
    .where(eq(invoices.companyId, companyId))
    .returning({ id: invoices.id });
  return kept.length;
}
