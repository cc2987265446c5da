/**
 * This feature's mutations. Stamping changes other features' data only (cards, customers,
 * programmes, the dashboard, the bell): src/web/invalidations.ts wires what each one refreshes.
 */
export const stampMutations = {
  addForCustomer: ["stamps", "add-for-customer"] as const,
  addOnCard: ["stamps", "add-on-card"] as const,
  /** A customer's self-stamp (/carimbar): their cards change. */
  selfStamp: ["stamps", "self-stamp"] as const,
};

export const stampKeys = {
  all: ["stamps"] as const,
  /** The counter screen's self-stamp code (/balcao/qr), fetched again as it changes. */
  selfStampCode: () => [...stampKeys.all, "self-stamp-code"] as const,
};
