import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  DirectoryPageSchema,
  DirectoryQuerySchema,
  SpecialPromotionSchema,
} from "@shared/companies.schema";
import { CompanyLandingSchema } from "@shared/company-landing";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { requireCustomerActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonContent, validationHook } from "../../openapi";
import { listDirectory, listDirectoryCities, listSpecialPromotions } from "./companies.queries";
import { findCompanyLanding } from "./company-landing.queries";

const publicCompanyRoute = createRoute({
  method: "get",
  path: "/companies/{id}/public",
  tags: ["companies"],
  summary:
    "A company's public card for its sign-up link's welcome: name, city, logo, brand colour, the default programme, the running promotion and the birthday rule's stamps",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: {
    200: {
      description: "The company",
      content: { "application/json": { schema: CompanyLandingSchema } },
    },
    ...apiErrorResponses,
  },
});

const directoryRoute = createRoute({
  method: "get",
  path: "/directory/companies",
  tags: ["companies"],
  summary: "The customer's company directory: active companies by sector, state and city",
  request: { query: DirectoryQuerySchema },
  responses: {
    200: { description: "A page of companies", ...jsonContent(DirectoryPageSchema) },
    ...apiErrorResponses,
  },
});

const citiesRoute = createRoute({
  method: "get",
  path: "/directory/cities",
  tags: ["companies"],
  summary: "The directory's city filter: cities of active companies",
  responses: {
    200: { description: "Cities", ...jsonContent(z.array(z.string())) },
    ...apiErrorResponses,
  },
});

const promotionsRoute = createRoute({
  method: "get",
  path: "/directory/promotions",
  tags: ["companies"],
  summary: "Special promotions running today (active and within their dates)",
  responses: {
    200: { description: "Promotions", ...jsonContent(z.array(SpecialPromotionSchema)) },
    ...apiErrorResponses,
  },
});

export function companiesRoutes(deps: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(directoryRoute, async (c) => {
    const actor = await requireCustomerActor(deps.db, c.var.user);
    return c.json(await listDirectory(deps.db, actor.customerId, c.req.valid("query")), 200);
  });
  app.openapi(citiesRoute, async (c) => {
    await requireCustomerActor(deps.db, c.var.user);
    return c.json(await listDirectoryCities(deps.db), 200);
  });
  app.openapi(promotionsRoute, async (c) => {
    await requireCustomerActor(deps.db, c.var.user);
    return c.json(await listSpecialPromotions(deps.db), 200);
  });
  app.openapi(publicCompanyRoute, async (c) => {
    const company = await findCompanyLanding(deps.db, c.req.valid("param").id);
    if (!company) throw new AppError("not_found", 404, "Company not found");
    c.header("Cache-Control", "public, max-age=60");
    return c.json(company, 200);
  });
  return app;
}
