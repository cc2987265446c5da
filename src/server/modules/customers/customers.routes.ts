import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  CompanyCustomerSchema,
  CustomerCardSchema,
  JoinCompanySchema,
} from "../../../shared/loyalty.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { requireCompanyActor, requireCustomerActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonBody, jsonContent, validationHook } from "../../openapi";
import { listCustomerCards } from "../cards/cards.service";
import { findPublicCompany } from "../companies/companies.service";
import { findCompanyCustomers, joinCompany } from "./customers.service";

const searchRoute = createRoute({
  method: "get",
  path: "/customers",
  tags: ["customers"],
  summary: "The company's active customers by name, e-mail or phone, with their open card",
  request: {
    query: z.object({
      search: z.string().max(100).optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
  },
  responses: {
    200: { description: "Customers", ...jsonContent(z.array(CompanyCustomerSchema)) },
    ...apiErrorResponses,
  },
});

const joinRoute = createRoute({
  method: "post",
  path: "/memberships",
  tags: ["customers"],
  summary: "The signed-in customer joins a company (its QR link); repeating it joins nothing new",
  request: jsonBody(JoinCompanySchema),
  responses: {
    200: {
      description: "Member, with the open card",
      ...jsonContent(z.object({ joined: z.boolean(), card: CustomerCardSchema })),
    },
    ...apiErrorResponses,
  },
});

export function customersRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(searchRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user);
    const { search, limit } = c.req.valid("query");
    return c.json(await findCompanyCustomers(db, actor.companyId, { search, limit }), 200);
  });
  app.openapi(joinRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    const { companyId } = c.req.valid("json");
    if (!(await findPublicCompany(db, companyId)))
      throw new AppError("not_found", 404, "Empresa não encontrada");
    const { joined, cardId } = await joinCompany(db, actor.customerId, companyId, "qrcode_empresa");
    const card = (await listCustomerCards(db, actor.customerId, companyId)).find(
      (k) => k.id === cardId,
    )!;
    return c.json({ joined, card }, 200);
  });
  return app;
}
