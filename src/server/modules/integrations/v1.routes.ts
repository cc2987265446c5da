import { OpenAPIHono } from "@hono/zod-openapi";
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
import type { Auth } from "../../auth";
import type { Db } from "../../db/client";
import { addStampsByApi, inviteByApi, redeemByApi } from "../../flows/api-stamp";
import { shortCodeOf } from "../../lib/customer-code";
import type { ApiKeyVars } from "../../middleware/api-key";
import { idempotentRequest } from "../../middleware/idempotency";
import { IdParamSchema, jsonBody, jsonContent, validationHook } from "../../openapi";
import type { Mailer } from "../mail/mail.service";
import { listV1Cards, listV1Members, listV1Redemptions, listV1Stamps } from "./v1.queries";
import { IdempotencyHeadersSchema, v1Error, v1Errors, v1Route, v1WriteErrors } from "./v1-route";

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

const findMembersRoute = v1Route(V1_ROUTE_SCOPES["GET /members"], {
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
    ...v1Errors,
    410: v1Error("counter_code_expired: the scanned QR code is too old"),
  },
});

const inviteRoute = v1Route(
  V1_ROUTE_SCOPES["POST /invitations"],
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
      ...v1WriteErrors,
    },
  },
  { write: true },
);

const memberCardsRoute = v1Route(V1_ROUTE_SCOPES["GET /members/{id}/cards"], {
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
    ...v1Errors,
    404: v1Error("not_found: not an active member of the company"),
  },
});

const addStampsRoute = v1Route(
  V1_ROUTE_SCOPES["POST /stamps"],
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
      ...v1WriteErrors,
      404: v1Error("not_found: not an active member, or no such programme"),
      409: v1Error(
        "card_complete (redeem it first) / stamp_too_soon / stamp_daily_cap (`fields.at`: when the next stamp is allowed) / program_archived",
      ),
      422: v1Error(
        "stamp_value_rule_off (amountCents without the value rule) / stamp_amount_too_low (worth less than one stamp) / idempotency_key_reused",
      ),
    },
  },
  { write: true },
);

const redeemRoute = v1Route(
  V1_ROUTE_SCOPES["POST /cards/{id}/redeem"],
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
      ...v1WriteErrors,
      404: v1Error("not_found: no such card at the company"),
      409: v1Error("card_not_complete / card_redeemed"),
    },
  },
  { write: true },
);

const listStampsRoute = v1Route(V1_ROUTE_SCOPES["GET /stamps"], {
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
    ...v1Errors,
  },
});

const listRedemptionsRoute = v1Route(V1_ROUTE_SCOPES["GET /redemptions"], {
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
    ...v1Errors,
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
