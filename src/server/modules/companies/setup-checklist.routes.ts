import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { SetupChecklistSchema } from "@shared/reports.schema";
import type { Db } from "../../db/client";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonContent, validationHook } from "../../openapi";
import { getSetupChecklist } from "../reports/setup.queries";
import { setSetupChecklistDismissed } from "./setup-checklist.service";

/**
 * The dashboard's 'Primeiros passos' hidden and shown again. In the companies module because the
 * dismissal is a column of the company's row; the list itself is the reports module's read model
 * (GET /api/dashboard/setup), which both answers with.
 */
const dismissRoute = (method: "post" | "delete") =>
  createRoute({
    method,
    path: "/dashboard/setup/dismiss",
    tags: ["reports"],
    summary:
      method === "post"
        ? "'Ocultar lista': hides the dashboard's setup checklist for the whole company (kept on the server)"
        : "'Desfazer': shows the dashboard's setup checklist again",
    responses: {
      200: { description: "The checklist", ...jsonContent(SetupChecklistSchema) },
      ...apiErrorResponses,
    },
  });

export function setupChecklistRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  for (const method of ["post", "delete"] as const) {
    app.openapi(dismissRoute(method), async (c) => {
      const actor = await requireCompanyActor(db, c.var.user, "dashboard");
      await setSetupChecklistDismissed(db, actor.companyId, method === "post");
      return c.json(await getSetupChecklist(db, actor.companyId), 200);
    });
  }
  return app;
}
