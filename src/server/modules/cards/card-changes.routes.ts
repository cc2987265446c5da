import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { CardsVersionSchema } from "@shared/cards.schema";
import type { Db } from "../../db/client";
import { requireCustomerActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonContent, validationHook } from "../../openapi";
import { findCardsVersion } from "./card-changes.queries";

const versionRoute = createRoute({
  method: "get",
  path: "/me/cards/version",
  tags: ["cards"],
  summary:
    "A fingerprint of the signed-in customer's open cards: it changes when a stamp lands, a card completes, is redeemed or opens (polled by the open card pages, decision 031)",
  responses: {
    200: { description: "The fingerprint", ...jsonContent(CardsVersionSchema) },
    ...apiErrorResponses,
  },
});

/** Live cards on the customer's phone (decision 031): short polling of one cheap read. */
export function cardChangesRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(versionRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json({ version: await findCardsVersion(db, actor.customerId) }, 200);
  });
  return app;
}
