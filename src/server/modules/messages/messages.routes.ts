import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  COMPANY_REPLIES_MAX,
  CompanyReplySchema,
  ConversationMessageSchema,
  InboxMessageSchema,
  ReplySchema,
  SendMessageSchema,
  UnreadMessagesSchema,
} from "@shared/messages.schema";
import type { Db } from "../../db/client";
import { replyToCustomer } from "../../flows/reply-to-message";
import { sendMessage } from "../../flows/send-message";
import { requireCompanyActor, requireCustomerActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import {
  apiErrorResponses,
  IdParamSchema,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";
import { listInterestRepliesForCustomer } from "../interests/interests.queries";
import { listConversation, listInbox, listMessageAnswersForCustomer } from "./messages.queries";
import { countPendingMessages } from "./messages.service";

const sendRoute = createRoute({
  method: "post",
  path: "/me/messages",
  tags: ["messages"],
  summary: "The signed-in customer writes to a company (rate limited per customer)",
  request: { ...jsonBody(SendMessageSchema) },
  responses: {
    201: { description: "The message, pending", ...jsonContent(ConversationMessageSchema) },
    ...apiErrorResponses,
  },
});

const conversationRoute = createRoute({
  method: "get",
  path: "/me/companies/{id}/messages",
  tags: ["messages"],
  summary: "The signed-in customer's conversation with one company, oldest first",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "Messages", ...jsonContent(z.array(ConversationMessageSchema)) },
    ...apiErrorResponses,
  },
});

const myRepliesRoute = createRoute({
  method: "get",
  path: "/me/replies",
  tags: ["messages"],
  summary: "The companies' answers to the customer's messages and interests, newest first",
  responses: {
    200: { description: "Replies", ...jsonContent(z.array(CompanyReplySchema)) },
    ...apiErrorResponses,
  },
});

const inboxRoute = createRoute({
  method: "get",
  path: "/messages",
  tags: ["messages"],
  summary: "/mensagens: the customers' messages to the company, newest first",
  request: {
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).optional() }),
  },
  responses: {
    200: { description: "Messages", ...jsonContent(z.array(InboxMessageSchema)) },
    ...apiErrorResponses,
  },
});

const unreadRoute = createRoute({
  method: "get",
  path: "/messages/unread",
  tags: ["messages"],
  summary: "The unread counter: customer messages still pending",
  responses: {
    200: { description: "Count", ...jsonContent(UnreadMessagesSchema) },
    ...apiErrorResponses,
  },
});

const replyRoute = createRoute({
  method: "post",
  path: "/messages/{id}/reply",
  tags: ["messages"],
  summary: "Answer a pending customer message (409 once answered)",
  request: { params: IdParamSchema, ...jsonBody(ReplySchema) },
  responses: {
    201: { description: "The answer", ...jsonContent(ConversationMessageSchema) },
    ...apiErrorResponses,
  },
});

export function messagesRoutes({ db, appUrl }: { db: Db; appUrl: string }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });

  app.openapi(sendRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await sendMessage(db, actor, c.req.valid("json")), 201);
  });
  app.openapi(conversationRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await listConversation(db, c.req.valid("param").id, actor.customerId), 200);
  });
  app.openapi(myRepliesRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    const [messages, interests] = await Promise.all([
      listMessageAnswersForCustomer(db, actor.customerId, COMPANY_REPLIES_MAX),
      listInterestRepliesForCustomer(db, actor.customerId, COMPANY_REPLIES_MAX),
    ]);
    const replies = [...messages, ...interests]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, COMPANY_REPLIES_MAX);
    return c.json(replies, 200);
  });
  app.openapi(inboxRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "messages");
    return c.json(await listInbox(db, actor.companyId, c.req.valid("query").limit), 200);
  });
  app.openapi(unreadRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "messages");
    return c.json(await countPendingMessages(db, actor.companyId), 200);
  });
  app.openapi(replyRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "messages");
    const { id } = c.req.valid("param");
    const body = c.req.valid("json").body;
    return c.json(await replyToCustomer({ db, appUrl }, actor, id, body), 201);
  });
  return app;
}
