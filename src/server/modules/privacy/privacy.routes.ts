import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  AccountDeletionSchema,
  ConsentSwitchSchema,
  ConsentsSchema,
  MyPrivacySchema,
  PasswordConfirmationSchema,
} from "@shared/privacy.schema";
import type { Auth } from "../../auth";
import type { Db } from "../../db/client";
import { cancelAccountDeletion, requestAccountDeletion } from "../../flows/delete-account";
import { leaveProgram } from "../../flows/leave-program";
import { switchWalletUpdates, withdrawPushConsent } from "../../flows/switch-consent";
import { requireCustomerActor } from "../../middleware/actor";
import { rateLimit } from "../../middleware/rate-limit";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonBody, jsonContent, validationHook } from "../../openapi";
import { enforceRateLimit, type RateLimitRule } from "../../rate-limits";
import { listMyExports } from "./personal-export.service";
import { findConsents, findPendingDeletion, listDataHolders } from "./privacy.queries";
import { privacyExportRoutes } from "./privacy-exports.routes";
import { privacyRequestRoutes } from "./privacy-requests.routes";

export type PrivacyDeps = {
  db: Db;
  auth: Auth;
  appUrl: string;
  trustProxyHops: number;
  /** The deletion's password check, limited like sign-in (per account). */
  passwordCheckLimit: RateLimitRule;
};

const tags = ["privacy"];
const ok = { description: "Done", ...jsonContent(z.object({ ok: z.literal(true) })) };

const myPrivacyRoute = createRoute({
  method: "get",
  path: "/me/privacy",
  tags,
  summary: "'Meus dados': who holds the person's data, downloads, a pending deletion, consents",
  responses: {
    200: { description: "The person's data overview", ...jsonContent(MyPrivacySchema) },
    ...apiErrorResponses,
  },
});

const leaveRoute = createRoute({
  method: "post",
  path: "/me/privacy/memberships/{companyId}/leave",
  tags,
  summary: "Leave a company's programme: the company keeps only anonymous counts (idempotent)",
  request: { params: z.object({ companyId: z.string().max(100) }) },
  responses: { 200: ok, ...apiErrorResponses },
});

const requestDeletionRoute = createRoute({
  method: "post",
  path: "/me/privacy/deletion",
  tags,
  summary: "Delete the account after a 7-day grace period, confirmed with the password",
  request: jsonBody(PasswordConfirmationSchema),
  responses: {
    200: { description: "A deletion was already pending", ...jsonContent(AccountDeletionSchema) },
    202: { description: "Deletion scheduled", ...jsonContent(AccountDeletionSchema) },
    ...apiErrorResponses,
  },
});

const cancelDeletionRoute = createRoute({
  method: "delete",
  path: "/me/privacy/deletion",
  tags,
  summary: "Cancel the pending deletion of the account",
  responses: { 200: ok, ...apiErrorResponses },
});

const consentRoute = (kind: "push" | "wallet") =>
  createRoute({
    method: "put",
    path: `/me/privacy/consents/${kind}`,
    tags,
    summary:
      kind === "push"
        ? "Push notices: off removes every device's subscription (turned on from a device)"
        : "Wallet passes kept updated: off removes every device registration",
    request: jsonBody(ConsentSwitchSchema),
    responses: {
      200: { description: "The consents as they are now", ...jsonContent(ConsentsSchema) },
      ...apiErrorResponses,
    },
  });

/** 'Meus dados' (issue 34): /api/me/privacy/*, and the companies' 'Pedidos de titulares'. */
export function privacyRoutes(deps: PrivacyDeps) {
  const { db } = deps;
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.route("/", privacyExportRoutes({ db: deps.db }));
  app.route("/", privacyRequestRoutes({ db: deps.db }));

  const consents = async (userId: string) =>
    findConsents(db, userId, await listDataHolders(db, userId));

  app.openapi(myPrivacyRoute, async (c) => {
    const { customerId } = await requireCustomerActor(db, c.var.user);
    const holders = await listDataHolders(db, customerId);
    const [downloads, deletion, consentView] = await Promise.all([
      listMyExports(db, customerId),
      findPendingDeletion(db, customerId),
      findConsents(db, customerId, holders),
    ]);
    return c.json({ holders, ...downloads, deletion, consents: consentView }, 200);
  });

  app.openapi(leaveRoute, async (c) => {
    const { customerId } = await requireCustomerActor(db, c.var.user);
    await leaveProgram(db, customerId, c.req.valid("param").companyId);
    return c.json({ ok: true as const }, 200);
  });

  // The password is checked like sign-in's: per address and per account.
  app.on(
    "POST",
    "/me/privacy/deletion",
    rateLimit(db, deps.passwordCheckLimit, deps.trustProxyHops),
  );
  app.openapi(requestDeletionRoute, async (c) => {
    const { customerId } = await requireCustomerActor(db, c.var.user);
    const rule = deps.passwordCheckLimit;
    await enforceRateLimit(db, `${rule.bucket}:${customerId}`, rule);
    const { deletion, created } = await requestAccountDeletion(
      deps,
      customerId,
      c.req.valid("json").password,
    );
    return created ? c.json(deletion, 202) : c.json(deletion, 200);
  });

  app.openapi(cancelDeletionRoute, async (c) => {
    const { customerId } = await requireCustomerActor(db, c.var.user);
    await cancelAccountDeletion(db, customerId);
    return c.json({ ok: true as const }, 200);
  });

  app.openapi(consentRoute("push"), async (c) => {
    const { customerId } = await requireCustomerActor(db, c.var.user);
    // Turning notices on needs the device's own permission: it is done from the device.
    if (!c.req.valid("json").enabled) await withdrawPushConsent(db, customerId);
    return c.json(await consents(customerId), 200);
  });

  app.openapi(consentRoute("wallet"), async (c) => {
    const { customerId } = await requireCustomerActor(db, c.var.user);
    await switchWalletUpdates(db, customerId, c.req.valid("json").enabled);
    return c.json(await consents(customerId), 200);
  });
  return app;
}
