import { queryOptions } from "@tanstack/react-query";
import type { DashboardStats } from "@/shared/reports.schema";
import { apiClient } from "@/web/lib/api-client";
import { reportKeys } from "./keys";

/** The dashboard's figures, counted by the server. */
export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.dashboard(),
    queryFn: ({ signal }) => apiClient.get<DashboardStats>("/api/dashboard", { signal }),
  });
