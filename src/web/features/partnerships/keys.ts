import type { MarketplaceQuery } from "@shared/partnerships.schema";

/** Which partnerships a list shows (GET /api/partnerships?state=…). */
export type PartnershipListState = "pending" | "active" | "closed" | "all";

/**
 * Query keys of this feature, and the keys of its mutations (src/web/invalidations.ts wires what
 * they change in other features). Kept apart from api.ts so the app's entry imports only these.
 */
export const partnershipKeys = {
  all: ["partnerships"] as const,
  /** The switch, the description and the counts (shortcuts, sidebar badge). */
  overview: () => [...partnershipKeys.all, "overview"] as const,
  marketplace: (query: MarketplaceQuery) => [...partnershipKeys.all, "marketplace", query] as const,
  list: (state: PartnershipListState) => [...partnershipKeys.all, "list", state] as const,
  /** One partnership (opening a received request marks it read). */
  detail: (id: string) => [...partnershipKeys.all, "detail", id] as const,
  /** A partnership's conversation, polled while it is open. */
  thread: (id: string) => [...partnershipKeys.all, "thread", id] as const,
  /** A company's partners on the customer's company page. */
  publicPartners: (companyId: string) => [...partnershipKeys.all, "public", companyId] as const,
};

export const partnershipMutations = {
  saveSettings: [...partnershipKeys.all, "save-settings"] as const,
  request: [...partnershipKeys.all, "request"] as const,
  answer: [...partnershipKeys.all, "answer"] as const,
  cancel: [...partnershipKeys.all, "cancel"] as const,
  end: [...partnershipKeys.all, "end"] as const,
  send: [...partnershipKeys.all, "send"] as const,
};
