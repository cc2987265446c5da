import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { log } from "../../lib/log";
import { invoices } from "./billing.table";
import { type BillingDeps, eventContext, PAYABLE } from "./billing-context";
import type { BillingEvent, BillingProvider, ProviderPayment } from "./provider";

/** The provider's events as they are applied: a charge's Pix code, and the webhook's events. */

/** A Pix charge's code, fetched once from the provider (best effort: the e-mail and page show it). */
export async function withPixCode(
  db: Db,
  provider: BillingProvider,
  event: BillingEvent,
): Promise<BillingEvent> {
  const p = event.payment;
  if (p?.billingType !== "PIX" || p.pixCode || !(PAYABLE as readonly string[]).includes(p.status)) {
    return event;
  }
  if (provider.name !== "dev" && provider.name !== "asaas") return event;
  const [known] = await db
    .select({ pixCode: invoices.pixCode })
    .from(invoices)
    .where(
      and(
        eq(invoices.provider, provider.name),
        eq(invoices.providerPaymentId, p.providerPaymentId),
      ),
    )
    .limit(1);
  if (known?.pixCode) return event;
  try {
    const pix = await provider.pixCode(p.providerPaymentId);
    return pix ? { ...event, payment: { ...p, pixCode: pix.code, pixQrImage: pix.image } } : event;
  } catch (error) {
    log.error(`Billing: reading the Pix code of ${p.providerPaymentId} failed`, error);
    return event;
  }
}

/**
 * POST /api/billing/webhooks/asaas, before applying: authenticated (401 otherwise), each event
 * checked by the provider's schema (an odd one comes back `ignored`), and each payment re-read
 * from the provider, whose answer is what is applied: a webhook's body alone grants nothing
 * (decision 027). A charge the provider does not know, or cannot tell now, is kept as ignored
 * (the daily reconciliation reads it again).
 */
export async function webhookEvents(
  db: Db,
  deps: BillingDeps,
  headers: Headers,
  rawBody: string,
): Promise<BillingEvent[]> {
  const events = deps.provider.parseWebhook(headers, rawBody);
  eventContext(deps);
  const out: BillingEvent[] = [];
  for (const event of events) {
    const p = event.payment;
    if (!p || event.type === "ignored") {
      out.push(event);
      continue;
    }
    let now: ProviderPayment | null;
    try {
      now = await deps.provider.getPayment(p.providerPaymentId);
    } catch {
      out.push({ ...event, type: "ignored", raw: { reason: "not_confirmed", event: event.raw } });
      continue;
    }
    const payment = now ?? p;
    if (event.type === "payment_reversed" && payment.status === "paid") {
      // Asaas says it is paid after all (a chargeback won): nothing is taken back.
      out.push({ ...event, type: "ignored", raw: { reason: "still_paid", event: event.raw } });
      continue;
    }
    const status =
      event.type === "payment_reversed" && payment.status !== "refunded"
        ? "overdue"
        : payment.status;
    out.push(await withPixCode(db, deps.provider, { ...event, payment: { ...payment, status } }));
  }
  return out;
}
