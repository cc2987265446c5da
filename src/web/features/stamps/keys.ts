/**
 * This feature's mutations. Stamping changes other features' data only (cards, customers,
 * programmes, the dashboard, the bell): src/web/invalidations.ts wires what each one refreshes.
 */
export const stampMutations = {
  addForCustomer: ["stamps", "add-for-customer"] as const,
  addOnCard: ["stamps", "add-on-card"] as const,
};
