import { createRoute, OpenAPIHono, type z } from "@hono/zod-openapi";
import {
  AppearanceSchema,
  LoyaltyRulesSchema,
  NotificationSettingsSchema,
  PromotionSettingsSchema,
  ReferralRulesSchema,
  StoredAppearanceSchema,
  SystemSettingsSchema,
  UpdateSystemSettingsSchema,
} from "@shared/settings.schema";
import type { Db } from "../../db/client";
import { requireCompanyActor } from "../../middleware/actor";
import { requireUser, type SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonBody, jsonContent, validationHook } from "../../openapi";
import { getNotificationSettings } from "./settings.queries";
import {
  getAppearance,
  getLoyaltyRules,
  getPromotion,
  getReferralRules,
  getSystemSettings,
  saveAppearance,
  saveLoyaltyRules,
  saveNotificationSettings,
  savePromotion,
  saveReferralRules,
  updateSystemSettings,
} from "./settings.service";

/** GET and PUT of one /configuracoes section (company admin only). */
function sectionRoutes<S extends z.ZodType>(path: string, name: string, schema: S) {
  return {
    get: createRoute({
      method: "get",
      path,
      tags: ["settings"],
      summary: `The company's ${name}`,
      responses: { 200: { description: name, ...jsonContent(schema) }, ...apiErrorResponses },
    }),
    put: createRoute({
      method: "put",
      path,
      tags: ["settings"],
      summary: `Save the company's ${name}`,
      request: { ...jsonBody(schema) },
      responses: {
        200: { description: `${name} as saved`, ...jsonContent(schema) },
        ...apiErrorResponses,
      },
    }),
  };
}

const loyalty = sectionRoutes("/settings/loyalty-rules", "loyalty rules", LoyaltyRulesSchema);
const referral = sectionRoutes("/settings/referral-rules", "referral rules", ReferralRulesSchema);
const promotion = sectionRoutes(
  "/settings/promotion",
  "special promotion",
  PromotionSettingsSchema,
);
const notifications = sectionRoutes(
  "/settings/notifications",
  "notification switches",
  NotificationSettingsSchema,
);

const getAppearanceRoute = createRoute({
  method: "get",
  path: "/me/appearance",
  tags: ["settings"],
  summary: "The signed-in user's theme and language (null until chosen)",
  responses: {
    200: { description: "Appearance", ...jsonContent(StoredAppearanceSchema) },
    ...apiErrorResponses,
  },
});
const putAppearanceRoute = createRoute({
  method: "put",
  path: "/me/appearance",
  tags: ["settings"],
  summary: "Keep the signed-in user's theme and language",
  request: { ...jsonBody(AppearanceSchema) },
  responses: {
    200: { description: "Appearance as saved", ...jsonContent(StoredAppearanceSchema) },
    ...apiErrorResponses,
  },
});

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
  const company = (user: SessionVars["user"]) => requireCompanyActor(db, user);

  app.openapi(loyalty.get, async (c) =>
    c.json(await getLoyaltyRules(db, await company(c.var.user)), 200),
  );
  app.openapi(loyalty.put, async (c) =>
    c.json(await saveLoyaltyRules(db, await company(c.var.user), c.req.valid("json")), 200),
  );
  app.openapi(referral.get, async (c) =>
    c.json(await getReferralRules(db, await company(c.var.user)), 200),
  );
  app.openapi(referral.put, async (c) =>
    c.json(await saveReferralRules(db, await company(c.var.user), c.req.valid("json")), 200),
  );
  app.openapi(promotion.get, async (c) =>
    c.json(await getPromotion(db, await company(c.var.user)), 200),
  );
  app.openapi(promotion.put, async (c) =>
    c.json(await savePromotion(db, await company(c.var.user), c.req.valid("json")), 200),
  );
  app.openapi(notifications.get, async (c) => {
    const actor = await company(c.var.user);
    return c.json(await getNotificationSettings(db, actor.companyId), 200);
  });
  app.openapi(notifications.put, async (c) =>
    c.json(await saveNotificationSettings(db, await company(c.var.user), c.req.valid("json")), 200),
  );
  app.openapi(getSystemRoute, async (c) => {
    const actor = await company(c.var.user);
    return c.json(await getSystemSettings(db, actor.companyId), 200);
  });
  app.openapi(putSystemRoute, async (c) => {
    const actor = await company(c.var.user);
    return c.json(await updateSystemSettings(db, actor.companyId, c.req.valid("json")), 200);
  });
  app.openapi(getAppearanceRoute, async (c) =>
    c.json(await getAppearance(db, requireUser(c.var.user).id), 200),
  );
  app.openapi(putAppearanceRoute, async (c) =>
    c.json(await saveAppearance(db, requireUser(c.var.user).id, c.req.valid("json")), 200),
  );
  return app;
}
