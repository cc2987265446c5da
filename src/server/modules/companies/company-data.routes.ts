import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  CompanyDataSchema,
  LogoUploadResultSchema,
  UpdateCompanyDataSchema,
  UpdateUserDataSchema,
} from "@shared/company-data.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import {
  apiErrorResponses,
  fileUploadBody,
  IdParamSchema,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";
import {
  findLogo,
  getCompanyData,
  replaceLogo,
  updateCompanyData,
  updateUserData,
} from "./company-data.service";

/** Path of the logo upload, whose body limit is the logo's, not the API's. */
export const LOGO_UPLOAD_PATH = /^\/api\/company\/logo$/;

const getRoute = createRoute({
  method: "get",
  path: "/company/data",
  tags: ["companies"],
  summary: "/dados-empresa and /dados-usuario: the signed-in admin's company data",
  responses: {
    200: { description: "The company's data", ...jsonContent(CompanyDataSchema) },
    ...apiErrorResponses,
  },
});

const putRoute = createRoute({
  method: "put",
  path: "/company/data",
  tags: ["companies"],
  summary: "/dados-empresa: save the company's fields and social links (empty text clears)",
  request: jsonBody(UpdateCompanyDataSchema),
  responses: {
    200: { description: "The saved data", ...jsonContent(CompanyDataSchema) },
    ...apiErrorResponses,
  },
});

const putUserDataRoute = createRoute({
  method: "put",
  path: "/company/user-data",
  tags: ["companies"],
  summary: "/dados-usuario: save the company name, social links and Google review link",
  request: jsonBody(UpdateUserDataSchema),
  responses: {
    200: { description: "The saved data", ...jsonContent(CompanyDataSchema) },
    ...apiErrorResponses,
  },
});

const uploadLogoRoute = createRoute({
  method: "post",
  path: "/company/logo",
  tags: ["companies"],
  summary:
    "Upload the company's logo (JPG, PNG or GIF up to 2 MB, type read from the content; field `file`). Replaces and removes the previous one.",
  request: {
    body: fileUploadBody("logo_required"),
  },
  responses: {
    200: { description: "The new logo's URL", ...jsonContent(LogoUploadResultSchema) },
    413: { description: "file_too_large / payload_too_large" },
    ...apiErrorResponses,
  },
});

const logoRoute = createRoute({
  method: "get",
  path: "/companies/{id}/logo",
  tags: ["companies"],
  summary:
    "A company's logo (public). With `?v=` of the current file it may be cached for a year; the ETag is the file id.",
  request: { params: IdParamSchema, query: z.object({ v: z.string().max(100).optional() }) },
  responses: {
    200: { description: "The image" },
    304: { description: "Not modified" },
    ...apiErrorResponses,
  },
});

export function companyDataRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });

  app.openapi(getRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "settings");
    return c.json(await getCompanyData(db, actor), 200);
  });

  app.openapi(putRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "settings");
    return c.json(await updateCompanyData(db, actor, c.req.valid("json")), 200);
  });

  app.openapi(putUserDataRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "settings");
    return c.json(await updateUserData(db, actor, c.req.valid("json")), 200);
  });

  app.openapi(uploadLogoRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "settings");
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = form.file;
    if (!(file instanceof File)) {
      throw new AppError("validation_failed", 400, "Send the logo in the field `file`", {
        file: "logo_required",
      });
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    return c.json(await replaceLogo(db, actor, bytes), 200);
  });

  app.openapi(logoRoute, async (c) => {
    const { id } = c.req.valid("param");
    const file = await findLogo(db, id);
    if (!file) throw new AppError("not_found", 404, "Logo not found");
    const etag = `"${file.id}"`;
    const versioned = c.req.valid("query").v === file.id;
    const headers = {
      ETag: etag,
      // The versioned URL never changes content (a new logo gets a new `v`).
      "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    };
    if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
    return c.body(new Uint8Array(file.data), 200, {
      ...headers,
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
    });
  });

  return app;
}
