import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { SystemSettingsSchema, UpdateSystemSettingsSchema } from "../../../shared/settings.schema";
import type { Db } from "../../db/client";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonBody, jsonContent, validationHook } from "../../openapi";
import {
  backupFileName,
  backupZipStream,
  companyTradeName,
  getSystemSettings,
  updateSystemSettings,
} from "./backup.service";

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

const backupRoute = createRoute({
  method: "get",
  path: "/settings/backup",
  tags: ["settings"],
  summary:
    "'Backup': a zip of the company's data (company, settings, programmes, customers, cards, stamps, messages, interests answered and replies, uploaded files) as JSON and CSV, streamed",
  responses: {
    200: {
      description: "carimbou-backup-<slug>-<yyyy-MM-dd>.zip",
      content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...apiErrorResponses,
  },
});

export function backupRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(getSystemRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user);
    return c.json(await getSystemSettings(db, actor.companyId), 200);
  });
  app.openapi(putSystemRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user);
    return c.json(await updateSystemSettings(db, actor.companyId, c.req.valid("json")), 200);
  });
  app.openapi(backupRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user);
    const now = new Date();
    const fileName = backupFileName(await companyTradeName(db, actor.companyId), now);
    return new Response(backupZipStream(db, actor.companyId, now), {
      status: 200,
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${fileName}"`,
      },
    }) as never;
  });
  return app;
}
