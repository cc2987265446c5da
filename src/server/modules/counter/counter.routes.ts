import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { isShortCode } from "@shared/counter";
import {
  CounterCustomerSchema,
  CounterLookupSchema,
  CounterRulesSchema,
  CounterSearchQuerySchema,
  CounterSearchResultSchema,
} from "@shared/counter.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { shortCodeOf } from "../../lib/customer-code";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import {
  ApiErrorSchema,
  apiErrorResponses,
  IdParamSchema,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";
import { enforceRateLimit, type RateLimitRule } from "../../rate-limits";
import {
  findCounterCustomer,
  findCounterRules,
  findMemberByShortCode,
  searchCounterCustomers,
} from "./counter.queries";

/**
 * Look-ups per team member: a busy till serves a customer every few seconds, far below this;
 * guessing short codes (31^6 of them) at this pace finds nothing.
 */
export const COUNTER_LOOKUP_LIMIT: RateLimitRule = {
  bucket: "counter-lookup",
  max: 60,
  windowSeconds: 60,
};
/** Searches per team member (typed, so a few a customer). */
export const COUNTER_SEARCH_LIMIT_RULE: RateLimitRule = {
  bucket: "counter-search",
  max: 120,
  windowSeconds: 60,
};

const lookupRoute = createRoute({
  method: "post",
  path: "/counter/lookup",
  tags: ["counter"],
  summary:
    "The customer behind a scanned QR code or a typed short code: an active member of the company, their open cards and latest stamps (410/400 counter_code_expired; 404 customer_not_member, with no data; 60 a minute per member)",
  request: { ...jsonBody(CounterLookupSchema) },
  responses: {
    200: { description: "The customer", ...jsonContent(CounterCustomerSchema) },
    ...apiErrorResponses,
    410: {
      description: "counter_code_expired: a QR code older than a minute",
      ...jsonContent(ApiErrorSchema),
    },
  },
});

const customerRoute = createRoute({
  method: "get",
  path: "/counter/customers/{id}",
  tags: ["counter"],
  summary:
    "An active member of the company as the counter shows them (404 customer_not_member otherwise)",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The customer", ...jsonContent(CounterCustomerSchema) },
    ...apiErrorResponses,
  },
});

const searchRoute = createRoute({
  method: "get",
  path: "/counter/customers",
  tags: ["counter"],
  summary:
    "The counter's name or phone search among the company's active members: name, masked phone, open cards (never the e-mail or the full phone)",
  request: { query: CounterSearchQuerySchema },
  responses: {
    200: { description: "Matches", ...jsonContent(z.array(CounterSearchResultSchema)) },
    ...apiErrorResponses,
  },
});

const rulesRoute = createRoute({
  method: "get",
  path: "/counter/rules",
  tags: ["counter"],
  summary: "What the counter's stamp form needs of the company's rules (stamps by value)",
  responses: {
    200: { description: "Rules", ...jsonContent(CounterRulesSchema) },
    ...apiErrorResponses,
  },
});

export { shortCodeOf };

export const notMember = () =>
  new AppError("customer_not_member", 404, "This customer is not a member of your programme.");

/** The counter ('Balcão'): every role of the team may use it (permission `counter`). */
export function counterRoutes({ db, authSecret }: { db: Db; authSecret: string }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });

  app.openapi(lookupRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "counter");
    // Counted before anything is looked up, found or not: short codes cannot be enumerated.
    await enforceRateLimit(
      db,
      `${COUNTER_LOOKUP_LIMIT.bucket}:${actor.userId}`,
      COUNTER_LOOKUP_LIMIT,
    );
    const shortCode = shortCodeOf(authSecret, c.req.valid("json").code);
    const customerId = isShortCode(shortCode)
      ? await findMemberByShortCode(db, actor.companyId, shortCode)
      : null;
    const customer = customerId ? await findCounterCustomer(db, actor.companyId, customerId) : null;
    if (!customer) throw notMember();
    return c.json(customer, 200);
  });

  app.openapi(searchRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "counter");
    await enforceRateLimit(
      db,
      `${COUNTER_SEARCH_LIMIT_RULE.bucket}:${actor.userId}`,
      COUNTER_SEARCH_LIMIT_RULE,
    );
    return c.json(
      await searchCounterCustomers(db, actor.companyId, c.req.valid("query").search),
      200,
    );
  });

  app.openapi(customerRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "counter");
    const customer = await findCounterCustomer(db, actor.companyId, c.req.valid("param").id);
    if (!customer) throw notMember();
    return c.json(customer, 200);
  });

  app.openapi(rulesRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "counter");
    return c.json(await findCounterRules(db, actor.companyId), 200);
  });

  return app;
}
