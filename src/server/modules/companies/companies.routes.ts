import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { PublicCompanySchema } from "../../../shared/me.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { apiErrorResponses, validationHook } from "../../openapi";
import { findPublicCompany } from "./companies.service";

const publicCompanyRoute = createRoute({
  method: "get",
  path: "/companies/{id}/public",
  tags: ["companies"],
  summary:
    "A company's public card (name, city, sector, logo), e.g. for the sign-up link's welcome card",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: {
    200: {
      description: "The company",
      content: { "application/json": { schema: PublicCompanySchema } },
    },
    ...apiErrorResponses,
  },
});

export function companiesRoutes(deps: { db: Db }) {
  const app = new OpenAPIHono({ defaultHook: validationHook });
  app.openapi(publicCompanyRoute, async (c) => {
    const company = await findPublicCompany(deps.db, c.req.valid("param").id);
    if (!company) throw new AppError("not_found", 404, "Empresa não encontrada");
    c.header("Cache-Control", "public, max-age=60");
    return c.json(company, 200);
  });
  return app;
}
