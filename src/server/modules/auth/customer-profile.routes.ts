import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { CustomerProfileSchema } from "@shared/auth.schema";
import type { Db } from "../../db/client";
import { correctProfile } from "../../flows/correct-profile";
import { requireCustomerActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonBody, jsonContent, validationHook } from "../../openapi";
import { getCustomerProfile } from "./customer-profile.service";

const getRoute = createRoute({
  method: "get",
  path: "/me/profile",
  tags: ["auth"],
  summary: "The customer's own name, phone, birthday, city and state (empty when not filled in)",
  responses: {
    200: { description: "The customer's own fields", ...jsonContent(CustomerProfileSchema) },
    ...apiErrorResponses,
  },
});
const putRoute = createRoute({
  method: "put",
  path: "/me/profile",
  tags: ["auth"],
  summary:
    "Correct the customer's own fields (an empty optional one clears it); every company's view follows",
  request: { ...jsonBody(CustomerProfileSchema) },
  responses: {
    200: { description: "As saved", ...jsonContent(CustomerProfileSchema) },
    ...apiErrorResponses,
  },
});

/**
 * A customer's own profile fields (city and state the short sign-up leaves for later, issue 31;
 * the rest corrected from 'Meus dados', issue 34).
 */
export function customerProfileRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(getRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await getCustomerProfile(db, actor), 200);
  });
  app.openapi(putRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await correctProfile(db, actor, c.req.valid("json")), 200);
  });
  return app;
}
