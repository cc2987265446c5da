/**
 * Query keys of this feature, and the keys of its mutations (src/web/invalidations.ts wires what
 * they change in other features). Kept apart from api.ts so the app's entry imports only these.
 */
export const backupKeys = {
  all: ["backup"] as const,
  stored: () => [...backupKeys.all, "stored"] as const,
};

export const backupMutations = {
  download: ["backup", "download"] as const,
  downloadStored: ["backup", "download-stored"] as const,
};
