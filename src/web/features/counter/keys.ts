/**
 * Query keys of the counter ('Balcão') and the customer's counter code, and the counter's
 * mutations (src/web/invalidations.ts wires what a stamp or a redemption here makes stale in the
 * panel's other features). Kept apart from api.ts so the app's entry imports only these.
 */
export const counterKeys = {
  all: ["counter"] as const,
  rules: () => [...counterKeys.all, "rules"] as const,
  customer: (id: string) => [...counterKeys.all, "customer", id] as const,
  search: (term: string) => [...counterKeys.all, "search", term] as const,
};

/** The signed-in customer's 'Mostrar no balcão' code. */
export const counterCodeKeys = { all: ["counter-code"] as const };

export const counterMutations = {
  lookup: [...counterKeys.all, "lookup"] as const,
  stamp: [...counterKeys.all, "stamp"] as const,
  redeem: [...counterKeys.all, "redeem"] as const,
};
