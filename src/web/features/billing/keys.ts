/**
 * Query keys of this feature, and the keys of its mutations (src/web/invalidations.ts wires what
 * they change in other features). Kept apart from api.ts so the app's entry imports only these.
 */
export const billingKeys = {
  all: ["billing"] as const,
  /** 'Plano': the plan, the subscription, the next charge and the invoices. */
  overview: () => [...billingKeys.all, "overview"] as const,
  /** One invoice on the dev provider's local checkout page. */
  devInvoice: (id: string) => [...billingKeys.all, "dev-invoice", id] as const,
};

export const billingMutations = {
  subscribe: [...billingKeys.all, "subscribe"] as const,
  changePlan: [...billingKeys.all, "change-plan"] as const,
  cancel: [...billingKeys.all, "cancel"] as const,
  /** The dev checkout's 'Simular pagamento aprovado | falha | vencimento'. */
  simulate: [...billingKeys.all, "simulate"] as const,
};
