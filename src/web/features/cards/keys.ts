import type { CardSort, CardStatus } from "@shared/cards.schema";

/**
 * Query keys of this feature, and the keys of its mutations (src/web/invalidations.ts wires what
 * they change in other features). Kept apart from api.ts so the app's entry imports only these.
 */
export const cardKeys = {
  all: ["cards"] as const,
  list: (search: string, sort: CardSort) => [...cardKeys.all, "list", search, sort] as const,
  summary: () => [...cardKeys.all, "summary"] as const,
  details: (id: string) => [...cardKeys.all, "details", id] as const,
  byCode: (code: string) => [...cardKeys.all, "code", code] as const,
  recent: (status?: CardStatus) => [...cardKeys.all, "recent", status ?? "all"] as const,
  activity: (customerId: string) => [...cardKeys.all, "activity", customerId] as const,
};

export const cardMutations = {
  redeem: [...cardKeys.all, "redeem"] as const,
  open: [...cardKeys.all, "open"] as const,
  join: [...cardKeys.all, "join"] as const,
};

/** The customer's side: their cards and a company's page. */
export const customerCardKeys = {
  all: ["customer-cards"] as const,
  company: (companyId: string) => [...customerCardKeys.all, "company", companyId] as const,
};
