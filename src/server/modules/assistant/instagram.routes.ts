import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  InstagramChannelSchema,
  InstagramInboxSchema,
  InstagramReplyResultSchema,
  SaveInstagramChannelSchema,
} from "@shared/assistant.schema";
import { ReplySchema } from "@shared/messages.schema";
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
import {
  getInstagramChannel,
  type InstagramDeps,
  receiveInstagramWebhook,
  removeInstagramChannel,
  saveInstagramChannel,
  verifyInstagramHandshake,
} from "./instagram.service";
import { listInstagramInbox, replyOnInstagram } from "./instagram-inbox";
import { HandshakeQuerySchema, WebhookParamsSchema } from "./whatsapp.routes";

const tags = ["assistant"];
const PATH = "/assistant/instagram";
const WEBHOOK = "/instagram/webhook/{companyId}";

/** A 200 with `schema` as JSON, and the API's errors. */
const ok = <S extends z.ZodType>(description: string, schema: S) => ({
  200: { description, ...jsonContent(schema) },
  ...apiErrorResponses,
});

const channelRoute = (method: "get" | "delete", summary: string) =>
  createRoute({
    method,
    path: PATH,
    tags,
    summary,
    responses: ok("The channel (no secret)", InstagramChannelSchema),
  });
const getChannelRoute = channelRoute(
  "get",
  "IA Suprema on Instagram: the company's channel (which secrets are set, never them) and its webhook URL",
);
const deleteChannelRoute = channelRoute("delete", "Removes the company's Instagram channel");
const putChannelRoute = createRoute({
  method: "put",
  path: PATH,
  tags,
  summary:
    "Saves the Instagram messaging credentials (encrypted); an empty secret keeps the saved one",
  request: jsonBody(SaveInstagramChannelSchema),
  responses: ok("The channel (no secret)", InstagramChannelSchema),
});
const inboxRoute = createRoute({
  method: "get",
  path: `${PATH}/inbox`,
  tags,
  summary: "The company's Instagram conversations, newest first, with what waits for a person",
  responses: ok("Conversations", InstagramInboxSchema),
});
const replyRoute = createRoute({
  method: "post",
  path: `${PATH}/contacts/{id}/reply`,
  tags,
  summary:
    "A person answers an Instagram contact (24 hours, or up to 7 days with the human agent tag)",
  request: { params: IdParamSchema, ...jsonBody(ReplySchema) },
  responses: ok("How it went", InstagramReplyResultSchema),
});
const webhookRoute = createRoute({
  method: "post",
  path: WEBHOOK,
  tags,
  summary:
    "Meta's Instagram webhook events (X-Hub-Signature-256: HMAC-SHA256 of the raw body with the app secret); inbound texts answered by the assistant",
  request: { params: WebhookParamsSchema },
  responses: ok("Received", z.object({ ok: z.literal(true), received: z.number().int() })),
});
const handshakeRoute = createRoute({
  method: "get",
  path: WEBHOOK,
  tags,
  summary:
    "Meta's Instagram webhook verification: hub.mode=subscribe and the company's verify token → hub.challenge",
  request: { params: WebhookParamsSchema, query: HandshakeQuerySchema },
  responses: {
    200: { description: "The challenge", content: { "text/plain": { schema: z.string() } } },
    ...apiErrorResponses,
  },
});

/**
 * /api/assistant/instagram (the company's admin) and /api/instagram/webhook/:companyId (Meta: no
 * session, no Origin, so the same-origin check lets it through; the /api/* body limit applies).
 */
export function instagramRoutes({ db, ...deps }: InstagramDeps & { db: Db; appUrl: string }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  const actorOf = (c: { var: SessionVars }) => requireCompanyActor(db, c.var.user);

  app.openapi(getChannelRoute, async (c) =>
    c.json(await getInstagramChannel(db, deps.appUrl, await actorOf(c)), 200),
  );
  app.openapi(putChannelRoute, async (c) =>
    c.json(await saveInstagramChannel(db, deps, await actorOf(c), c.req.valid("json")), 200),
  );
  app.openapi(deleteChannelRoute, async (c) =>
    c.json(await removeInstagramChannel(db, deps.appUrl, await actorOf(c)), 200),
  );
  app.openapi(inboxRoute, async (c) => c.json(await listInstagramInbox(db, await actorOf(c)), 200));
  app.openapi(replyRoute, async (c) => {
    const actor = await actorOf(c);
    const { id } = c.req.valid("param");
    return c.json(await replyOnInstagram(db, deps, actor, id, c.req.valid("json").body), 200);
  });

  app.openapi(handshakeRoute, async (c) => {
    const query = c.req.valid("query");
    const challenge = await verifyInstagramHandshake(db, deps, c.req.valid("param").companyId, {
      mode: query["hub.mode"],
      token: query["hub.verify_token"],
      challenge: query["hub.challenge"],
    });
    return c.text(challenge, 200, { "content-type": "text/plain; charset=utf-8" });
  });
  app.openapi(webhookRoute, async (c) => {
    const { received } = await receiveInstagramWebhook(
      db,
      deps,
      c.req.valid("param").companyId,
      c.req.header("x-hub-signature-256"),
      new Uint8Array(await c.req.arrayBuffer()),
    );
    return c.json({ ok: true as const, received }, 200);
  });
  return app;
}
