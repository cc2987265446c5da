import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  NotificationSettingsSchema,
  SystemSettingsSchema,
  UpdateSystemSettingsSchema,
} from "@shared/settings.schema";
import type { Db } from "../../db/client";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import {
  apiErrorResponses,
  jsonBody,
  jsonContent,
  sectionRoutes,
  validationHook,
} from "../../openapi";
import { getNotificationSettings } from "./settings.queries";
import {
  getSystemSettings,
  saveNotificationSettings,
  updateSystemSettings,
} from "./settings.service";

const notifications = sectionRoutes(
  "/settings/notifications",
  "notification switches",
  NotificationSettingsSchema,
);

const getSystemRoute = createRoute({
  method: "get",
  path: "/settings/system",
  tags: ["settings"],
  summary: "/configuracoes 'Sistema': backup frequency, data retention and the last backup",
  responses: {
    200: { description: "System settings", ...jsonContent(SystemSettingsSchema) },
    ...apiErrorResponses,
  },
});

const putSystemRoute = createRoute({
  method: "put",
  path: "/settings/system",
  tags: ["settings"],
  summary: "Saves backup frequency and data retention (12 or 24 months)",
  request: { ...jsonBody(UpdateSystemSettingsSchema) },
  responses: {
    200: { description: "System settings after the change", ...jsonContent(SystemSettingsSchema) },
    ...apiErrorResponses,
  },
});

export function settingsRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  const company = (user: SessionVars["user"]) => requireCompanyActor(db, user, "settings");

  app.openapi(notifications.get, async (c) => {
    const actor = await company(c.var.user);
    return c.json(await getNotificationSettings(db, actor.companyId), 200);
  });
  app.openapi(notifications.put, async (c) =>
    c.json(await saveNotificationSettings(db, await company(c.var.user), c.req.valid("json")), 200),
  );
  // Backups and data retention are the Dono's (PERMISSIONS backup).
  app.openapi(getSystemRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "backup");
    return c.json(await getSystemSettings(db, actor.companyId), 200);
  });
  app.openapi(putSystemRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "backup");
    return c.json(await updateSystemSettings(db, actor.companyId, c.req.valid("json")), 200);
  });
  return app;
}
