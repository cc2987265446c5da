import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  DashboardStatsSchema,
  EXPORT_DATASETS,
  type ExportDataset,
  ReportFiltersSchema,
  ReportQuerySchema,
  ReportSchema,
  SetupChecklistSchema,
} from "@shared/reports.schema";
import type { Db } from "../../db/client";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonContent, validationHook } from "../../openapi";
import { exportCsvStream, exportFileName, exportXlsxStream, workbookDatasets } from "./exports";
import { reportFilters } from "./filtered.queries";
import { getDashboardStats } from "./reports.queries";
import { getReport } from "./reports.service";
import { getSetupChecklist } from "./setup.queries";

const dashboardRoute = createRoute({
  method: "get",
  path: "/dashboard",
  tags: ["reports"],
  summary: "The dashboard's figures, counted from the company's data",
  responses: {
    200: { description: "Figures", ...jsonContent(DashboardStatsSchema) },
    ...apiErrorResponses,
  },
});

const setupRoute = createRoute({
  method: "get",
  path: "/dashboard/setup",
  tags: ["reports"],
  summary:
    "The dashboard's 'Primeiros passos': each setup step and whether the company's data shows it done (programme, brand colour and logo, poster, team, referral programme, import), and whether the list was hidden ('Ocultar lista': POST /api/dashboard/setup/dismiss)",
  responses: {
    200: { description: "The steps", ...jsonContent(SetupChecklistSchema) },
    ...apiErrorResponses,
  },
});

const reportRoute = createRoute({
  method: "get",
  path: "/reports",
  tags: ["reports"],
  summary:
    "/relatorios: the company's figures for a period of São Paulo days (from, to; at most 366; narrowed to a team member's or a shop's doing with memberId, locationId) beside the previous period of the same length, stamps by day and method, new members by week and origin, cards completed and redeemed by week, top members, birthdays of the next 30 days",
  request: { query: ReportQuerySchema },
  responses: {
    200: { description: "The report", ...jsonContent(ReportSchema) },
    ...apiErrorResponses,
  },
});

const filtersRoute = createRoute({
  method: "get",
  path: "/reports/filters",
  tags: ["reports"],
  summary:
    "What /relatorios can be narrowed to (memberId, locationId of GET /api/reports and the exports): the company's team, and its shops when it lists two or more",
  responses: {
    200: { description: "The choices", ...jsonContent(ReportFiltersSchema) },
    ...apiErrorResponses,
  },
});

const CSV_FILES = EXPORT_DATASETS.map((d) => `${d}.csv` as const);

const workbookRoute = createRoute({
  method: "get",
  path: "/reports/exports/relatorio.xlsx",
  tags: ["reports"],
  summary:
    "The period's data as one .xlsx workbook, a sheet per dataset (Membros, Cartões, Carimbos, Mensagens, and Indicações when the company has referrals), streamed",
  request: { query: ReportQuerySchema },
  responses: {
    200: {
      description: "carimbou-relatorio-<from>_<to>.xlsx",
      content: {
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
          schema: z.string().openapi({ format: "binary" }),
        },
      },
    },
    ...apiErrorResponses,
  },
});

const csvRoute = createRoute({
  method: "get",
  path: "/reports/exports/{file}",
  tags: ["reports"],
  summary:
    "One dataset of the period as CSV for Excel in Brazil (UTF-8 with BOM, ';', CRLF, dd/MM/yyyy - HH:mm in São Paulo time, formula-safe), streamed: membros (members who joined by the period's end, with their stamps in it), cartoes (opened, completed or redeemed in it), carimbos (confirmed in it), mensagens, indicacoes (made in it)",
  request: {
    params: z.object({ file: z.enum(CSV_FILES, "export_invalid") }),
    query: ReportQuerySchema,
  },
  responses: {
    200: {
      description: "carimbou-<dataset>-<from>_<to>.csv",
      content: { "text/csv": { schema: z.string() } },
    },
    ...apiErrorResponses,
  },
});

const download = (body: ReadableStream<Uint8Array>, type: string, fileName: string) =>
  new Response(body, {
    status: 200,
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });

export function reportsRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(dashboardRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "dashboard");
    return c.json(await getDashboardStats(db, actor.companyId), 200);
  });
  app.openapi(setupRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "dashboard");
    return c.json(await getSetupChecklist(db, actor.companyId), 200);
  });
  app.openapi(reportRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "reports");
    return c.json(await getReport(db, actor.companyId, c.req.valid("query")), 200);
  });
  app.openapi(filtersRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "reports");
    return c.json(await reportFilters(db, actor.companyId), 200);
  });
  // The fixed path before /reports/exports/{file}.
  app.openapi(workbookRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "reports");
    const range = c.req.valid("query");
    const datasets = await workbookDatasets(db, actor.companyId, range);
    return download(
      exportXlsxStream(db, actor.companyId, datasets, range),
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      exportFileName("relatorio", range, "xlsx"),
    ) as never;
  });
  app.openapi(csvRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "reports");
    const range = c.req.valid("query");
    const dataset = c.req.valid("param").file.replace(/\.csv$/, "") as ExportDataset;
    return download(
      exportCsvStream(db, actor.companyId, dataset, range),
      "text/csv; charset=utf-8",
      exportFileName(dataset, range, "csv"),
    ) as never;
  });
  return app;
}
