import { OpenAPIHono } from "@hono/zod-openapi";
import {
  CounterSettingsSchema,
  LoyaltyRulesSchema,
  PromotionSettingsSchema,
  ReferralRulesSchema,
} from "@shared/settings.schema";
import type { Db } from "../../db/client";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { sectionRoutes, validationHook } from "../../openapi";
import {
  getCounterSettings,
  getLoyaltyRules,
  getPromotion,
  getReferralRules,
  saveCounterSettings,
  saveLoyaltyRules,
  savePromotion,
  saveReferralRules,
} from "./company-rules.service";

const loyalty = sectionRoutes("/settings/loyalty-rules", "loyalty rules", LoyaltyRulesSchema);
const counter = sectionRoutes(
  "/settings/counter-rules",
  "counter rules (minutes between two stamps on a card and stamps a day per customer, 0: off; stamps by purchase value; self-stamp)",
  CounterSettingsSchema,
);
const referral = sectionRoutes("/settings/referral-rules", "referral rules", ReferralRulesSchema);
const promotion = sectionRoutes(
  "/settings/promotion",
  "special promotion",
  PromotionSettingsSchema,
);

/**
 * The /configuracoes sections kept on the company's row: stamp rules, counter rules, referrals,
 * promotion.
 */
export function companyRulesRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  const company = (user: SessionVars["user"]) => requireCompanyActor(db, user, "programs");

  app.openapi(loyalty.get, async (c) =>
    c.json(await getLoyaltyRules(db, await company(c.var.user)), 200),
  );
  app.openapi(loyalty.put, async (c) =>
    c.json(await saveLoyaltyRules(db, await company(c.var.user), c.req.valid("json")), 200),
  );
  app.openapi(counter.get, async (c) =>
    c.json(await getCounterSettings(db, await company(c.var.user)), 200),
  );
  app.openapi(counter.put, async (c) =>
    c.json(await saveCounterSettings(db, await company(c.var.user), c.req.valid("json")), 200),
  );
  app.openapi(referral.get, async (c) =>
    c.json(await getReferralRules(db, await company(c.var.user)), 200),
  );
  app.openapi(referral.put, async (c) =>
    c.json(await saveReferralRules(db, await company(c.var.user), c.req.valid("json")), 200),
  );
  app.openapi(promotion.get, async (c) =>
    c.json(await getPromotion(db, await company(c.var.user)), 200),
  );
  app.openapi(promotion.put, async (c) =>
    c.json(await savePromotion(db, await company(c.var.user), c.req.valid("json")), 200),
  );
  return app;
}
