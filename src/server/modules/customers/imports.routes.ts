import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  CustomerImportSchema,
  ImportCodeSchema,
  ImportPreviewSchema,
} from "@shared/customer-imports";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { listImportCodes } from "../../flows/import-customers";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import {
  apiErrorResponses,
  fileUploadBody,
  IdParamSchema,
  jsonContent,
  validationHook,
} from "../../openapi";
import { getImportPreview, listImports } from "./imports.queries";
import {
  confirmImport,
  createImport,
  deleteImport,
  importFileTooLarge,
  importResultCsv,
} from "./imports.service";

/** Path of the import's upload, whose body limit is the import's (10 MB), not the API's. */
export const IMPORT_UPLOAD_PATH = /^\/api\/customers\/imports$/;

const createImportRoute = createRoute({
  method: "post",
  path: "/customers/imports",
  tags: ["customers"],
  summary:
    "'Importar': reads a CSV or XLSX of customers (field `file`, up to 10 MB and 20,000 rows) into a preview with each row's errors; nothing is sent",
  request: {
    body: fileUploadBody("import_file_required"),
  },
  responses: {
    201: { description: "The preview", ...jsonContent(ImportPreviewSchema) },
    413: { description: "import_file_too_large" },
    ...apiErrorResponses,
  },
});

const listImportsRoute = createRoute({
  method: "get",
  path: "/customers/imports",
  tags: ["customers"],
  summary: "The company's imports, newest first (at most 20)",
  responses: {
    200: { description: "Imports", ...jsonContent(z.array(CustomerImportSchema)) },
    ...apiErrorResponses,
  },
});

const getImportRoute = createRoute({
  method: "get",
  path: "/customers/imports/{id}",
  tags: ["customers"],
  summary: "An import's preview and progress (poll it while queued or running)",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The import", ...jsonContent(ImportPreviewSchema) },
    ...apiErrorResponses,
  },
});

const confirmImportRoute = createRoute({
  method: "post",
  path: "/customers/imports/{id}/confirm",
  tags: ["customers"],
  summary:
    "'Importar' in the preview: queues the job that invites the valid rows (409 import_not_preview once confirmed)",
  request: { params: IdParamSchema },
  responses: {
    202: { description: "Queued", ...jsonContent(CustomerImportSchema) },
    ...apiErrorResponses,
  },
});

const deleteImportRoute = createRoute({
  method: "delete",
  path: "/customers/imports/{id}",
  tags: ["customers"],
  summary: "Throws away a preview (409 import_not_preview once confirmed)",
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, ...apiErrorResponses },
});

const resultRoute = createRoute({
  method: "get",
  path: "/customers/imports/{id}/result",
  tags: ["customers"],
  summary:
    "The result file: every line with what became of it (CSV, UTF-8 with BOM, `;`-separated, pt-BR words)",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "CSV", content: { "text/csv": { schema: z.string() } } },
    ...apiErrorResponses,
  },
});

const codesRoute = createRoute({
  method: "get",
  path: "/customers/imports/{id}/codes",
  tags: ["customers"],
  summary:
    "The phone-only rows' short invitation codes (the printable list), with the WhatsApp link when the channel is connected",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "Codes", ...jsonContent(z.array(ImportCodeSchema)) },
    ...apiErrorResponses,
  },
});

/** 'Importar' on /clientes: the company's imports (permission `customers`). */
export function importsRoutes(deps: { db: Db; appUrl: string }) {
  const { db } = deps;
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(createImportRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    let file: unknown;
    try {
      file = (await c.req.parseBody()).file;
    } catch (error) {
      if (error instanceof AppError && error.code === "payload_too_large") {
        throw importFileTooLarge();
      }
      throw error;
    }
    if (!(file instanceof File)) {
      throw new AppError("validation_failed", 400, "Send the file in the field `file`", {
        file: "import_file_required",
      });
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    return c.json(await createImport(db, actor, { name: file.name, bytes }), 201);
  });
  app.openapi(listImportsRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    return c.json(await listImports(db, actor.companyId), 200);
  });
  app.openapi(getImportRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    return c.json(await getImportPreview(db, actor.companyId, c.req.valid("param").id), 200);
  });
  app.openapi(confirmImportRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    return c.json(await confirmImport(db, actor.companyId, c.req.valid("param").id), 202);
  });
  app.openapi(deleteImportRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    await deleteImport(db, actor.companyId, c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.openapi(resultRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    const { stream, fileName } = await importResultCsv(
      db,
      actor.companyId,
      c.req.valid("param").id,
    );
    return new Response(stream, {
      status: 200,
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
      },
    }) as never;
  });
  app.openapi(codesRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    return c.json(await listImportCodes(deps, actor.companyId, c.req.valid("param").id), 200);
  });
  return app;
}
