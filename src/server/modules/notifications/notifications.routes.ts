import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  MarkNotificationsReadSchema,
  NotificationListSchema,
} from "../../../shared/notifications.schema";
import type { Db } from "../../db/client";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonBody, jsonContent, validationHook } from "../../openapi";
import { listNotifications, markNotificationsRead } from "./notifications.service";

const listRoute = createRoute({
  method: "get",
  path: "/notifications",
  tags: ["notifications"],
  summary:
    "The bell: pending stamp claims, cards completed in the last 24 hours, pending customer messages",
  responses: {
    200: { description: "Notifications", ...jsonContent(NotificationListSchema) },
    ...apiErrorResponses,
  },
});

const readRoute = createRoute({
  method: "post",
  path: "/notifications/read",
  tags: ["notifications"],
  summary: "Mark some notifications (ids) or all of them as read, for this user",
  request: { ...jsonBody(MarkNotificationsReadSchema) },
  responses: {
    200: { description: "Notifications after the change", ...jsonContent(NotificationListSchema) },
    ...apiErrorResponses,
  },
});

export function notificationsRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(listRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user);
    return c.json(await listNotifications(db, actor), 200);
  });
  app.openapi(readRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user);
    return c.json(await markNotificationsRead(db, actor, c.req.valid("json")), 200);
  });
  return app;
}
