import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { CompanyCardSchema, cardForRole } from "@shared/cards.schema";
import {
  AddCustomerStampSchema,
  AddStampSchema,
  SelfStampCodeSchema,
  SelfStampResultSchema,
  SelfStampSchema,
} from "@shared/stamps.schema";
import type { Db } from "../../db/client";
import { giveStamp } from "../../flows/give-stamp";
import { selfStamp, selfStampCode } from "../../flows/self-stamp";
import { requireCompanyActor, requireCustomerActor } from "../../middleware/actor";
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

const selfStampCodeRoute = createRoute({
  method: "get",
  path: "/counter/self-stamp-code",
  tags: ["stamps"],
  summary:
    "/balcao/qr: the counter screen's self-stamp code, a link to /carimbar signed for the company and this 30-second step, and when it changes (403 self_stamp_disabled while the company's switch is off)",
  responses: {
    200: { description: "The code", ...jsonContent(SelfStampCodeSchema) },
    ...apiErrorResponses,
  },
});

const selfStampRoute = createRoute({
  method: "post",
  path: "/me/self-stamps",
  tags: ["stamps"],
  summary:
    "A signed-in customer's self-stamp: one stamp on their open card of the default programme of the company whose counter code they scanned, under the interval and the daily cap (410/400 counter_code_expired, 403 self_stamp_disabled, 404 customer_not_member); the same code again answers the first answer",
  request: { ...jsonBody(SelfStampSchema) },
  responses: {
    201: { description: "The stamp and the card after it", ...jsonContent(SelfStampResultSchema) },
    ...apiErrorResponses,
  },
});

/**
 * Both staff routes give a stamp through the give-stamp flow (card, stamp row, referral); the
 * self-stamp routes go through the self-stamp flow.
 */
export function stampsRoutes(deps: { db: Db; appUrl: string; authSecret: string }) {
  const { db } = deps;
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });

  app.openapi(toCardRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "counter");
    const input = c.req.valid("json");
    const target = { cardId: c.req.valid("param").id, input };
    const card = await giveStamp(deps, actor, target, idempotentRequest(c, input));
    return c.json(cardForRole(card, actor.role), 201);
  });

  app.openapi(toCustomerRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "counter");
    const input = c.req.valid("json");
    const target = { customerId: c.req.valid("param").id, input };
    const card = await giveStamp(deps, actor, target, idempotentRequest(c, input));
    return c.json(cardForRole(card, actor.role), 201);
  });

  app.openapi(selfStampCodeRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "counter");
    return c.json(await selfStampCode(deps, actor.companyId), 200);
  });

  app.openapi(selfStampRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await selfStamp(deps, actor, c.req.valid("json")), 201);
  });

  return app;
}
