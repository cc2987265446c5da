/**
 * Query keys of this feature, and the keys of its mutations (src/web/invalidations.ts wires what
 * they change in other features). Kept apart from api.ts so the app's entry imports only these.
 */
export const securityKeys = {
  all: ["security"] as const,
  status: ["security", "status"] as const,
  accessLog: ["security", "access-log"] as const,
};
