import {
  type BillingOverview,
  type Invoice,
  PLAN_PRICES_CENTS,
  type Plan,
} from "@shared/billing.schema";

/**
 * What 'Mudar para …' will do, read from the overview as the server decides it (decision 027):
 * - `upgradeCharge`: a higher plan within a paid period: a charge of the pro-rated difference is
 *   made now, and the plan switches when it is paid;
 * - `upgradeNow`: a higher plan with nothing paid for it yet (the trial's first charge): the
 *   subscription and its open charges move to the new price now, nothing is charged now;
 * - `downgrade`: a lower plan: the new price from the next charge; a paid higher plan goes on until
 *   its period ends (`paidUntil`).
 * `trialUntil`: the trial still runs and includes everything until then, paid early or not.
 */
export type PlanChangeCase = {
  kind: "upgradeCharge" | "upgradeNow" | "downgrade";
  /** The end of the paid period (ISO) when one runs. */
  paidUntil: string | null;
  /** The end of the trial (ISO) while it runs. */
  trialUntil: string | null;
};

type OverviewPart = Pick<BillingOverview, "plan" | "paidUntil" | "trialEndsAt" | "invoices">;

const running = (moment: string | null, now: Date): moment is string =>
  !!moment && Date.parse(moment) > now.getTime();

export function planChangeCase(
  overview: OverviewPart,
  to: Plan,
  now: Date = new Date(),
): PlanChangeCase {
  const paidUntil = running(overview.paidUntil, now) ? overview.paidUntil : null;
  const trialUntil = running(overview.trialEndsAt, now) ? overview.trialEndsAt : null;
  const from = overview.plan;
  const up = !from || PLAN_PRICES_CENTS[to] > PLAN_PRICES_CENTS[from];
  if (!up) return { kind: "downgrade", paidUntil, trialUntil };
  // The plan of the period paid (invoices newest first): back to a plan already paid for is no
  // upgrade to pay for.
  const paidPlan = overview.invoices.find((i) => i.status === "paid")?.plan;
  const charge = paidUntil && paidPlan && PLAN_PRICES_CENTS[paidPlan] < PLAN_PRICES_CENTS[to];
  return { kind: charge ? "upgradeCharge" : "upgradeNow", paidUntil, trialUntil };
}

/**
 * The upgrade waiting for its payment: an open charge for a plan above the subscribed one (the
 * subscription's own charges always follow its plan; only an upgrade's difference is for another).
 */
export function waitingUpgrade(
  overview: Pick<BillingOverview, "plan" | "invoices">,
): Invoice | null {
  const from = overview.plan;
  if (!from) return null;
  return (
    overview.invoices.find(
      (i) => i.status === "pending" && PLAN_PRICES_CENTS[i.plan] > PLAN_PRICES_CENTS[from],
    ) ?? null
  );
}
