/**
 * Query keys of this feature, and the keys of its mutations (src/web/invalidations.ts wires what
 * they change in other features). Kept apart from api.ts so the app's entry imports only these.
 */
export const companyKeys = {
  all: ["companies"] as const,
  public: (id: string) => [...companyKeys.all, "public", id] as const,
};

export const companyMutations = {
  /** 'Baixar cartaz': the server records the download (the setup checklist's step). */
  downloadPoster: ["companies", "download-poster"] as const,
};
