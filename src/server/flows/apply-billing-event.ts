/**
 * A billing event applied (flow: decision 022): a provider's webhook, the reconciliation's
 * findings, the dev checkout and clock. The company the event is about is locked, billing applies
 * the event to its own rows (billing-events.ts) and answers the company's plan, paid period and
 * grace, which are saved on the company (companies) in the same transaction.
 */
import type { Db } from "../db/client";
import { type BillingDeps, eventContext } from "../modules/billing/billing-context";
import {
  type AppliedEvent,
  applyEvent,
  type EventContext,
  findEventCompany,
} from "../modules/billing/billing-events";
import { webhookEvents } from "../modules/billing/billing-webhook";
import type { BillingEvent } from "../modules/billing/provider";
import { lockCompany, saveCompanyBillingState } from "../modules/companies/companies.service";

/** Inside the caller's transaction (subscribing, the dev clock apply several). */
export async function applyBillingEvent(
  tx: Db,
  ctx: EventContext,
  event: BillingEvent,
  actor: string,
): Promise<AppliedEvent> {
  const companyId = await findEventCompany(tx, ctx.provider, event);
  // One event of a company at a time: its invoices and state change behind the company's lock,
  // taken before the event row (whose foreign key share-locks the company: taking FOR UPDATE after
  // it, two events of one company at once would deadlock on PostgreSQL).
  if (companyId) await lockCompany(tx, companyId);
  const applied = await applyEvent(tx, ctx, event, actor, companyId);
  if (companyId && applied.company) {
    await saveCompanyBillingState(tx, companyId, applied.company);
  }
  return applied;
}

/** The event in its own transaction. */
export function processBillingEvent(db: Db, ctx: EventContext, event: BillingEvent, actor: string) {
  return db.transaction((tx) => applyBillingEvent(tx, ctx, event, actor));
}

/**
 * POST /api/billing/webhooks/asaas: authenticated, each event checked, re-read from the provider
 * (billing-webhook.ts) and applied once, each in its own transaction.
 */
export async function receiveBillingWebhook(
  db: Db,
  deps: BillingDeps,
  headers: Headers,
  rawBody: string,
): Promise<void> {
  const events = await webhookEvents(db, deps, headers, rawBody);
  const ctx = eventContext(deps);
  for (const event of events) {
    await processBillingEvent(db, ctx, event, "webhook");
  }
}
