import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { StoredBackupListSchema } from "@shared/settings.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { backupZipStream } from "../../flows/backups";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonContent, validationHook } from "../../openapi";
import { backupFileName, companyTradeName } from "./backup.service";
import { listStoredBackups, openStoredBackup } from "./stored-backups";

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

const storedListRoute = createRoute({
  method: "get",
  path: "/settings/backups",
  tags: ["settings"],
  summary:
    "The company's scheduled backups kept on the server (newest first): file name, day, size in bytes",
  responses: {
    200: { description: "Stored backups", ...jsonContent(StoredBackupListSchema) },
    ...apiErrorResponses,
  },
});

const storedFileRoute = createRoute({
  method: "get",
  path: "/settings/backups/{name}",
  tags: ["settings"],
  summary:
    "One of the company's scheduled backups (a name from the list; anything else, or another company's file, is a 404)",
  request: { params: z.object({ name: z.string() }) },
  responses: {
    200: {
      description: "carimbou-backup-<slug>-<yyyy-MM-dd>.zip",
      content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...apiErrorResponses,
  },
});

export function backupRoutes({ db, backupDir }: { db: Db; backupDir?: string }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(backupRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "backup");
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
  app.openapi(storedListRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "backup");
    return c.json(backupDir ? await listStoredBackups(backupDir, actor.companyId) : [], 200);
  });
  app.openapi(storedFileRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "backup");
    const { name } = c.req.valid("param");
    if (!backupDir) throw new AppError("not_found", 404, "Backup not found");
    const file = await openStoredBackup(backupDir, actor.companyId, name);
    return new Response(file.stream, {
      status: 200,
      headers: {
        "Content-Type": "application/zip",
        "Content-Length": String(file.size),
        "Content-Disposition": `attachment; filename="${name}"`,
      },
    }) as never;
  });
  return app;
}
