/**
 * The plans, their prices and where a company stands, without zod: the panel's first screen reads
 * them (decision 042), and billing.schema.ts builds its schemas on them.
 */
export const PLANS = ["pro", "supreme"] as const;
export type Plan = (typeof PLANS)[number];

export const PLAN_PRICES_CENTS: Record<Plan, number> = { pro: 3990, supreme: 24900 };

/**
 * Where the company stands: `trial` (until trialEndsAt), `paid` (a paid period runs), `grace` (a
 * charge is overdue, writes still allowed until graceUntil), `expired` (read-only panel: stamping,
 * claims and redemption still work).
 */
export const PLAN_STATUSES = ["trial", "paid", "grace", "expired"] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
