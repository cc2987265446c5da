/**
 * Query keys of this feature, and the keys of its mutations (src/web/invalidations.ts wires what
 * they change in other features). Kept apart from api.ts so the app's entry imports only these.
 */
export const programKeys = {
  all: ["programs"] as const,
  list: () => [...programKeys.all, "list"] as const,
};

export const programMutations = {
  create: [...programKeys.all, "create"] as const,
  update: [...programKeys.all, "update"] as const,
  action: [...programKeys.all, "action"] as const,
};
