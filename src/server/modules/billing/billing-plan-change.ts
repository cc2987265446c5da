import { PLAN_PRICES_CENTS, type Plan } from "@shared/billing.schema";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { activeSubscription } from "./billing.service";
import { invoices } from "./billing.table";
import { type BillingDeps, eventContext, PLAN_DESCRIPTIONS } from "./billing-context";
import { dayOf } from "./billing-dates";
import {
  type EventContext,
  type InvoiceRow,
  recordBillingEvent,
  refreshCompanyBilling,
  type SubscriptionRow,
  switchPlan,
} from "./billing-events";
import { insertUpgradeInvoice } from "./billing-invoices";
import type { CompanyBillingState } from "./billing-state";
import { withPixCode } from "./billing-webhook";
import type { ProviderPayment } from "./provider";

/**
 * Another plan (decision 027). Features follow the plan of the paid (or graced) charge that
 * covers today, so a plan change never gives anything unpaid:
 * - up, within a paid period: a one-off charge of the pro-rated difference for the rest of that
 *   period; the subscription moves to the new plan when it is paid (billing-events.ts switchPlan);
 * - down, or with nothing paid yet (the trial's first charge): the subscription and its unpaid
 *   charges move now (a paid higher plan goes on until its period ends);
 * - back to the current plan while an upgrade waits for its payment: that charge is withdrawn.
 * With a charge overdue, pay it first (409 invoice_overdue).
 */

/** The smallest charge Asaas makes by Pix or boleto (R$ 5,00). */
export const MIN_CHARGE_CENTS = 500;

export type PlanChange =
  | { kind: "switch"; sub: SubscriptionRow; plan: Plan }
  | {
      kind: "upgrade";
      sub: SubscriptionRow;
      plan: Plan;
      charge: ProviderPayment;
      periodEnd: string;
    }
  | { kind: "withdraw"; sub: SubscriptionRow; invoice: InvoiceRow }
  | { kind: "pending"; sub: SubscriptionRow; invoice: InvoiceRow };

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The pro-rated difference from `from` to the period's end (at least MIN_CHARGE_CENTS). */
export function upgradeAmount(
  paid: Pick<InvoiceRow, "dueDate" | "periodEnd" | "plan">,
  to: Plan,
  today: string,
) {
  const from = today > paid.dueDate ? today : paid.dueDate;
  const total = Math.max(1, daysBetween(paid.dueDate, paid.periodEnd));
  const left = Math.max(0, daysBetween(from, paid.periodEnd));
  const cents = Math.ceil(((PLAN_PRICES_CENTS[to] - PLAN_PRICES_CENTS[paid.plan]) * left) / total);
  return Math.max(MIN_CHARGE_CENTS, cents);
}

/** The plan change's provider side, before the transaction. */
export async function preparePlanChange(
  db: Db,
  deps: BillingDeps,
  actor: CompanyActor,
  input: { plan: Plan },
): Promise<PlanChange> {
  eventContext(deps);
  const sub = await activeSubscription(db, actor.companyId);
  const rows = await db.select().from(invoices).where(eq(invoices.companyId, actor.companyId));
  if (rows.some((r) => r.kind === "subscription" && r.status === "overdue")) {
    throw new AppError("invoice_overdue", 409, "A charge is overdue: pay it before changing plan.");
  }
  const waiting = rows.find((r) => r.kind === "upgrade" && r.status === "pending");
  if (input.plan === sub.plan) {
    if (!waiting) throw new AppError("plan_unchanged", 409, "The company is already on this plan.");
    await deps.provider.cancelCharge(waiting.providerPaymentId);
    return { kind: "withdraw", sub, invoice: waiting };
  }
  if (waiting && waiting.plan === input.plan) return { kind: "pending", sub, invoice: waiting };

  const today = dayOf(new Date());
  // The paid period the new plan would begin within (the latest one not over).
  const [paid] = rows
    .filter((r) => r.kind === "subscription" && r.status === "paid" && r.periodEnd >= today)
    .sort((a, b) => b.periodEnd.localeCompare(a.periodEnd));
  const up = PLAN_PRICES_CENTS[input.plan] > PLAN_PRICES_CENTS[sub.plan];
  if (up && paid && PLAN_PRICES_CENTS[paid.plan] < PLAN_PRICES_CENTS[input.plan]) {
    const charge = await deps.provider.createCharge({
      companyId: actor.companyId,
      customerId: sub.providerCustomerId,
      billingType: sub.billingType,
      valueCents: upgradeAmount(paid, input.plan, today),
      dueDate: today,
      description: `${PLAN_DESCRIPTIONS[input.plan]} (diferença até ${paid.periodEnd})`,
    });
    const event = await withPixCode(db, deps.provider, {
      eventId: `upgrade:${charge.providerPaymentId}`,
      type: "payment_created",
      payment: charge,
      occurredAt: new Date().toISOString(),
    });
    return {
      kind: "upgrade",
      sub,
      plan: input.plan,
      charge: event.payment ?? charge,
      periodEnd: paid.periodEnd,
    };
  }
  await deps.provider.changePlan(sub.providerSubscriptionId!, {
    valueCents: PLAN_PRICES_CENTS[input.plan],
    description: PLAN_DESCRIPTIONS[input.plan],
  });
  return { kind: "switch", sub, plan: input.plan };
}

/**
 * The plan change's rows, in the flow's transaction (the company locked): the company's state to
 * save (null: unchanged) and where to pay an upgrade.
 */
export async function savePlanChange(
  tx: Db,
  ctx: EventContext,
  actor: CompanyActor,
  change: PlanChange,
): Promise<{ company: CompanyBillingState | null; checkoutUrl: string | null }> {
  const record = (type: string, payload: unknown) =>
    recordBillingEvent(tx, {
      provider: ctx.provider,
      companyId: actor.companyId,
      type,
      actor: `user:${actor.userId}`,
      payload,
    });
  switch (change.kind) {
    case "switch": {
      const row = await switchPlan(tx, change.sub, change.plan, false);
      await record("change_plan", { from: change.sub.plan, to: change.plan });
      return {
        company: (await refreshCompanyBilling(tx, actor.companyId, row)).company,
        checkoutUrl: null,
      };
    }
    case "upgrade": {
      const invoice = await insertUpgradeInvoice(
        tx,
        ctx,
        actor.companyId,
        change.plan,
        change.charge,
        change.periodEnd,
      );
      await record("upgrade_requested", {
        from: change.sub.plan,
        to: change.plan,
        amountCents: invoice.amountCents,
        periodEnd: change.periodEnd,
      });
      return { company: null, checkoutUrl: invoice.invoiceUrl };
    }
    case "withdraw": {
      await tx
        .update(invoices)
        .set({ status: "cancelled", updatedAt: new Date() })
        .where(and(eq(invoices.id, change.invoice.id), eq(invoices.status, "pending")));
      await record("upgrade_withdrawn", { plan: change.invoice.plan });
      return { company: null, checkoutUrl: null };
    }
    case "pending":
      return { company: null, checkoutUrl: change.invoice.invoiceUrl };
  }
}
