import type { ReportQuery } from "@shared/reports.schema";

/**
 * Query keys of this feature, and the keys of its mutations (src/web/invalidations.ts wires what
 * they change in other features). Kept apart from api.ts so the app's entry imports only these.
 */
export const reportKeys = {
  all: ["reports"] as const,
  dashboard: () => [...reportKeys.all, "dashboard"] as const,
  /** The dashboard's 'Primeiros passos'. */
  setup: () => [...reportKeys.all, "setup"] as const,
  report: (period: ReportQuery) =>
    [
      ...reportKeys.all,
      "report",
      period.from,
      period.to,
      period.memberId ?? "",
      period.locationId ?? "",
    ] as const,
  filters: () => [...reportKeys.all, "filters"] as const,
};

export const reportMutations = {
  /** A download of an export changes nothing on the server. */
  export: ["reports", "export"] as const,
  /** 'Ocultar lista' on the dashboard's 'Primeiros passos', and its 'Desfazer'. */
  dismissSetup: ["reports", "dismiss-setup"] as const,
};
