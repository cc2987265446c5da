import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { CreateProgramSchema, ProgramSchema, UpdateProgramSchema } from "@shared/programs.schema";
import type { Db } from "../../db/client";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import {
  apiErrorResponses,
  IdParamSchema,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";
import { listPrograms } from "./programs.queries";
import {
  archiveProgram,
  createProgram,
  restoreProgram,
  setDefaultProgram,
  updateProgram,
} from "./programs.service";

const listRoute = createRoute({
  method: "get",
  path: "/programs",
  tags: ["programs"],
  summary: "The company's loyalty programmes (the default one first, the archived ones last)",
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

const updateProgramRoute = createRoute({
  method: "put",
  path: "/programs/{id}",
  tags: ["programs"],
  summary:
    "Edit a programme (name, stamps, reward, description): only cards opened afterwards take the new size and reward",
  request: { params: IdParamSchema, ...jsonBody(UpdateProgramSchema) },
  responses: {
    200: { description: "The programme", ...jsonContent(ProgramSchema) },
    ...apiErrorResponses,
  },
});

const archiveRoute = createRoute({
  method: "post",
  path: "/programs/{id}/archive",
  tags: ["programs"],
  summary:
    "Archive a programme: it opens no new cards, its open cards go on (the default: 409 program_is_default)",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The programme", ...jsonContent(ProgramSchema) },
    ...apiErrorResponses,
  },
});

const restoreRoute = createRoute({
  method: "post",
  path: "/programs/{id}/restore",
  tags: ["programs"],
  summary: "Bring an archived programme back (it opens new cards again)",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The programme", ...jsonContent(ProgramSchema) },
    ...apiErrorResponses,
  },
});

const defaultRoute = createRoute({
  method: "post",
  path: "/programs/{id}/default",
  tags: ["programs"],
  summary:
    "Make a programme the one new members join (one per company; archived: 409 program_archived)",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The programme", ...jsonContent(ProgramSchema) },
    ...apiErrorResponses,
  },
});

export function programsRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(listRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "programs");
    return c.json(await listPrograms(db, actor.companyId), 200);
  });
  app.openapi(createProgramRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "programs");
    return c.json(await createProgram(db, actor.companyId, c.req.valid("json")), 201);
  });
  app.openapi(updateProgramRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "programs");
    const { id } = c.req.valid("param");
    return c.json(await updateProgram(db, actor.companyId, id, c.req.valid("json")), 200);
  });
  app.openapi(archiveRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "programs");
    return c.json(await archiveProgram(db, actor.companyId, c.req.valid("param").id), 200);
  });
  app.openapi(restoreRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "programs");
    return c.json(await restoreProgram(db, actor.companyId, c.req.valid("param").id), 200);
  });
  app.openapi(defaultRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "programs");
    return c.json(await setDefaultProgram(db, actor.companyId, c.req.valid("param").id), 200);
  });
  return app;
}
