import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { saoPauloDate } from "@shared/dates";
import { PersonalExportSchema } from "@shared/privacy.schema";
import type { Db } from "../../db/client";
import { requireCustomerActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, IdParamSchema, jsonContent, validationHook } from "../../openapi";
import { openMyExport, requestExport } from "./personal-export.service";

const requestRoute = createRoute({
  method: "post",
  path: "/me/privacy/exports",
  tags: ["privacy"],
  summary:
    "'Baixar meus dados': asks for a zip of everything about the signed-in customer, built by a job that e-mails them when it is ready; at most 3 in 24 hours (429 export_limit_reached)",
  responses: {
    202: { description: "The download, pending", ...jsonContent(PersonalExportSchema) },
    ...apiErrorResponses,
  },
});

const downloadRoute = createRoute({
  method: "get",
  path: "/me/privacy/exports/{id}/download",
  tags: ["privacy"],
  summary:
    "The zip of one's data (dados.json, CSV files, LEIA-ME.txt, arquivos/), only for its owner while ready and within 24 hours; anything else is 404",
  request: { params: IdParamSchema },
  responses: {
    200: {
      description: "carimbou-meus-dados-<yyyy-MM-dd>.zip",
      content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...apiErrorResponses,
  },
});

/** A person's data downloads (issue 34): ask for one, download it. */
export function privacyExportRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });

  app.openapi(requestRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await requestExport(db, actor.customerId), 202);
  });

  app.openapi(downloadRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    const { id } = c.req.valid("param");
    const file = await openMyExport(db, actor.customerId, id);
    return new Response(file.data, {
      status: 200,
      headers: {
        "Content-Type": "application/zip",
        "Content-Length": String(file.data.byteLength),
        "Content-Disposition": `attachment; filename="carimbou-meus-dados-${saoPauloDate(file.readyAt)}.zip"`,
        "Cache-Control": "private, no-store",
      },
    }) as never;
  });

  return app;
}
