import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { ReplySchema } from "@shared/messages.schema";
import { hasControlChars, TEXT_INVALID } from "@shared/text";
import type { Db } from "../../db/client";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import {
  apiErrorResponses,
  IdParamSchema,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";
import { requireAssistantPlan } from "./assistant-plan";
import type { ChannelAdapter, ChannelDeps, ChannelSecretsInput } from "./channel-adapter";
import { receiveChannelWebhook, verifyChannelHandshake } from "./channel-inbound";
import { listChannelInbox, replyAsPerson } from "./channel-inbox";
import { getChannel, removeChannel, saveChannel } from "./channel-settings";
import { CHANNEL_ADAPTERS } from "./channels";

const tags = ["assistant"];

/** A webhook's company. */
const WebhookParamsSchema = z.object({
  companyId: z
    .string()
    .max(100)
    .refine((id) => !hasControlChars(id), TEXT_INVALID),
});

/** Meta's handshake query. */
const HandshakeQuerySchema = z.object({
  "hub.mode": z.string().max(100).optional(),
  "hub.verify_token": z.string().max(4096).optional(),
  "hub.challenge": z.string().max(4096).optional(),
});

/** A 200 with `schema` as JSON, and the API's errors. */
const ok = <S extends z.ZodType>(description: string, schema: S) => ({
  200: { description, ...jsonContent(schema) },
  ...apiErrorResponses,
});

type Deps = ChannelDeps & { db: Db; appUrl: string };

/**
 * One channel's API: /api/assistant/<channel> (the company's admin: settings, inbox, a person's
 * reply) and /api/<channel>/webhook/:companyId (the platform: no session, no Origin, so the
 * same-origin check lets it through; the /api/* body limit applies). Answers are checked against
 * the channel's schemas on the way out.
 */
function routesOf<Row, Save extends ChannelSecretsInput>(
  adapter: ChannelAdapter<Row, Save>,
  { db, ...deps }: Deps,
) {
  const { api } = adapter;
  const path = `/assistant/${adapter.name}`;
  const webhook = `/${adapter.name}/webhook/{companyId}`;
  const channelRoute = (method: "get" | "delete") =>
    createRoute({
      method,
      path,
      tags,
      summary: api.summaries[method],
      responses: ok("The channel (no secret)", api.channel),
    });
  const putRoute = createRoute({
    method: "put",
    path,
    tags,
    summary: `${api.summaries.put} (IA Suprema: 403 assistant_plan_required outside the plan)`,
    request: jsonBody(api.save),
    responses: ok("The channel (no secret)", api.channel),
  });
  const inboxRoute = createRoute({
    method: "get",
    path: `${path}/inbox`,
    tags,
    summary: api.summaries.inbox,
    responses: ok("Conversations", api.inbox),
  });
  const replyRoute = createRoute({
    method: "post",
    path: `${path}/contacts/{id}/reply`,
    tags,
    summary: api.summaries.reply,
    request: { params: IdParamSchema, ...jsonBody(ReplySchema) },
    responses: ok("How it went", api.reply),
  });
  const handshakeRoute = createRoute({
    method: "get",
    path: webhook,
    tags,
    summary: api.summaries.handshake,
    request: { params: WebhookParamsSchema, query: HandshakeQuerySchema },
    responses: {
      200: { description: "The challenge", content: { "text/plain": { schema: z.string() } } },
      ...apiErrorResponses,
    },
  });
  const webhookRoute = createRoute({
    method: "post",
    path: webhook,
    tags,
    summary: api.summaries.webhook,
    request: { params: WebhookParamsSchema },
    responses: ok("Received", z.object({ ok: z.literal(true), received: z.number().int() })),
  });

  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  const actorOf = (c: { var: SessionVars }) => requireCompanyActor(db, c.var.user, "assistant");
  // Saving a channel, its inbox and a person's reply need the plan (the channel can still be
  // read and removed on any plan: decision 027).
  const inPlanActorOf = async (c: { var: SessionVars }) => {
    const actor = await actorOf(c);
    await requireAssistantPlan(db, actor.companyId);
    return actor;
  };
  const view = (channel: unknown) => api.channel.parse(channel);

  app.openapi(channelRoute("get"), async (c) =>
    c.json(view(await getChannel(db, adapter, deps.appUrl, await actorOf(c))), 200),
  );
  app.openapi(putRoute, async (c) => {
    const actor = await inPlanActorOf(c);
    return c.json(view(await saveChannel(db, adapter, deps, actor, c.req.valid("json"))), 200);
  });
  app.openapi(channelRoute("delete"), async (c) =>
    c.json(view(await removeChannel(db, adapter, deps.appUrl, await actorOf(c))), 200),
  );
  app.openapi(inboxRoute, async (c) =>
    c.json(api.inbox.parse(await listChannelInbox(db, adapter, await inPlanActorOf(c))), 200),
  );
  app.openapi(replyRoute, async (c) => {
    const actor = await inPlanActorOf(c);
    const { id } = c.req.valid("param");
    const result = await replyAsPerson(db, adapter, deps, actor, id, c.req.valid("json").body);
    return c.json(api.reply.parse(result), 200);
  });

  app.openapi(handshakeRoute, async (c) => {
    const query = c.req.valid("query");
    const challenge = await verifyChannelHandshake(
      db,
      adapter,
      deps,
      c.req.valid("param").companyId,
      {
        mode: query["hub.mode"],
        token: query["hub.verify_token"],
        challenge: query["hub.challenge"],
      },
    );
    return c.text(challenge, 200, { "content-type": "text/plain; charset=utf-8" });
  });
  app.openapi(webhookRoute, async (c) => {
    const { received } = await receiveChannelWebhook(
      db,
      adapter,
      deps,
      c.req.valid("param").companyId,
      c.req.header(adapter.webhook.signatureHeader),
      new Uint8Array(await c.req.arrayBuffer()),
    );
    return c.json({ ok: true as const, received }, 200);
  });
  return app;
}

/** Every channel's API (channels.ts). */
export function channelRoutes(deps: Deps) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  for (const adapter of CHANNEL_ADAPTERS) app.route("/", routesOf(adapter, deps));
  return app;
}
