import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  CARD_SORTS,
  CARD_STATUSES,
  CardSummarySchema,
  type CompanyCard,
  CompanyCardSchema,
  CUSTOMER_ACTIVITY_LIMIT,
  CustomerActivitySchema,
  CustomerCardSchema,
  cardForRole,
  OpenCardSchema,
  RedeemCardSchema,
  VOUCHER_CODE_MAX_LENGTH,
  VoucherSchema,
} from "@shared/cards.schema";
import { ClaimOptionsSchema } from "@shared/claims.schema";
import { PublicCompanySchema, SpecialPromotionSchema } from "@shared/companies.schema";
import { StampSchema } from "@shared/stamps.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { openCardForCustomer } from "../../flows/open-card";
import { requireCompanyActor, requireCustomerActor } from "../../middleware/actor";
import { idempotentRequest, withIdempotency } from "../../middleware/idempotency";
import type { SessionVars } from "../../middleware/session";
import {
  apiErrorResponses,
  IdParamSchema,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";
import {
  findClaimOptions,
  findPublicCompany,
  findRunningPromotion,
} from "../companies/companies.queries";
import { findRedeemerName, listCustomerActivity } from "./activity.queries";
import {
  findCardByCode,
  getCardHistory,
  getCardSummary,
  getCompanyCard,
  listCompanyCards,
  listCustomerCards,
} from "./cards.queries";
import { createVoucher, redeemCard } from "./cards.service";

const listRoute = createRoute({
  method: "get",
  path: "/cards",
  tags: ["cards"],
  summary:
    "The company's loyalty cards, searched, filtered by status and sorted (newest first without a sort)",
  request: {
    query: z.object({
      search: z.string().max(100).optional(),
      sort: z.enum(CARD_SORTS).optional(),
      status: z.enum(CARD_STATUSES).optional(),
      limit: z.coerce.number().int().min(1).max(500).optional(),
    }),
  },
  responses: {
    200: { description: "Cards", ...jsonContent(z.array(CompanyCardSchema)) },
    ...apiErrorResponses,
  },
});

const summaryRoute = createRoute({
  method: "get",
  path: "/cards/summary",
  tags: ["cards"],
  summary: "The /cartoes tiles: cards by status and the number of programmes",
  responses: {
    200: { description: "Counts", ...jsonContent(CardSummarySchema) },
    ...apiErrorResponses,
  },
});

const CardDetailsSchema = CompanyCardSchema.extend({
  history: z.array(StampSchema),
  /** The team member who redeemed it ("por Ana"; null: not redeemed). */
  redeemedByName: z.string().nullable(),
});

const getRoute = createRoute({
  method: "get",
  path: "/cards/{id}",
  tags: ["cards"],
  summary: "One of the company's cards with its stamp history",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The card", ...jsonContent(CardDetailsSchema) },
    ...apiErrorResponses,
  },
});

const activityRoute = createRoute({
  method: "get",
  path: "/customers/{id}/activity",
  tags: ["cards"],
  summary:
    "'Ver Detalhes': the customer's latest stamps and redemptions at the company, newest first, with who gave, reviewed or redeemed ('por Ana'); 404 for anyone who is not the company's member",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "Activity", ...jsonContent(z.array(CustomerActivitySchema)) },
    ...apiErrorResponses,
  },
});

const redeemRoute = createRoute({
  method: "post",
  path: "/cards/{id}/redeem",
  tags: ["cards"],
  summary: "'Marcar Utilização': a complete card becomes redeemed",
  request: { params: IdParamSchema, ...jsonBody(RedeemCardSchema) },
  responses: {
    200: { description: "The redeemed card", ...jsonContent(CompanyCardSchema) },
    ...apiErrorResponses,
  },
});

const byCodeRoute = createRoute({
  method: "get",
  path: "/redemption-codes/{code}",
  tags: ["cards"],
  summary: "The card behind a customer's voucher code",
  request: { params: z.object({ code: z.string().max(VOUCHER_CODE_MAX_LENGTH) }) },
  responses: {
    200: { description: "The card", ...jsonContent(CompanyCardSchema) },
    ...apiErrorResponses,
  },
});

const myCardsRoute = createRoute({
  method: "get",
  path: "/me/cards",
  tags: ["cards"],
  summary: "The signed-in customer's cards",
  responses: {
    200: { description: "Cards", ...jsonContent(z.array(CustomerCardSchema)) },
    ...apiErrorResponses,
  },
});

const myCompanyRoute = createRoute({
  method: "get",
  path: "/me/companies/{id}",
  tags: ["cards"],
  summary:
    "A company's page for the signed-in customer: the company and the customer's cards there",
  request: { params: IdParamSchema },
  responses: {
    200: {
      description: "Company and cards",
      ...jsonContent(
        z.object({
          company: PublicCompanySchema,
          cards: z.array(CustomerCardSchema),
          claimOptions: ClaimOptionsSchema,
          promotion: z.union([SpecialPromotionSchema, z.null()]),
        }),
      ),
    },
    ...apiErrorResponses,
  },
});

const voucherRoute = createRoute({
  method: "post",
  path: "/me/cards/{id}/voucher",
  tags: ["cards"],
  summary: "The voucher code of one of the customer's complete cards",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "Voucher", ...jsonContent(VoucherSchema) },
    ...apiErrorResponses,
  },
});

const openCardRoute = createRoute({
  method: "post",
  path: "/customers/{id}/cards",
  tags: ["cards"],
  summary:
    "Open a card of one of the company's programmes for a customer (one open card per programme: 409 card_already_open; archived: 409 program_archived)",
  request: { params: IdParamSchema, ...jsonBody(OpenCardSchema) },
  responses: {
    201: { description: "The new card", ...jsonContent(CompanyCardSchema) },
    ...apiErrorResponses,
  },
});

export function cardsRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });

  app.openapi(listRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "programs");
    return c.json(await listCompanyCards(db, actor.companyId, c.req.valid("query")), 200);
  });
  // Before /cards/{id}: "summary" is not a card id.
  app.openapi(summaryRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "programs");
    return c.json(await getCardSummary(db, actor.companyId), 200);
  });
  app.openapi(getRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "counter");
    const id = c.req.valid("param").id;
    const card = await getCompanyCard(db, actor.companyId, id);
    const [history, redeemedByName] = await Promise.all([
      getCardHistory(db, actor.companyId, id),
      card.redeemedAt ? findRedeemerName(db, actor.companyId, id) : null,
    ]);
    return c.json(cardForRole({ ...card, history, redeemedByName }, actor.role), 200);
  });
  app.openapi(activityRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    const customerId = c.req.valid("param").id;
    return c.json(
      await listCustomerActivity(db, actor.companyId, customerId, CUSTOMER_ACTIVITY_LIMIT),
      200,
    );
  });
  app.openapi(redeemRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "counter");
    const input = c.req.valid("json");
    const id = c.req.valid("param").id;
    // With an Idempotency-Key (the counter sends one), a retry after a lost answer gets the first
    // answer instead of 409 card_redeemed.
    const answer = await withIdempotency(
      db,
      `redeem:${actor.companyId}`,
      idempotentRequest(c, input),
      async (tx) => ({ status: 200, body: await redeemCard(tx, actor, id, input) }),
    );
    return c.json(cardForRole(answer.body as CompanyCard, actor.role), 200);
  });
  app.openapi(byCodeRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "counter");
    return c.json(await findCardByCode(db, actor.companyId, c.req.valid("param").code), 200);
  });
  app.openapi(openCardRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "programs");
    const customerId = c.req.valid("param").id;
    const { programId } = c.req.valid("json");
    return c.json(await openCardForCustomer(db, actor.companyId, customerId, programId), 201);
  });
  app.openapi(myCardsRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await listCustomerCards(db, actor.customerId), 200);
  });
  app.openapi(myCompanyRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    const company = await findPublicCompany(db, c.req.valid("param").id);
    if (!company) throw new AppError("not_found", 404, "Company not found");
    return c.json(
      {
        company,
        cards: await listCustomerCards(db, actor.customerId, company.id),
        claimOptions: await findClaimOptions(db, company.id),
        promotion: await findRunningPromotion(db, company.id),
      },
      200,
    );
  });
  app.openapi(voucherRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await createVoucher(db, actor.customerId, c.req.valid("param").id), 200);
  });
  return app;
}
