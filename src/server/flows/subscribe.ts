/**
 * 'Assinar' (flow: decision 022): the provider's customer and subscription first (billing), then
 * in one transaction the subscription row, its first charge applied as an event, and the
 * company's plan state saved (companies). A failed write is undone at the provider.
 */
import type { Db } from "../db/client";
import type { CompanyActor } from "../middleware/actor";
import {
  prepareSubscription,
  type SubscribeInput,
  saveSubscription,
  subscriptionResult,
  undoAtProvider,
} from "../modules/billing/billing.service";
import { type BillingDeps, eventContext } from "../modules/billing/billing-context";
import { lockCompany, saveCompanyBillingState } from "../modules/companies/companies.service";
import { applyBillingEvent } from "./apply-billing-event";

export async function subscribe(
  db: Db,
  deps: BillingDeps,
  actor: CompanyActor,
  input: SubscribeInput,
) {
  const ctx = eventContext(deps);
  const prepared = await prepareSubscription(db, deps, actor, input);
  try {
    await db.transaction(async (tx) => {
      await lockCompany(tx, actor.companyId);
      const state = await saveSubscription(tx, ctx, actor, input, prepared);
      if (prepared.firstEvent) {
        await applyBillingEvent(tx, ctx, prepared.firstEvent, `user:${actor.userId}`);
      } else {
        await saveCompanyBillingState(tx, actor.companyId, state);
      }
    });
  } catch (error) {
    await undoAtProvider(deps.provider, prepared.subscriptionId, error);
    throw error;
  }
  return subscriptionResult(db, deps, actor, prepared);
}
