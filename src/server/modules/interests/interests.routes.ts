import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  CompanyInterestSchema,
  CreateInterestSchema,
  InterestSchema,
} from "@shared/interests.schema";
import { ReplySchema } from "@shared/messages.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { requireCompanyActor, requireCustomerActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import {
  apiErrorResponses,
  IdParamSchema,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";
import { listCompanyInterests } from "./interests.queries";
import { createInterest, replyToInterest } from "./interests.service";

const createRouteDef = createRoute({
  method: "post",
  path: "/me/interests",
  tags: ["interests"],
  summary: "The signed-in customer looks for a kind of business (sector) in a city",
  request: { ...jsonBody(CreateInterestSchema) },
  responses: {
    201: { description: "The interest, pending", ...jsonContent(InterestSchema) },
    ...apiErrorResponses,
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/interests",
  tags: ["interests"],
  summary:
    "/mensagens 'potential customers': interests of the company's sector and city (ignoring case and accents), newest first",
  request: {
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).optional() }),
  },
  responses: {
    200: { description: "Interests", ...jsonContent(z.array(CompanyInterestSchema)) },
    ...apiErrorResponses,
  },
});

const ReplyResultSchema = z.object({
  id: z.string(),
  interestId: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

const replyRoute = createRoute({
  method: "post",
  path: "/interests/{id}/reply",
  tags: ["interests"],
  summary:
    "A matching company answers an interest, once (409 when this company already answered); other matching companies may answer too",
  request: { params: IdParamSchema, ...jsonBody(ReplySchema) },
  responses: {
    201: { description: "The reply", ...jsonContent(ReplyResultSchema) },
    ...apiErrorResponses,
  },
});

export function interestsRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });

  app.openapi(createRouteDef, async (c) => {
    if (!c.var.user) {
      throw new AppError(
        "unauthenticated",
        401,
        "Você precisa estar logado para solicitar interesse.",
      );
    }
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await createInterest(db, actor, c.req.valid("json")), 201);
  });
  app.openapi(listRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "settings");
    return c.json(await listCompanyInterests(db, actor.companyId, c.req.valid("query").limit), 200);
  });
  app.openapi(replyRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "settings");
    const { id } = c.req.valid("param");
    return c.json(await replyToInterest(db, actor, id, c.req.valid("json").body), 201);
  });
  return app;
}
