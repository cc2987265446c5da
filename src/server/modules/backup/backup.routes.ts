import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Db } from "../../db/client";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, validationHook } from "../../openapi";
import { backupFileName, backupZipStream, companyTradeName } from "./backup.service";

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
