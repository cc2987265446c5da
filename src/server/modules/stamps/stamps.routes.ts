import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { CompanyCardSchema } from "@shared/cards.schema";
import { AddCustomerStampSchema, AddStampSchema } from "@shared/stamps.schema";
import type { Db } from "../../db/client";
import { giveStamp } from "../../flows/give-stamp";
import { requireCompanyActor } from "../../middleware/actor";
import { idempotentRequest } from "../../middleware/idempotency";
import type { SessionVars } from "../../middleware/session";
import {
  apiErrorResponses,
  IdParamSchema,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";

const toCardRoute = createRoute({
  method: "post",
  path: "/cards/{id}/stamps",
  tags: ["stamps"],
  summary:
    "Give an approved stamp on a card (Idempotency-Key header: a repeat returns the first answer)",
  request: { params: IdParamSchema, ...jsonBody(AddStampSchema) },
  responses: {
    201: { description: "The card after the stamp", ...jsonContent(CompanyCardSchema) },
    ...apiErrorResponses,
  },
});

const toCustomerRoute = createRoute({
  method: "post",
  path: "/customers/{id}/stamps",
  tags: ["stamps"],
  summary:
    "'Adicionar Carimbo': a stamp on the customer's open card in `programId` (default programme when absent), opening one when none is open",
  request: { params: IdParamSchema, ...jsonBody(AddCustomerStampSchema) },
  responses: {
    201: { description: "The card after the stamp", ...jsonContent(CompanyCardSchema) },
    ...apiErrorResponses,
  },
});

/** Both give a staff stamp through the give-stamp flow (card, stamp row, referral). */
export function stampsRoutes(deps: { db: Db; appUrl: string }) {
  const { db } = deps;
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });

  app.openapi(toCardRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "counter");
    const input = c.req.valid("json");
    const target = { cardId: c.req.valid("param").id, input };
    return c.json(await giveStamp(deps, actor, target, idempotentRequest(c, input)), 201);
  });

  app.openapi(toCustomerRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "counter");
    const input = c.req.valid("json");
    const target = { customerId: c.req.valid("param").id, input };
    return c.json(await giveStamp(deps, actor, target, idempotentRequest(c, input)), 201);
  });

  return app;
}
