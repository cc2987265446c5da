import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { SandboxDataSchema } from "@shared/integrations.schema";
import type { Db } from "../../db/client";
import { emptySandbox } from "../../flows/empty-sandbox";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonContent, validationHook } from "../../openapi";
import { findSandboxData } from "./sandbox.queries";

const tags = ["integrations"];

const sandboxRoute = createRoute({
  method: "get",
  path: "/integrations/sandbox",
  tags,
  summary:
    "'Dados de teste': the members, cards and latest 20 stamps the test keys made in the company's sandbox (Dono only)",
  responses: {
    200: { description: "The sandbox's data", ...jsonContent(SandboxDataSchema) },
    ...apiErrorResponses,
  },
});

const emptySandboxRoute = createRoute({
  method: "delete",
  path: "/integrations/sandbox",
  tags,
  summary:
    "'Apagar dados de teste': deletes the sandbox and everything in it; test keys keep working on a new one",
  responses: { 204: { description: "Emptied" }, ...apiErrorResponses },
});

/** The sandbox test keys act on, seen and emptied from /integracoes. */
export function sandboxRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });

  app.openapi(sandboxRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "integrations");
    return c.json(await findSandboxData(db, actor.companyId), 200);
  });

  app.openapi(emptySandboxRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "integrations");
    await emptySandbox(db, actor.companyId);
    return c.body(null, 204);
  });

  return app;
}
