import type { ExportDataset, ReportQuery } from "@shared/reports.schema";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { reportKeys, reportMutations } from "./keys";

/** The dashboard's figures, counted by the server. */
export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.dashboard(),
    queryFn: ({ signal }) => api.get("/api/dashboard", { signal }),
  });

/**
 * The dashboard's 'Primeiros passos', ticked by the server from the company's data. Refetched
 * each time the dashboard shows (the owner comes back from the page where a step is done) and
 * when the window regains focus (the poster opened in another tab, say).
 */
export const setupChecklistQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.setup(),
    queryFn: ({ signal }) => api.get("/api/dashboard/setup", { signal }),
    refetchOnWindowFocus: true,
  });

/** 'Ocultar lista' (true) and its 'Desfazer' (false), kept on the server for the company. */
export function useDismissSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reportMutations.dismissSetup,
    mutationFn: (dismissed: boolean) =>
      dismissed
        ? api.post("/api/dashboard/setup/dismiss")
        : api.delete("/api/dashboard/setup/dismiss"),
    onSuccess: (setup) => queryClient.setQueryData(reportKeys.setup(), setup),
  });
}

/** The period and, when narrowed, the member and the shop, as the API reads them. */
const reportParams = (period: ReportQuery) => ({
  from: period.from,
  to: period.to,
  ...(period.memberId ? { memberId: period.memberId } : {}),
  ...(period.locationId ? { locationId: period.locationId } : {}),
});

const periodParams = (period: ReportQuery) => new URLSearchParams(reportParams(period)).toString();

/**
 * /relatorios: the period's figures and the previous period's. A new period keeps the last one
 * on screen while it loads (no skeleton flash between presets).
 */
export const reportQueryOptions = (period: ReportQuery) =>
  queryOptions({
    queryKey: reportKeys.report(period),
    queryFn: ({ signal }) =>
      api.get("/api/reports", { params: { query: reportParams(period) }, signal }),
    placeholderData: keepPreviousData,
  });

/** What /relatorios can be narrowed to: the team, and the shops when there are two or more. */
export const reportFiltersQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.filters(),
    queryFn: ({ signal }) => api.get("/api/reports/filters", { signal }),
  });

/** What one export button downloads: a dataset's CSV or the whole workbook. */
export type ExportFile = { kind: "csv"; dataset: ExportDataset } | { kind: "xlsx" };

const exportPath = (file: ExportFile, period: ReportQuery) =>
  `/api/reports/exports/${file.kind === "csv" ? `${file.dataset}.csv` : "relatorio.xlsx"}?${periodParams(period)}`;

const fallbackName = (file: ExportFile, period: ReportQuery) =>
  `carimbou-${file.kind === "csv" ? file.dataset : "relatorio"}-${period.from}-${period.to}.${file.kind}`;

/**
 * Downloads an export with the session cookie (fetch → blob → a clicked `<a download>`), so a
 * refused or failed answer is an error the page can show instead of a broken file.
 */
export function useDownloadExport() {
  return useMutation({
    mutationKey: reportMutations.export,
    mutationFn: async ({ file, period }: { file: ExportFile; period: ReportQuery }) => {
      const { blob, fileName } = await api.download(exportPath(file, period));
      const name = fileName ?? fallbackName(file, period);
      const url = URL.createObjectURL(blob);
      try {
        const link = document.createElement("a");
        link.href = url;
        link.download = name;
        link.style.display = "none";
        document.body.append(link);
        link.click();
        link.remove();
      } finally {
        // Give the browser a moment to start the download before the blob goes.
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      }
      return name;
    },
  });
}
