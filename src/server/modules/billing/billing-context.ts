import type { Plan } from "@shared/billing.schema";
import { AppError } from "../../errors";
import type { EventContext } from "./billing-events";
import type { BillingProvider } from "./provider";

/** What billing's operations need: the provider and the app's URL (for links in e-mails). */
export type BillingDeps = { provider: BillingProvider; appUrl: string };

/** The provider's context for events; production without credentials answers 503. */
export function eventContext(deps: BillingDeps): EventContext {
  if (deps.provider.name === "unavailable") {
    throw new AppError("billing_unavailable", 503, "Billing is not configured on this server.");
  }
  return { provider: deps.provider.name, appUrl: deps.appUrl };
}

export const PAYABLE = ["pending", "overdue"] as const;

export const PLAN_DESCRIPTIONS: Record<Plan, string> = {
  pro: "Carimbou Pro",
  supreme: "Carimbou Supremo com IA",
};
