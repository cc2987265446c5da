/**
 * The dev provider's checkout and clock (flow: decision 022; never in production, only from this
 * machine): billing builds the events a provider would send (billing-dev.ts) and they are applied
 * as a webhook's are; the clock also moves the company's trial, paid period and grace (companies).
 */
import type { BillingOverview } from "@shared/billing.schema";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import type { CompanyActor } from "../middleware/actor";
import { getOverview } from "../modules/billing/billing.service";
import { type BillingDeps, eventContext } from "../modules/billing/billing-context";
import {
  type DevInvoiceAction,
  devInvoiceEvent,
  lateDevCharges,
  nextDevCharge,
  shiftDevClock,
} from "../modules/billing/billing-dev";
import { lockCompany, saveCompanyBillingState } from "../modules/companies/companies.service";
import { applyBillingEvent, processBillingEvent } from "./apply-billing-event";

/** The local checkout's buttons: a paid, failed (stays pending) or overdue charge. */
export async function actOnDevInvoice(
  db: Db,
  deps: BillingDeps,
  actor: CompanyActor,
  id: string,
  action: DevInvoiceAction,
): Promise<BillingOverview> {
  const ctx = eventContext(deps);
  const event = await devInvoiceEvent(db, deps, actor, id, action);
  await processBillingEvent(db, ctx, event, `user:${actor.userId}`);
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
  await db.transaction(async (tx) => {
    const company = await lockCompany(tx, actor.companyId);
    if (!company) throw new AppError("not_found", 404, "Company not found");
    await saveCompanyBillingState(tx, actor.companyId, await shiftDevClock(tx, company, days));
    const now = new Date();
    // The next months' charges (at most a year and a bit at once).
    for (let i = 0; i < 14; i++) {
      const event = await nextDevCharge(tx, actor.companyId, now);
      if (!event) break;
      await applyBillingEvent(tx, ctx, event, "dev-clock");
    }
    for (const event of await lateDevCharges(tx, actor.companyId, now)) {
      await applyBillingEvent(tx, ctx, event, "dev-clock");
    }
  });
  return getOverview(db, deps.provider.name, actor);
}
