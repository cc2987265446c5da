import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { ApiKeyScope } from "@shared/integrations.schema";
import {
  V1AddStampsSchema,
  V1CardListSchema,
  V1CardSchema,
  V1InvitationSchema,
  V1InviteSchema,
  V1MemberPageSchema,
  V1MemberQuerySchema,
  V1PageQuerySchema,
  V1RedeemSchema,
  V1RedemptionPageSchema,
  V1StampPageSchema,
  V1StampSchema,
} from "@shared/public-api";
import { createMiddleware } from "hono/factory";
import type { Auth } from "../../auth";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { addStampsByApi, inviteByApi, redeemByApi } from "../../flows/api-stamp";
import { shortCodeOf } from "../../lib/customer-code";
import { type ApiKeyVars, requireScope } from "../../middleware/api-key";
import { IDEMPOTENCY_KEY_MAX_LENGTH, idempotentRequest } from "../../middleware/idempotency";
import {
  ApiErrorSchema,
  IdParamSchema,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";
import type { Mailer } from "../mail/mail.service";
import { listV1Cards, listV1Members, listV1Redemptions, listV1Stamps } from "./v1.queries";

/**
 * The public API `/api/v1` (issue 33): a till or another system, with an API key
 * (`Authorization: Bearer cb_live_…`, or `cb_test_…` on the company's sandbox). The key door
 * (middleware/api-key.ts) runs first: 401 `api_key_invalid`, 429 past the key's rate limit, the
 * access log. Here each route checks its scope before anything else (403 `scope_required`, even
 * for a request that would not validate), and each write its `Idempotency-Key` (400
 * `idempotency_key_required` without one).
 */

/** The scope each route needs, by `METHOD /path` (under /api/v1). */
export const V1_ROUTE_SCOPES = {
  "GET /members": "members:read",
  "POST /invitations": "members:write",
  "GET /members/{id}/cards": "members:read",
  "POST /stamps": "stamps:write",
  "POST /cards/{id}/redeem": "rewards:write",
  "GET /stamps": "members:read",
  "GET /redemptions": "members:read",
} as const satisfies Record<string, ApiKeyScope>;
type V1Route = keyof typeof V1_ROUTE_SCOPES;

const scoped = (route: V1Route) =>
  createMiddleware<{ Variables: ApiKeyVars }>(async (c, next) => {
    requireScope(c, V1_ROUTE_SCOPES[route]);
    await next();
  });

/** A write without an Idempotency-Key is refused before it is read. */
const idempotent = createMiddleware(async (c, next) => {
  if (!c.req.header("idempotency-key")) {
    throw new AppError(
      "idempotency_key_required",
      400,
      "Send an Idempotency-Key header with every write (a new one per operation).",
    );
  }
  await next();
});

const IdempotencyHeadersSchema = z.object({
  "idempotency-key": z.string().min(1).max(IDEMPOTENCY_KEY_MAX_LENGTH).meta({
    description:
      "A key of yours for this operation (e.g. a UUID): a repeat with the same key and body answers the first answer and writes nothing; the same key with another body is refused (422 idempotency_key_reused).",
  }),
});

const error = (description: string) => ({ description, ...jsonContent(ApiErrorSchema) });

const common = {
  400: error("validation_failed: `fields` names each wrong field with a code"),
  401: error("api_key_invalid: a missing, unknown, revoked or expired key"),
  403: error("scope_required: the key lacks the route's scope (`fields.scope`)"),
  429: error("rate_limited: past the key's requests a minute; wait `Retry-After` seconds"),
} as const;

const writeErrors = {
  ...common,
  400: error(
    "validation_failed (`fields` names each wrong field) / idempotency_key_required (no Idempotency-Key header)",
  ),
  402: error("plan_expired: the company's trial ended (stamps and redemptions still work)"),
  422: error("idempotency_key_reused: the Idempotency-Key was used with another request"),
} as const;

const security = [{ apiKey: [] }];

/** A v1 route: its scope checked first, documented with the key's security scheme. */
function v1Route<const R extends Parameters<typeof createRoute>[0]>(
  key: V1Route,
  route: R,
  options: { write?: boolean } = {},
) {
  const middleware = options.write ? [scoped(key), idempotent] : [scoped(key)];
  return createRoute({ ...route, security, middleware: middleware as [] });
}

const findMembersRoute = v1Route("GET /members", {
  method: "get",
  path: "/members",
  operationId: "findMembers",
  tags: ["Members"],
  summary: "Find members",
  description:
    "The company's active members, oldest first, cursor-paginated. Filter by `phone`, `email`, `shortCode` (as the card shows it) or `qr` (a scanned QR code's payload, valid about a minute: 410 counter_code_expired past it, 400 with the same code for one never issued). Scope `members:read`.",
  request: { query: V1MemberQuerySchema },
  responses: {
    200: { description: "A page of members", ...jsonContent(V1MemberPageSchema) },
    ...common,
    410: error("counter_code_expired: the scanned QR code is too old"),
  },
});

const inviteRoute = v1Route(
  "POST /invitations",
  {
    method: "post",
    path: "/invitations",
    operationId: "inviteMember",
    tags: ["Members"],
    summary: "Invite a person",
    description:
      "E-mails the person an invitation to the company's programme. They become a member, and their data is shared, only when they accept. The answer is the same whether or not the e-mail already has an account. Scope `members:write`.",
    request: { headers: IdempotencyHeadersSchema, ...jsonBody(V1InviteSchema) },
    responses: {
      201: { description: "The invitation", ...jsonContent(V1InvitationSchema) },
      ...writeErrors,
    },
  },
  { write: true },
);

const memberCardsRoute = v1Route("GET /members/{id}/cards", {
  method: "get",
  path: "/members/{id}/cards",
  operationId: "listMemberCards",
  tags: ["Members"],
  summary: "A member's cards",
  description:
    "The member's loyalty cards at the company, newest first: stamps, size, status, reward and redemption. Scope `members:read`.",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The cards", ...jsonContent(V1CardListSchema) },
    ...common,
    404: error("not_found: not an active member of the company"),
  },
});

const addStampsRoute = v1Route(
  "POST /stamps",
  {
    method: "post",
    path: "/stamps",
    operationId: "addStamps",
    tags: ["Stamps"],
    summary: "Add stamps",
    description:
      "Stamps on the member's open card in the programme (the default one when `programId` is absent), by `count` or by `amountCents` with the company's rule '1 carimbo a cada R$ X' (at most its maximum per purchase). The counter's interval and daily cap apply. With `externalSaleId` a sale stamps once: a repeat answers the first stamp with 200. Scope `stamps:write`.",
    request: { headers: IdempotencyHeadersSchema, ...jsonBody(V1AddStampsSchema) },
    responses: {
      201: { description: "The stamp, and the card after it", ...jsonContent(V1StampSchema) },
      200: {
        description: "The sale (`externalSaleId`) was stamped before: its stamp",
        ...jsonContent(V1StampSchema),
      },
      ...writeErrors,
      404: error("not_found: not an active member, or no such programme"),
      409: error(
        "card_complete (redeem it first) / stamp_too_soon / stamp_daily_cap (`fields.at`: when the next stamp is allowed) / program_archived",
      ),
      422: error(
        "stamp_value_rule_off (amountCents without the value rule) / stamp_amount_too_low (worth less than one stamp) / idempotency_key_reused",
      ),
    },
  },
  { write: true },
);

const redeemRoute = v1Route(
  "POST /cards/{id}/redeem",
  {
    method: "post",
    path: "/cards/{id}/redeem",
    operationId: "redeemCard",
    tags: ["Rewards"],
    summary: "Redeem a complete card",
    description:
      "Marks a complete card redeemed (the reward given); the member's next stamp opens a new card. Scope `rewards:write`.",
    request: {
      params: IdParamSchema,
      headers: IdempotencyHeadersSchema,
      // Optional: a redemption without a note may send no body.
      body: { ...jsonContent(V1RedeemSchema), required: false },
    },
    responses: {
      200: { description: "The card, redeemed", ...jsonContent(V1CardSchema) },
      ...writeErrors,
      404: error("not_found: no such card at the company"),
      409: error("card_not_complete / card_redeemed"),
    },
  },
  { write: true },
);

const listStampsRoute = v1Route("GET /stamps", {
  method: "get",
  path: "/stamps",
  operationId: "listStamps",
  tags: ["Stamps"],
  summary: "Stamps since a cursor",
  description:
    "Every stamp that counted at the company (the panel's, the counter's, the rules', the API's), in the order they counted, oldest first, for reconciliation: keep the last `nextCursor` and ask again later. Scope `members:read`.",
  request: { query: V1PageQuerySchema },
  responses: {
    200: { description: "A page of stamps", ...jsonContent(V1StampPageSchema) },
    ...common,
  },
});

const listRedemptionsRoute = v1Route("GET /redemptions", {
  method: "get",
  path: "/redemptions",
  operationId: "listRedemptions",
  tags: ["Rewards"],
  summary: "Redemptions since a cursor",
  description:
    "Every card redeemed at the company, in the order they were redeemed, oldest first, for reconciliation. Scope `members:read`.",
  request: { query: V1PageQuerySchema },
  responses: {
    200: { description: "A page of redemptions", ...jsonContent(V1RedemptionPageSchema) },
    ...common,
  },
});

export type V1Deps = { db: Db; auth: Auth; mailer: Mailer; appUrl: string; authSecret: string };

/** `/api/v1`, mounted by app.ts behind the key door. */
export function v1Routes(deps: V1Deps) {
  const { db } = deps;
  const app = new OpenAPIHono<{ Variables: ApiKeyVars }>({ defaultHook: validationHook });
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description:
      "An API key made in 'Integrações': `cb_live_…` acts on the company, `cb_test_…` on its sandbox.",
  });

  app.openapi(findMembersRoute, async (c) => {
    const { qr, shortCode, ...query } = c.req.valid("query");
    const code = qr ? shortCodeOf(deps.authSecret, qr) : shortCode;
    const normalized = code?.replace(/[\s-]/g, "").toUpperCase();
    const page = await listV1Members(db, c.var.apiKey.companyId, {
      ...query,
      shortCode: normalized,
    });
    return c.json(page, 200);
  });

  app.openapi(inviteRoute, async (c) => {
    const input = c.req.valid("json");
    const invitation = await inviteByApi(deps, c.var.apiKey, input, idempotentRequest(c, input));
    return c.json(invitation, 201);
  });

  app.openapi(memberCardsRoute, async (c) => {
    const cards = await listV1Cards(db, c.var.apiKey.companyId, c.req.valid("param").id);
    return c.json({ data: cards }, 200);
  });

  app.openapi(addStampsRoute, async (c) => {
    const input = c.req.valid("json");
    const answer = await addStampsByApi(deps, c.var.apiKey, input, idempotentRequest(c, input));
    return answer.status === 200 ? c.json(answer.body, 200) : c.json(answer.body, 201);
  });

  app.openapi(redeemRoute, async (c) => {
    const input = c.req.valid("json") ?? {};
    const { id } = c.req.valid("param");
    const card = await redeemByApi(deps, c.var.apiKey, id, input, idempotentRequest(c, input));
    return c.json(card, 200);
  });

  app.openapi(listStampsRoute, async (c) => {
    return c.json(await listV1Stamps(db, c.var.apiKey.companyId, c.req.valid("query")), 200);
  });

  app.openapi(listRedemptionsRoute, async (c) => {
    return c.json(await listV1Redemptions(db, c.var.apiKey.companyId, c.req.valid("query")), 200);
  });

  return app;
}
