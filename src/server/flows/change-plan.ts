/**
 * Another plan (flow: decision 022, 027): the provider first (a one-off charge of an upgrade's
 * pro-rated difference, or the subscription's new price), then in one transaction billing's rows
 * and, when the plan moved now, the company's plan state (companies).
 */
import type { Plan, SubscribeResult } from "@shared/billing.schema";
import type { Db } from "../db/client";
import type { CompanyActor } from "../middleware/actor";
import { getOverview } from "../modules/billing/billing.service";
import { type BillingDeps, eventContext } from "../modules/billing/billing-context";
import { preparePlanChange, savePlanChange } from "../modules/billing/billing-plan-change";
import { lockCompany, saveCompanyBillingState } from "../modules/companies/companies.service";

export async function changePlan(
  db: Db,
  deps: BillingDeps,
  actor: CompanyActor,
  input: { plan: Plan },
): Promise<SubscribeResult> {
  const ctx = eventContext(deps);
  const change = await preparePlanChange(db, deps, actor, input);
  const { checkoutUrl } = await db.transaction(async (tx) => {
    await lockCompany(tx, actor.companyId);
    const saved = await savePlanChange(tx, ctx, actor, change);
    if (saved.company) await saveCompanyBillingState(tx, actor.companyId, saved.company);
    return saved;
  });
  return { overview: await getOverview(db, deps.provider.name, actor), checkoutUrl };
}
