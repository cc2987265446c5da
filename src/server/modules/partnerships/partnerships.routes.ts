import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import {
  MarketplacePageSchema,
  MarketplaceQuerySchema,
  PartnerMessageInputSchema,
  PartnerMessageSchema,
  PartnerMessagesQuerySchema,
  PartnershipAnswerSchema,
  PartnershipListQuerySchema,
  PartnershipListSchema,
  PartnershipOverviewSchema,
  PartnershipRequestSchema,
  PartnershipSchema,
  PartnershipSettingsSchema,
  PartnerThreadSchema,
  PublicPartnersSchema,
} from "@shared/partnerships.schema";
import type { Db } from "../../db/client";
import { savePartnershipSettings } from "../../flows/save-partnership-settings";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import {
  apiErrorResponses,
  IdParamSchema,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";
import { publicPartners } from "./partnerships.queries";
import {
  answerPartnership,
  cancelPartnership,
  endPartnership,
  getOverview,
  listPartnerships,
  marketplace,
  openPartnership,
  postMessage,
  readThread,
  requestPartnership,
} from "./partnerships.service";

const tags = ["partnerships"];

const overviewRoute = createRoute({
  method: "get",
  path: "/partnerships/settings",
  tags,
  summary: "/parceria: the switch, the description and the counts (requests, unread messages)",
  responses: {
    200: { description: "The overview", ...jsonContent(PartnershipOverviewSchema) },
    ...apiErrorResponses,
  },
});

const saveSettingsRoute = createRoute({
  method: "put",
  path: "/partnerships/settings",
  tags,
  summary: "Saves 'parceria_ativa' and 'parceria_descricao' ('Parceria atualizada!')",
  request: { ...jsonBody(PartnershipSettingsSchema) },
  responses: {
    200: { description: "The overview after", ...jsonContent(PartnershipOverviewSchema) },
    ...apiErrorResponses,
  },
});

const marketplaceRoute = createRoute({
  method: "get",
  path: "/partnerships/marketplace",
  tags,
  summary:
    "/parceria-marketplace: companies open to partnerships (never the own one), by branch, state and city (case and accents ignored), by name",
  request: { query: MarketplaceQuerySchema },
  responses: {
    200: { description: "One page", ...jsonContent(MarketplacePageSchema) },
    ...apiErrorResponses,
  },
});

const requestRoute = createRoute({
  method: "post",
  path: "/partnerships",
  tags,
  summary:
    "'Solicitar Parceria': 409 partnership_sender_inactive (the sender's own switch off), partnership_unavailable (the target's switch off, own company), partnership_exists (one pending or active per pair), 429 past the daily limit",
  request: { ...jsonBody(PartnershipRequestSchema) },
  responses: {
    201: { description: "The request, pending", ...jsonContent(PartnershipSchema) },
    ...apiErrorResponses,
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/partnerships",
  tags,
  summary: "The company's partnerships and requests (both directions), newest activity first",
  request: { query: PartnershipListQuerySchema },
  responses: {
    200: { description: "Partnerships", ...jsonContent(PartnershipListSchema) },
    ...apiErrorResponses,
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/partnerships/{id}",
  tags,
  summary: "One partnership; the recipient opening a request marks it read ('nova' → 'lida')",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The partnership", ...jsonContent(PartnershipSchema) },
    ...apiErrorResponses,
  },
});

const afterResponses = {
  200: { description: "The partnership after", ...jsonContent(PartnershipSchema) },
  ...apiErrorResponses,
};

const answerRoute = createRoute({
  method: "post",
  path: "/partnerships/{id}/answer",
  tags,
  summary:
    "The recipient accepts or declines a pending request, once (409 partnership_state_conflict after, or for the requester)",
  request: { params: IdParamSchema, ...jsonBody(PartnershipAnswerSchema) },
  responses: afterResponses,
});

const action = (path: string, summary: string) =>
  createRoute({
    method: "post",
    path,
    tags,
    summary,
    request: { params: IdParamSchema },
    responses: afterResponses,
  });
const cancelRoute = action(
  "/partnerships/{id}/cancel",
  "The requester withdraws its pending request",
);
const endRoute = action(
  "/partnerships/{id}/end",
  "'Encerrar': either side ends an active partnership, for good",
);

const threadRoute = createRoute({
  method: "get",
  path: "/partnerships/{id}/messages",
  tags,
  summary:
    "The partner conversation, oldest first (only newer than `after` when given: polled every 2 s); marks the partner's messages read",
  request: { params: IdParamSchema, query: PartnerMessagesQuerySchema },
  responses: {
    200: { description: "The thread", ...jsonContent(PartnerThreadSchema) },
    ...apiErrorResponses,
  },
});

const postMessageRoute = createRoute({
  method: "post",
  path: "/partnerships/{id}/messages",
  tags,
  summary:
    "Writes in the conversation once the partnership is active (409 while pending: only the proposal, and after the end); 429 partner_messages_limited past PARTNER_MESSAGES_PER_HOUR a company writes in an hour",
  request: { params: IdParamSchema, ...jsonBody(PartnerMessageInputSchema) },
  responses: {
    201: { description: "The message", ...jsonContent(PartnerMessageSchema) },
    ...apiErrorResponses,
  },
});

const publicPartnersRoute = createRoute({
  method: "get",
  path: "/companies/{id}/partners",
  tags,
  summary: "'Parceiros de <empresa>' (public): the company's active partners, with the join link",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "Partners", ...jsonContent(PublicPartnersSchema) },
    ...apiErrorResponses,
  },
});

export function partnershipsRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  const actor = (user: SessionVars["user"]) => requireCompanyActor(db, user, "partnerships");

  app.openapi(overviewRoute, async (c) =>
    c.json(await getOverview(db, await actor(c.var.user)), 200),
  );
  app.openapi(saveSettingsRoute, async (c) =>
    c.json(await savePartnershipSettings(db, await actor(c.var.user), c.req.valid("json")), 200),
  );
  app.openapi(marketplaceRoute, async (c) =>
    c.json(await marketplace(db, await actor(c.var.user), c.req.valid("query")), 200),
  );
  app.openapi(requestRoute, async (c) =>
    c.json(await requestPartnership(db, await actor(c.var.user), c.req.valid("json")), 201),
  );
  app.openapi(listRoute, async (c) =>
    c.json(await listPartnerships(db, await actor(c.var.user), c.req.valid("query").state), 200),
  );
  app.openapi(getRoute, async (c) =>
    c.json(await openPartnership(db, await actor(c.var.user), c.req.valid("param").id), 200),
  );
  app.openapi(answerRoute, async (c) => {
    const { accept } = c.req.valid("json");
    const id = c.req.valid("param").id;
    return c.json(await answerPartnership(db, await actor(c.var.user), id, accept), 200);
  });
  app.openapi(cancelRoute, async (c) =>
    c.json(await cancelPartnership(db, await actor(c.var.user), c.req.valid("param").id), 200),
  );
  app.openapi(endRoute, async (c) =>
    c.json(await endPartnership(db, await actor(c.var.user), c.req.valid("param").id), 200),
  );
  app.openapi(threadRoute, async (c) => {
    const { after } = c.req.valid("query");
    const id = c.req.valid("param").id;
    return c.json(await readThread(db, await actor(c.var.user), id, after || undefined), 200);
  });
  app.openapi(postMessageRoute, async (c) => {
    const { body } = c.req.valid("json");
    const id = c.req.valid("param").id;
    return c.json(await postMessage(db, await actor(c.var.user), id, body), 201);
  });
  app.openapi(publicPartnersRoute, async (c) =>
    c.json(await publicPartners(db, c.req.valid("param").id), 200),
  );
  return app;
}
