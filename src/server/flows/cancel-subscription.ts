/**
 * 'Cancelar' (flow: decision 022): the provider's subscription deleted (billing), then in one
 * transaction its unpaid charges cancelled and the company's plan state saved (companies).
 */
import type { BillingOverview } from "@shared/billing.schema";
import type { Db } from "../db/client";
import type { CompanyActor } from "../middleware/actor";
import {
  cancelAtProvider,
  getOverview,
  saveCancellation,
} from "../modules/billing/billing.service";
import { type BillingDeps, eventContext } from "../modules/billing/billing-context";
import { lockCompany, saveCompanyBillingState } from "../modules/companies/companies.service";

export async function cancelSubscription(
  db: Db,
  deps: BillingDeps,
  actor: CompanyActor,
): Promise<BillingOverview> {
  const ctx = eventContext(deps);
  const sub = await cancelAtProvider(db, deps, actor);
  await db.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    const state = await saveCancellation(tx, ctx, actor, sub.providerSubscriptionId);
    if (state) await saveCompanyBillingState(tx, actor.companyId, state);
  });
  return getOverview(db, deps.provider.name, actor);
}
