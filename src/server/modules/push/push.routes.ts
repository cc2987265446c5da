import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  PushEndpointBodySchema,
  PushEndpointQuerySchema,
  PushPublicKeySchema,
  PushSubscriptionInputSchema,
  PushSubscriptionSchema,
} from "@shared/push.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { requireUser, type SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonBody, jsonContent, validationHook } from "../../openapi";
import { deleteSubscription, getSubscription, saveSubscription } from "./push.service";
import { vapidConfig } from "./vapid";

const tags = ["push"];

const publicKeyRoute = createRoute({
  method: "get",
  path: "/push/public-key",
  tags,
  summary: "The VAPID public key: the service worker's applicationServerKey (404 when push is off)",
  responses: {
    200: { description: "The key", ...jsonContent(PushPublicKeySchema) },
    ...apiErrorResponses,
  },
});

const saveRoute = createRoute({
  method: "put",
  path: "/push/subscriptions",
  tags,
  summary:
    "Saves this device's push subscription and the kinds of notice switched on (400: a malformed endpoint or keys, or a kind not for this account; 404: the endpoint is another account's)",
  request: jsonBody(PushSubscriptionInputSchema),
  responses: {
    200: { description: "Saved", ...jsonContent(PushSubscriptionSchema) },
    ...apiErrorResponses,
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/push/subscriptions",
  tags,
  summary: "This device's subscription and its switches (404: none for this account)",
  request: { query: PushEndpointQuerySchema },
  responses: {
    200: { description: "The subscription", ...jsonContent(PushSubscriptionSchema) },
    ...apiErrorResponses,
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/push/subscriptions",
  tags,
  summary: "Removes this device's subscription (404: none for this account)",
  request: jsonBody(PushEndpointBodySchema),
  responses: { 204: { description: "Removed" }, ...apiErrorResponses },
});

export function pushRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(publicKeyRoute, (c) => {
    const vapid = vapidConfig();
    if (!vapid) throw new AppError("not_found", 404, "Push notices are off.");
    return c.json({ publicKey: vapid.publicKey }, 200);
  });
  app.openapi(saveRoute, async (c) => {
    const user = requireUser(c.var.user);
    const saved = await saveSubscription(
      db,
      user.id,
      c.req.valid("json"),
      c.req.header("user-agent"),
    );
    return c.json(saved, 200);
  });
  app.openapi(getRoute, async (c) => {
    const user = requireUser(c.var.user);
    return c.json(await getSubscription(db, user.id, c.req.valid("query").endpoint), 200);
  });
  app.openapi(deleteRoute, async (c) => {
    const user = requireUser(c.var.user);
    await deleteSubscription(db, user.id, c.req.valid("json").endpoint);
    return c.body(null, 204);
  });
  return app;
}
