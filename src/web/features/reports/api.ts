import { queryOptions } from "@tanstack/react-query";
import type { DashboardStats } from "@/shared/reports.schema";
import { apiClient } from "@/web/lib/api-client";

/** The dashboard's figures, counted by the server. */
export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: ["dashboard"] as const,
    queryFn: ({ signal }) => apiClient.get<DashboardStats>("/api/dashboard", { signal }),
  });
