import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  MarketingConsentSchema,
  OptOutResultSchema,
  OptOutSchema,
  SetMarketingConsentSchema,
} from "@shared/assistant.schema";
import type { Db } from "../../db/client";
import { requireCustomerActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonBody, jsonContent, validationHook } from "../../openapi";
import { listMyMarketingConsents, optOutByToken, setMyMarketingConsent } from "./consents.service";

const listRoute = createRoute({
  method: "get",
  path: "/me/marketing-consents",
  tags: ["assistant"],
  summary:
    "The signed-in customer's consent to each company's campaigns ('Comunicações'): one entry per company they are a member of",
  responses: {
    200: { description: "Consents", ...jsonContent(z.array(MarketingConsentSchema)) },
    ...apiErrorResponses,
  },
});

const setRoute = createRoute({
  method: "put",
  path: "/me/marketing-consents/{companyId}",
  tags: ["assistant"],
  summary:
    "Agree to a company's campaigns (the text in `language` is recorded) or withdraw; a company the customer is not a member of is 404",
  request: {
    params: z.object({ companyId: z.string().max(100) }),
    ...jsonBody(SetMarketingConsentSchema),
  },
  responses: {
    200: { description: "The company's entry", ...jsonContent(MarketingConsentSchema) },
    ...apiErrorResponses,
  },
});

const optOutRoute = createRoute({
  method: "post",
  path: "/marketing/opt-out",
  tags: ["assistant"],
  summary:
    "A campaign e-mail's opt-out link (no sign-in): withdraws the consent its signed token names; repeating it answers the same; a bad token is 400 opt_out_token_invalid",
  request: jsonBody(OptOutSchema),
  responses: {
    200: { description: "Whose campaigns stop", ...jsonContent(OptOutResultSchema) },
    ...apiErrorResponses,
  },
});

const oneClickRoute = createRoute({
  method: "post",
  path: "/marketing/opt-out/one-click",
  tags: ["assistant"],
  summary:
    "RFC 8058 one-click unsubscribe (the List-Unsubscribe header's address, POSTed by the mail client with List-Unsubscribe=One-Click)",
  request: { query: z.object({ token: z.string().max(512) }) },
  responses: {
    200: { description: "Whose campaigns stop", ...jsonContent(OptOutResultSchema) },
    ...apiErrorResponses,
  },
});

/** The customer's consents and the campaign e-mails' opt-out (`authSecret` signs its tokens). */
export function marketingConsentRoutes({ db, authSecret }: { db: Db; authSecret: string }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });

  app.openapi(listRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await listMyMarketingConsents(db, actor.customerId), 200);
  });

  app.openapi(setRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    const { companyId } = c.req.valid("param");
    const input = c.req.valid("json");
    return c.json(await setMyMarketingConsent(db, actor.customerId, companyId, input), 200);
  });

  app.openapi(optOutRoute, async (c) => {
    const { token } = c.req.valid("json");
    return c.json(await optOutByToken(db, authSecret, token), 200);
  });

  app.openapi(oneClickRoute, async (c) => {
    const { token } = c.req.valid("query");
    return c.json(await optOutByToken(db, authSecret, token), 200);
  });

  return app;
}
