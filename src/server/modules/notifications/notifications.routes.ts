import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  CustomerNotificationListSchema,
  MarkCustomerNotificationsReadSchema,
  MarkNotificationsReadSchema,
  NotificationListSchema,
} from "@shared/notifications.schema";
import type { Db } from "../../db/client";
import { readNotifications } from "../../flows/read-notifications";
import { requireCompanyActor, requireCustomerActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonBody, jsonContent, validationHook } from "../../openapi";
import {
  listCustomerNotifications,
  markCustomerNotificationsRead,
} from "./customer-notifications.service";
import { listNotifications } from "./notifications.service";

const listRoute = createRoute({
  method: "get",
  path: "/notifications",
  tags: ["notifications"],
  summary:
    "The bell: pending stamp claims, cards completed in the last 24 hours, pending customer messages (per the company's switches; none with push off)",
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

const myListRoute = createRoute({
  method: "get",
  path: "/me/notifications",
  tags: ["notifications"],
  summary:
    "The customer's bell: replies, stamps received, complete cards, birthday gifts, referral rewards and welcomes, invitations (last 30 days)",
  responses: {
    200: { description: "Notices", ...jsonContent(CustomerNotificationListSchema) },
    ...apiErrorResponses,
  },
});

const myReadRoute = createRoute({
  method: "post",
  path: "/me/notifications/read",
  tags: ["notifications"],
  summary: "Mark some of the customer's notices (ids) or all of them as read",
  request: { ...jsonBody(MarkCustomerNotificationsReadSchema) },
  responses: {
    200: {
      description: "Notices after the change",
      ...jsonContent(CustomerNotificationListSchema),
    },
    ...apiErrorResponses,
  },
});

export function notificationsRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(listRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "dashboard");
    return c.json(await listNotifications(db, actor), 200);
  });
  app.openapi(readRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "dashboard");
    return c.json(await readNotifications(db, actor, c.req.valid("json")), 200);
  });
  app.openapi(myListRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await listCustomerNotifications(db, actor), 200);
  });
  app.openapi(myReadRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await markCustomerNotificationsRead(db, actor, c.req.valid("json")), 200);
  });
  return app;
}
