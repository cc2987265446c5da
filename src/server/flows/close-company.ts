import type { BillingProvider } from "../modules/billing/provider";

/** 'Fechar conta' (issue 34, being built). */
export type ClosureDeps = { provider: BillingProvider; appUrl: string };
