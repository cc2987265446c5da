import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  BillingOverviewSchema,
  ChangePlanSchema,
  DevClockSchema,
  InvoiceSchema,
  SubscribeResultSchema,
  SubscribeSchema,
} from "@shared/billing.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { receiveBillingWebhook } from "../../flows/apply-billing-event";
import { cancelSubscription } from "../../flows/cancel-subscription";
import { changePlan } from "../../flows/change-plan";
import { actOnDevInvoice, moveDevClock } from "../../flows/simulate-billing";
import { subscribe } from "../../flows/subscribe";
import { requireCompanyActor } from "../../middleware/actor";
import { isLoopback, socketAddress } from "../../middleware/client-ip";
import type { SessionVars } from "../../middleware/session";
import {
  ApiErrorSchema,
  apiErrorResponses,
  IdParamSchema,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";
import { getOverview } from "./billing.service";
import type { BillingDeps } from "./billing-context";
import { type DevInvoiceAction, getDevInvoice } from "./billing-dev";

const billingErrors = {
  ...apiErrorResponses,
  409: {
    description: "subscription_exists / subscription_not_active / plan_unchanged / invoice_overdue",
    ...jsonContent(ApiErrorSchema),
  },
  429: { description: "subscribe_limited", ...jsonContent(ApiErrorSchema) },
  502: { description: "billing_provider_failed", ...jsonContent(ApiErrorSchema) },
  503: { description: "billing_unavailable", ...jsonContent(ApiErrorSchema) },
};

const overviewRoute = createRoute({
  method: "get",
  path: "/billing",
  tags: ["billing"],
  summary: "'Plano': plan state, trial days left, next charge, billing data and invoices",
  responses: {
    200: { description: "The overview", ...jsonContent(BillingOverviewSchema) },
    ...billingErrors,
  },
});

const subscribeRoute = createRoute({
  method: "post",
  path: "/billing/subscription",
  tags: ["billing"],
  summary:
    "'Assinar': the plan, how to pay (PIX, BOLETO, CREDIT_CARD), CPF/CNPJ and billing e-mail; in the trial the first charge is due when it ends",
  request: jsonBody(SubscribeSchema),
  responses: {
    201: { description: "Subscribed", ...jsonContent(SubscribeResultSchema) },
    ...billingErrors,
  },
});

const changePlanRoute = createRoute({
  method: "put",
  path: "/billing/subscription/plan",
  tags: ["billing"],
  summary:
    "Another plan: up within a paid period, a charge of the pro-rated difference (checkoutUrl), the plan moving when it is paid; down, from the next charge",
  request: jsonBody(ChangePlanSchema),
  responses: {
    200: { description: "Changed", ...jsonContent(SubscribeResultSchema) },
    ...billingErrors,
  },
});

const cancelRoute = createRoute({
  method: "post",
  path: "/billing/subscription/cancel",
  tags: ["billing"],
  summary: "'Cancelar': no more charges; access until the paid period (or the trial) ends",
  responses: {
    200: { description: "Cancelled", ...jsonContent(BillingOverviewSchema) },
    ...billingErrors,
  },
});

const webhookRoute = createRoute({
  method: "post",
  path: "/billing/webhooks/asaas",
  tags: ["billing"],
  summary:
    "Asaas webhooks (header asaas-access-token, compared in constant time): each event applied once, in any order",
  responses: {
    200: { description: "Received", ...jsonContent(z.object({ ok: z.literal(true) })) },
    ...billingErrors,
  },
});

export function billingRoutes({ db, ...deps }: BillingDeps & { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });

  app.openapi(overviewRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "billing");
    return c.json(await getOverview(db, deps.provider.name, actor), 200);
  });
  app.openapi(subscribeRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "billing");
    return c.json(await subscribe(db, deps, actor, c.req.valid("json")), 201);
  });
  app.openapi(changePlanRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "billing");
    return c.json(await changePlan(db, deps, actor, c.req.valid("json")), 200);
  });
  app.openapi(cancelRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "billing");
    return c.json(await cancelSubscription(db, deps, actor), 200);
  });
  // No session: the provider calls it. Same-origin lets it through (no Origin header); the body
  // limit of /api/* applies.
  app.openapi(webhookRoute, async (c) => {
    await receiveBillingWebhook(db, deps, c.req.raw.headers, await c.req.text());
    return c.json({ ok: true as const }, 200);
  });
  return app;
}

const devInvoiceRoute = createRoute({
  method: "get",
  path: "/dev/billing/invoices/{id}",
  tags: ["billing"],
  summary: "Dev provider (not in production): the actor's invoice for the local checkout page",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The invoice", ...jsonContent(InvoiceSchema) },
    ...billingErrors,
  },
});

const devActionRoute = createRoute({
  method: "post",
  path: "/dev/billing/invoices/{id}/{action}",
  tags: ["billing"],
  summary:
    "Dev provider: simulate the charge paid, failed (stays pending, e-mail) or overdue, as a webhook would",
  request: { params: IdParamSchema.extend({ action: z.enum(["pay", "fail", "overdue"]) }) },
  responses: {
    200: { description: "The overview after it", ...jsonContent(BillingOverviewSchema) },
    ...billingErrors,
  },
});

const devClockRoute = createRoute({
  method: "post",
  path: "/dev/billing/clock",
  tags: ["billing"],
  summary:
    "Dev provider (test hook): moves this company's billing clock `days` forward; charges fall due, become overdue, the next month's is made",
  request: jsonBody(DevClockSchema),
  responses: {
    200: { description: "The overview after it", ...jsonContent(BillingOverviewSchema) },
    ...billingErrors,
  },
});

/**
 * /api/dev/billing: the dev provider's checkout and clock (mounted only outside production with
 * the dev provider). Only this machine may pay there (a loopback socket address, nothing relayed
 * by a proxy), as for /dev/mailbox: anyone else gets 404 not_found (decision 027).
 */
export function devBillingRoutes({ db, ...deps }: BillingDeps & { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.use("/dev/billing/*", async (c, next) => {
    const relayed = ["x-forwarded-for", "forwarded", "x-real-ip"].some((h) => c.req.header(h));
    if (relayed || !isLoopback(socketAddress(c))) {
      throw new AppError("not_found", 404, "No such API route");
    }
    await next();
  });

  app.openapi(devInvoiceRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "billing");
    return c.json(await getDevInvoice(db, actor, c.req.valid("param").id), 200);
  });
  app.openapi(devActionRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "billing");
    const { id, action } = c.req.valid("param");
    return c.json(await actOnDevInvoice(db, deps, actor, id, action as DevInvoiceAction), 200);
  });
  app.openapi(devClockRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "billing");
    return c.json(await moveDevClock(db, deps, actor, c.req.valid("json").days), 200);
  });
  return app;
}
