import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { CustomerEmailSettingsSchema } from "@shared/settings.schema";
import type { Db } from "../../db/client";
import { requireCustomerActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonBody, jsonContent, validationHook } from "../../openapi";
import { getCustomerEmailSettings, saveCustomerEmailSettings } from "./email-settings.service";

const getRoute = createRoute({
  method: "get",
  path: "/me/email-settings",
  tags: ["settings"],
  summary: "The customer's e-mail switches: a company's answer, a complete card, a refused stamp",
  responses: {
    200: { description: "E-mail switches", ...jsonContent(CustomerEmailSettingsSchema) },
    ...apiErrorResponses,
  },
});
const putRoute = createRoute({
  method: "put",
  path: "/me/email-settings",
  tags: ["settings"],
  summary: "Save the customer's e-mail switches",
  request: { ...jsonBody(CustomerEmailSettingsSchema) },
  responses: {
    200: { description: "E-mail switches as saved", ...jsonContent(CustomerEmailSettingsSchema) },
    ...apiErrorResponses,
  },
});

/** A customer's 'Avisos por e-mail': which e-mails the companies' actions send them. */
export function emailSettingsRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(getRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await getCustomerEmailSettings(db, actor), 200);
  });
  app.openapi(putRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await saveCustomerEmailSettings(db, actor, c.req.valid("json")), 200);
  });
  return app;
}
