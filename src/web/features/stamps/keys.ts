/**
 * Query keys of this feature, and the keys of its mutations (src/web/invalidations.ts wires what
 * they change in other features). Kept apart from api.ts so the app's entry imports only these.
 */
/**
 * This feature's mutations. Stamping changes other features' data only (cards, customers,
 * programmes, the dashboard, the bell): src/web/invalidations.ts wires what each one refreshes.
 */
export const stampMutations = {
  addForCustomer: ["stamps", "add-for-customer"] as const,
  addOnCard: ["stamps", "add-on-card"] as const,
};
