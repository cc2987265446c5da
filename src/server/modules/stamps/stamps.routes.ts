import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { type CompanyCard, CompanyCardSchema } from "@shared/cards.schema";
import { AddCustomerStampSchema, AddStampSchema } from "@shared/stamps.schema";
import type { Db } from "../../db/client";
import { requireCompanyActor } from "../../middleware/actor";
import { idempotentRequest, withIdempotency } from "../../middleware/idempotency";
import type { SessionVars } from "../../middleware/session";
import {
  apiErrorResponses,
  IdParamSchema,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";
import { qualifyReferral } from "../referrals/referrals.service";
import { addStampToCard, addStampToCustomer } from "./stamps.service";

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

/**
 * A stamp from staff is a real visit: the first one qualifies the customer's pending referral (the
 * referrer is rewarded in the same transaction).
 */
export function stampsRoutes({ db, appUrl }: { db: Db; appUrl: string }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });

  app.openapi(toCardRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user);
    const cardId = c.req.valid("param").id;
    const input = c.req.valid("json");
    const answer = await withIdempotency(
      db,
      `stamp:${actor.companyId}`,
      idempotentRequest(c, input),
      async (tx) => {
        const { customerId, card } = await addStampToCard(tx, actor, cardId, input);
        await qualifyReferral(tx, { companyId: actor.companyId, customerId, appUrl });
        return { status: 201, body: card };
      },
    );
    // A repeat (Idempotency-Key) answers the first answer, stored as JSON: the same shape.
    return c.json(answer.body as CompanyCard, 201);
  });

  app.openapi(toCustomerRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user);
    const customerId = c.req.valid("param").id;
    const input = c.req.valid("json");
    const answer = await withIdempotency(
      db,
      `stamp:${actor.companyId}`,
      idempotentRequest(c, input),
      async (tx) => {
        const card = await addStampToCustomer(tx, actor, customerId, input);
        await qualifyReferral(tx, { companyId: actor.companyId, customerId, appUrl });
        return { status: 201, body: card };
      },
    );
    return c.json(answer.body as CompanyCard, 201);
  });

  return app;
}
