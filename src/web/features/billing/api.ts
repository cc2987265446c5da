import type { ChangePlan, SubscribeSchema } from "@shared/billing.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { type ApiSchemas, api } from "@/web/lib/api-client";
import { billingKeys, billingMutations } from "./keys";

/** The plan, the subscription, the next charge and the invoices (newest first). */
export const billingOverviewQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.overview(),
    queryFn: ({ signal }) => api.get("/api/billing", { signal }),
  });

/** An invoice of the dev provider (its local checkout page). */
export const devInvoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: billingKeys.devInvoice(id),
    queryFn: ({ signal }) =>
      api.get("/api/dev/billing/invoices/{id}", { params: { path: { id } }, signal }),
  });

/** Puts a fresh overview in the cache and refetches the rest of the feature (invoices). */
function useOverviewUpdate() {
  const queryClient = useQueryClient();
  return async (overview: ApiSchemas["BillingOverview"]) => {
    queryClient.setQueryData(billingKeys.overview(), overview);
    await queryClient.invalidateQueries({ queryKey: billingKeys.all });
  };
}

/** 'Assinar': the plan, how to pay and the billing data (409 subscription_exists). */
export function useSubscribe() {
  const update = useOverviewUpdate();
  return useMutation({
    mutationKey: billingMutations.subscribe,
    mutationFn: (input: z.output<typeof SubscribeSchema>) =>
      api.post("/api/billing/subscription", { body: input }),
    onSuccess: (result) => update(result.overview),
  });
}

/** 'Mudar para …': the new price from the next charge on (409 plan_unchanged). */
export function useChangePlan() {
  const update = useOverviewUpdate();
  return useMutation({
    mutationKey: billingMutations.changePlan,
    mutationFn: (input: ChangePlan) => api.put("/api/billing/subscription/plan", { body: input }),
    onSuccess: (result) => update(result.overview),
  });
}

/** 'Cancelar assinatura': access goes on until the end of the paid period. */
export function useCancelSubscription() {
  const update = useOverviewUpdate();
  return useMutation({
    mutationKey: billingMutations.cancel,
    mutationFn: () => api.post("/api/billing/subscription/cancel"),
    onSuccess: update,
  });
}

export type SimulatedOutcome = "pay" | "fail" | "overdue";

/** The dev checkout: a paid, failed or overdue charge, as the provider's webhook would say. */
export function useSimulateInvoice() {
  const update = useOverviewUpdate();
  return useMutation({
    mutationKey: billingMutations.simulate,
    mutationFn: ({ id, outcome }: { id: string; outcome: SimulatedOutcome }) =>
      api.post("/api/dev/billing/invoices/{id}/{action}", {
        params: { path: { id, action: outcome } },
      }),
    onSuccess: update,
  });
}

/** Where `checkoutUrl` sends the owner: a page of this app (the dev checkout) or the provider's. */
export type CheckoutTarget = { kind: "app"; path: string } | { kind: "external"; url: string };

/**
 * The dev provider's checkout is this app's /plano/checkout/:invoiceId (a path of another shape
 * ending in /checkout/:id is read as that invoice); any absolute URL is the provider's page.
 */
export function checkoutTarget(url: string): CheckoutTarget {
  if (!url.startsWith("/") || url.startsWith("//")) return { kind: "external", url };
  const id = url.match(/\/checkout\/([^/?#]+)/)?.[1];
  return { kind: "app", path: id ? `/plano/checkout/${id}` : url };
}

/** The dev provider's local checkout page of an invoice. */
export const devCheckoutPath = (invoiceId: string) =>
  `/plano/checkout/${encodeURIComponent(invoiceId)}`;
