import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { AppearanceSchema, StoredAppearanceSchema } from "@shared/settings.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { requireUser, type SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonBody, jsonContent, validationHook } from "../../openapi";
import { findAppearance } from "./auth.queries";
import { updateAppearance } from "./users.service";

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

const profileNotFound = () => new AppError("not_found", 404, "Profile not found");

/** The signed-in user's theme and language, kept per user (company owner or customer). */
export function appearanceRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(getAppearanceRoute, async (c) => {
    const row = await findAppearance(db, requireUser(c.var.user).id);
    if (!row) throw profileNotFound();
    return c.json(row, 200);
  });
  app.openapi(putAppearanceRoute, async (c) => {
    const row = await updateAppearance(db, requireUser(c.var.user).id, c.req.valid("json"));
    if (!row) throw profileNotFound();
    return c.json(row, 200);
  });
  return app;
}
