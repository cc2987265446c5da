import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { CompanyClosureSchema, PasswordConfirmationSchema } from "@shared/privacy.schema";
import type { Db } from "../../db/client";
import { type ClosureDeps, closeCompany, restoreCompany } from "../../flows/close-company";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionUser, SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonBody, jsonContent, validationHook } from "../../openapi";
import { enforceRateLimit, type RateLimitRule } from "../../rate-limits";
import { findCompanyClosure, toClosure } from "./company-closure.queries";

export type CompanyClosureDeps = ClosureDeps & {
  db: Db;
  /** Per account, as every password check (security's): 10 in 15 minutes. */
  passwordCheckLimit: RateLimitRule;
};

const getRoute = createRoute({
  method: "get",
  path: "/company/closure",
  tags: ["privacy"],
  summary:
    "'Fechar conta': whether the company is closed, and when its data is deleted unless restored (the Owner)",
  responses: {
    200: { description: "Closure", ...jsonContent(CompanyClosureSchema) },
    ...apiErrorResponses,
  },
});

const closeRoute = createRoute({
  method: "post",
  path: "/company/closure",
  tags: ["privacy"],
  summary:
    "'Fechar conta' (the Owner, with their password): the subscription cancelled at the provider, API keys revoked, webhooks off, every active member e-mailed; the panel is read-only and the data deleted after 30 days (invoices kept). Closing twice answers the first closing",
  request: jsonBody(PasswordConfirmationSchema),
  responses: {
    200: { description: "Closed", ...jsonContent(CompanyClosureSchema) },
    ...apiErrorResponses,
  },
});

const restoreRoute = createRoute({
  method: "delete",
  path: "/company/closure",
  tags: ["privacy"],
  summary:
    "'Restaurar conta' (the Owner) within 30 days of closing: the panel opens again; the subscription is not made again (subscribe on /plano). 409 company_not_closed when open",
  responses: {
    200: { description: "Restored", ...jsonContent(CompanyClosureSchema) },
    ...apiErrorResponses,
  },
});

/** Only the Owner closes or restores the company: 'billing' is the Owner's alone, and so is this. */
const requireOwner = (db: Db, user: SessionUser | null) => requireCompanyActor(db, user, "billing");

/** 'Fechar conta' and 'Restaurar conta' (issue 34). */
export function companyClosureRoutes(deps: CompanyClosureDeps) {
  const { db } = deps;
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  const rule = deps.passwordCheckLimit;

  app.openapi(getRoute, async (c) => {
    const actor = await requireOwner(db, c.var.user);
    const company = await findCompanyClosure(db, actor.companyId);
    return c.json(toClosure(company?.closedAt ?? null), 200);
  });

  app.openapi(closeRoute, async (c) => {
    const actor = await requireOwner(db, c.var.user);
    await enforceRateLimit(db, `${rule.bucket}:${actor.userId}`, rule);
    return c.json(await closeCompany(db, deps, actor, c.req.valid("json").password), 200);
  });

  app.openapi(restoreRoute, async (c) => {
    const actor = await requireOwner(db, c.var.user);
    return c.json(await restoreCompany(db, actor), 200);
  });

  return app;
}
