import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { CreateProgramSchema, ProgramSchema } from "../../../shared/loyalty.schema";
import type { Db } from "../../db/client";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonBody, jsonContent, validationHook } from "../../openapi";
import { createProgram, listPrograms } from "./programs.service";

const listRoute = createRoute({
  method: "get",
  path: "/programs",
  tags: ["programs"],
  summary: "The company's loyalty programmes (the default one first)",
  responses: {
    200: { description: "Programmes", ...jsonContent(z.array(ProgramSchema)) },
    ...apiErrorResponses,
  },
});

const createProgramRoute = createRoute({
  method: "post",
  path: "/programs",
  tags: ["programs"],
  summary: "'Novo Cartão': a new programme (1 to 50 stamps for a reward)",
  request: jsonBody(CreateProgramSchema),
  responses: {
    201: { description: "Created", ...jsonContent(ProgramSchema) },
    ...apiErrorResponses,
  },
});

export function programsRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(listRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user);
    return c.json(await listPrograms(db, actor.companyId), 200);
  });
  app.openapi(createProgramRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user);
    return c.json(await createProgram(db, actor.companyId, c.req.valid("json")), 201);
  });
  return app;
}
