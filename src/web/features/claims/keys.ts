import type { Claim } from "@shared/claims.schema";

/**
 * Query keys of this feature, and the keys of its mutations (src/web/invalidations.ts wires what
 * they change in other features). Kept apart from api.ts so the app's entry imports only these.
 */
export const claimKeys = {
  all: ["claims"] as const,
  mine: () => [...claimKeys.all, "mine"] as const,
  company: (status: Claim["status"]) => [...claimKeys.all, "company", status] as const,
};

/**
 * This feature's mutations. A claim also changes cards, customers, the dashboard figures and the
 * bell: src/web/invalidations.ts wires those.
 */
export const claimMutations = {
  claim: [...claimKeys.all, "claim"] as const,
  uploadReceipt: [...claimKeys.all, "upload-receipt"] as const,
  approve: [...claimKeys.all, "approve"] as const,
  reject: [...claimKeys.all, "reject"] as const,
};
