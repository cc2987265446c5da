import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { PrivacyRequestListSchema } from "@shared/privacy.schema";
import type { Db } from "../../db/client";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonContent, validationHook } from "../../openapi";
import { listCompanyPrivacyRequests } from "./privacy-requests.queries";

const listRoute = createRoute({
  method: "get",
  path: "/privacy-requests",
  tags: ["privacy"],
  summary:
    "'Pedidos de titulares' (the Owner and Managers): the LGPD requests that touched the company (a member who left, an account deleted), newest first, the last 200; kinds, states and dates, no personal data",
  responses: {
    200: { description: "Requests", ...jsonContent(PrivacyRequestListSchema) },
    ...apiErrorResponses,
  },
});

/** The company's side of the data subjects' requests (issue 34). */
export function privacyRequestRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(listRoute, async (c) => {
    // The customers' list is the Owner's and the Managers': so are their requests.
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    return c.json({ items: await listCompanyPrivacyRequests(db, actor.companyId) }, 200);
  });
  return app;
}
