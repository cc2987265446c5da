import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { CustomerProfileSchema } from "@shared/auth.schema";
import type { Db } from "../../db/client";
import { requireCustomerActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonBody, jsonContent, validationHook } from "../../openapi";
import { getCustomerProfile, saveCustomerProfile } from "./customer-profile.service";

const getRoute = createRoute({
  method: "get",
  path: "/me/profile",
  tags: ["auth"],
  summary: "The customer's 'Meus dados': city and state (empty when not filled in)",
  responses: {
    200: { description: "City and state", ...jsonContent(CustomerProfileSchema) },
    ...apiErrorResponses,
  },
});
const putRoute = createRoute({
  method: "put",
  path: "/me/profile",
  tags: ["auth"],
  summary: "Save the customer's city and state (never required: empty clears them)",
  request: { ...jsonBody(CustomerProfileSchema) },
  responses: {
    200: { description: "City and state as saved", ...jsonContent(CustomerProfileSchema) },
    ...apiErrorResponses,
  },
});

/** A customer's own city and state, which the short sign-up leaves for later (issue 31). */
export function customerProfileRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(getRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await getCustomerProfile(db, actor), 200);
  });
  app.openapi(putRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await saveCustomerProfile(db, actor, c.req.valid("json")), 200);
  });
  return app;
}
