/**
 * Query keys of this feature, and the keys of its mutations (src/web/invalidations.ts wires what
 * they change in other features). Kept apart from api.ts so the app's entry imports only these.
 */
export const companyDataKeys = {
  all: ["company-data"] as const,
};

/**
 * This feature's mutations. What shows the company's name or logo elsewhere (the panel's signed-in
 * `me`, the customer-side company queries) is refreshed by src/web/invalidations.ts.
 */
export const companyDataMutations = {
  save: [...companyDataKeys.all, "save"] as const,
  uploadLogo: [...companyDataKeys.all, "upload-logo"] as const,
};
