import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  CompanyReferralPageSchema,
  CustomerBonusSchema,
  DecideReferralSchema,
  ListReferralsQuerySchema,
  MyReferralSchema,
  ReferralLinkQuerySchema,
  ReferralLinkSchema,
  UseBonusSchema,
} from "@shared/referrals.schema";
import type { Db } from "../../db/client";
import { giveRuleStamps } from "../../flows/give-stamp";
import { requireCompanyActor, requireCustomerActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import {
  apiErrorResponses,
  IdParamSchema,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";
import { useBonus } from "./bonus.service";
import {
  getCustomerBonus,
  getMyReferral,
  listReferrals,
  referralLinkCredits,
} from "./referrals.queries";
import { decideReferral } from "./referrals.service";

const listRoute = createRoute({
  method: "get",
  path: "/referrals",
  tags: ["referrals"],
  summary: "'Indicações': the company's referrals (who, whom, state), newest first, 20 a page",
  request: { query: ListReferralsQuerySchema },
  responses: {
    200: { description: "One page", ...jsonContent(CompanyReferralPageSchema) },
    ...apiErrorResponses,
  },
});

const decideRoute = createRoute({
  method: "post",
  path: "/referrals/{id}/decision",
  tags: ["referrals"],
  summary:
    "Approve a held referral (the friend gets the welcome), block a held or pending one, or reward a qualified one by hand",
  request: { params: IdParamSchema, ...jsonBody(DecideReferralSchema) },
  responses: {
    200: { description: "Decided", ...jsonContent(z.object({ ok: z.literal(true) })) },
    ...apiErrorResponses,
  },
});

const bonusRoute = createRoute({
  method: "get",
  path: "/customers/{id}/bonus",
  tags: ["referrals"],
  summary: "A member's bonus at the company: balance in cents and the latest entries",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The bonus", ...jsonContent(CustomerBonusSchema) },
    ...apiErrorResponses,
  },
});

const useBonusRoute = createRoute({
  method: "post",
  path: "/customers/{id}/bonus/use",
  tags: ["referrals"],
  summary: "'Usar bônus' at the counter: takes an amount off the balance (who and when recorded)",
  request: { params: IdParamSchema, ...jsonBody(UseBonusSchema) },
  responses: {
    200: { description: "The bonus after the use", ...jsonContent(CustomerBonusSchema) },
    ...apiErrorResponses,
  },
});

const myReferralRoute = createRoute({
  method: "get",
  path: "/me/companies/{id}/referral",
  tags: ["referrals"],
  summary: "The customer's personal referral link at a company, what it gives, and their bonus",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The referral card", ...jsonContent(MyReferralSchema) },
    ...apiErrorResponses,
  },
});

const referralLinkRoute = createRoute({
  method: "get",
  path: "/companies/{id}/referral-link",
  tags: ["referrals"],
  summary:
    "Public: whether a member's personal link (`indicador`) would credit anyone now (the programme on, an active member under the monthly cap); the sign-up page's 'Você foi indicado por um amigo!' shows only then",
  request: { params: IdParamSchema, query: ReferralLinkQuerySchema },
  responses: {
    200: { description: "Whether the link credits", ...jsonContent(ReferralLinkSchema) },
    ...apiErrorResponses,
  },
});

export function referralsRoutes({ db, appUrl }: { db: Db; appUrl: string }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });

  app.openapi(listRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "programs");
    return c.json(await listReferrals(db, actor, c.req.valid("query")), 200);
  });
  app.openapi(decideRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "programs");
    await decideReferral(
      db,
      actor,
      c.req.valid("param").id,
      c.req.valid("json"),
      appUrl,
      giveRuleStamps,
    );
    return c.json({ ok: true as const }, 200);
  });
  app.openapi(bonusRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "programs");
    return c.json(await getCustomerBonus(db, actor.companyId, c.req.valid("param").id), 200);
  });
  app.openapi(useBonusRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "programs");
    return c.json(await useBonus(db, actor, c.req.valid("param").id, c.req.valid("json")), 200);
  });
  app.openapi(referralLinkRoute, async (c) =>
    c.json(
      await referralLinkCredits(db, c.req.valid("param").id, c.req.valid("query").indicador),
      200,
    ),
  );
  app.openapi(myReferralRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await getMyReferral(db, actor.customerId, c.req.valid("param").id), 200);
  });
  return app;
}
