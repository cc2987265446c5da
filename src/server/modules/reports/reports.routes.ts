import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { DashboardStatsSchema } from "../../../shared/reports.schema";
import type { Db } from "../../db/client";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonContent, validationHook } from "../../openapi";
import { getDashboardStats } from "./reports.queries";

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

export function reportsRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(dashboardRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user);
    return c.json(await getDashboardStats(db, actor.companyId), 200);
  });
  return app;
}
