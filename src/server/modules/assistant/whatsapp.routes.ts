import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  SaveWhatsAppChannelSchema,
  WhatsAppChannelSchema,
  WhatsAppInboxSchema,
  WhatsAppReplyResultSchema,
} from "@shared/assistant.schema";
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
import {
  getWhatsAppChannel,
  receiveWhatsAppWebhook,
  removeWhatsAppChannel,
  saveWhatsAppChannel,
  verifyWebhookHandshake,
  type WhatsAppDeps,
} from "./whatsapp.service";
import { listWhatsAppInbox, replyOnWhatsApp } from "./whatsapp-inbox";

const tags = ["assistant"];

const channelRoute = (method: "get" | "delete", summary: string) =>
  createRoute({
    method,
    path: "/assistant/whatsapp",
    tags,
    summary,
    responses: {
      200: { description: "The channel (no secret)", ...jsonContent(WhatsAppChannelSchema) },
      ...apiErrorResponses,
    },
  });

const getChannelRoute = channelRoute(
  "get",
  "IA Suprema on WhatsApp: the company's channel (which secrets are set, never them) and its webhook URL",
);
const putChannelRoute = createRoute({
  method: "put",
  path: "/assistant/whatsapp",
  tags,
  summary:
    "Saves the WhatsApp Business Cloud API credentials (encrypted); an empty secret keeps the saved one",
  request: jsonBody(SaveWhatsAppChannelSchema),
  responses: {
    200: { description: "The channel (no secret)", ...jsonContent(WhatsAppChannelSchema) },
    ...apiErrorResponses,
  },
});
const deleteChannelRoute = channelRoute("delete", "Removes the company's WhatsApp channel");

/** A webhook's company (Meta's webhooks: WhatsApp's and Instagram's). */
export const WebhookParamsSchema = z.object({
  companyId: z
    .string()
    .max(100)
    .refine((id) => !hasControlChars(id), TEXT_INVALID),
});

/** Meta's handshake query. */
export const HandshakeQuerySchema = z.object({
  "hub.mode": z.string().max(100).optional(),
  "hub.verify_token": z.string().max(4096).optional(),
  "hub.challenge": z.string().max(4096).optional(),
});

const handshakeRoute = createRoute({
  method: "get",
  path: "/whatsapp/webhook/{companyId}",
  tags,
  summary:
    "Meta's webhook verification: hub.mode=subscribe and the company's verify token → hub.challenge",
  request: { params: WebhookParamsSchema, query: HandshakeQuerySchema },
  responses: {
    200: { description: "The challenge", content: { "text/plain": { schema: z.string() } } },
    ...apiErrorResponses,
  },
});

const webhookRoute = createRoute({
  method: "post",
  path: "/whatsapp/webhook/{companyId}",
  tags,
  summary:
    "Meta's webhook events (X-Hub-Signature-256: HMAC-SHA256 of the raw body with the app secret); inbound texts answered by the assistant",
  request: { params: WebhookParamsSchema },
  responses: {
    200: {
      description: "Received",
      ...jsonContent(z.object({ ok: z.literal(true), received: z.number().int() })),
    },
    ...apiErrorResponses,
  },
});

const inboxRoute = createRoute({
  method: "get",
  path: "/assistant/whatsapp/inbox",
  tags,
  summary: "The company's WhatsApp conversations, newest first, with what waits for a person",
  responses: {
    200: { description: "Conversations", ...jsonContent(WhatsAppInboxSchema) },
    ...apiErrorResponses,
  },
});
const replyRoute = createRoute({
  method: "post",
  path: "/assistant/whatsapp/contacts/{id}/reply",
  tags,
  summary: "A person answers a WhatsApp contact (the 24-hour rule applies)",
  request: { params: IdParamSchema, ...jsonBody(ReplySchema) },
  responses: {
    200: { description: "How it went", ...jsonContent(WhatsAppReplyResultSchema) },
    ...apiErrorResponses,
  },
});

/**
 * /api/assistant/whatsapp (the company's admin) and /api/whatsapp/webhook/:companyId (Meta: no
 * session, no Origin, so the same-origin check lets it through; the /api/* body limit applies).
 */
export function whatsappRoutes({ db, ...deps }: WhatsAppDeps & { db: Db; appUrl: string }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });

  app.openapi(getChannelRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user);
    return c.json(await getWhatsAppChannel(db, deps.appUrl, actor), 200);
  });
  app.openapi(putChannelRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user);
    return c.json(await saveWhatsAppChannel(db, deps, actor, c.req.valid("json")), 200);
  });
  app.openapi(deleteChannelRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user);
    return c.json(await removeWhatsAppChannel(db, deps.appUrl, actor), 200);
  });

  app.openapi(inboxRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user);
    return c.json(await listWhatsAppInbox(db, actor), 200);
  });
  app.openapi(replyRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user);
    const { id } = c.req.valid("param");
    return c.json(await replyOnWhatsApp(db, deps, actor, id, c.req.valid("json").body), 200);
  });

  app.openapi(handshakeRoute, async (c) => {
    const query = c.req.valid("query");
    const challenge = await verifyWebhookHandshake(db, deps, c.req.valid("param").companyId, {
      mode: query["hub.mode"],
      token: query["hub.verify_token"],
      challenge: query["hub.challenge"],
    });
    return c.text(challenge, 200, { "content-type": "text/plain; charset=utf-8" });
  });
  app.openapi(webhookRoute, async (c) => {
    const body = new Uint8Array(await c.req.arrayBuffer());
    const { received } = await receiveWhatsAppWebhook(
      db,
      deps,
      c.req.valid("param").companyId,
      c.req.header("x-hub-signature-256"),
      body,
    );
    return c.json({ ok: true as const, received }, 200);
  });
  return app;
}
