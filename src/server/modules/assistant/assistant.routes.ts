import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  AssistantOverviewSchema,
  AssistantSettingsSchema,
  FeedbackListSchema,
  FeedbackQuerySchema,
  TakenOverSchema,
  UpdateFeedbackSchema,
} from "@shared/assistant.schema";
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
import { listFeedback } from "./assistant.queries";
import {
  getAssistantOverview,
  handBackConversation,
  listTakenOver,
  saveAssistantSettings,
  takeOverConversation,
  updateFeedbackState,
} from "./assistant.service";
import { requireAssistantPlan } from "./assistant-plan";
import type { AssistantEngine } from "./engine";

const tags = ["assistant"];
const ok = { 204: { description: "Done" }, ...apiErrorResponses };

const getSettingsRoute = createRoute({
  method: "get",
  path: "/assistant/settings",
  tags,
  summary: "IA Suprema: the settings, whether the plan includes it, the engine, open feedback",
  responses: {
    200: { description: "Overview", ...jsonContent(AssistantOverviewSchema) },
    ...apiErrorResponses,
  },
});
const putSettingsRoute = createRoute({
  method: "put",
  path: "/assistant/settings",
  tags,
  summary: "Saves IA Suprema's settings (switching it on needs the trial or the Supremo plan)",
  request: { ...jsonBody(AssistantSettingsSchema) },
  responses: {
    200: { description: "Overview after saving", ...jsonContent(AssistantOverviewSchema) },
    ...apiErrorResponses,
  },
});
const listFeedbackRoute = createRoute({
  method: "get",
  path: "/assistant/feedback",
  tags,
  summary: "Complaints and suggestions the assistant filed, newest first",
  request: { query: FeedbackQuerySchema },
  responses: {
    200: { description: "A page", ...jsonContent(FeedbackListSchema) },
    ...apiErrorResponses,
  },
});
const updateFeedbackRoute = createRoute({
  method: "put",
  path: "/assistant/feedback/{id}",
  tags,
  summary: "Moves a complaint or suggestion to new, in progress or resolved",
  request: { params: IdParamSchema, ...jsonBody(UpdateFeedbackSchema) },
  responses: ok,
});
const listTakenOverRoute = createRoute({
  method: "get",
  path: "/assistant/handoffs",
  tags,
  summary: "Customers whose conversations a person took over",
  responses: {
    200: { description: "Customer ids", ...jsonContent(TakenOverSchema) },
    ...apiErrorResponses,
  },
});
const CustomerParamSchema = z.object({ customerId: z.string().trim().min(1).max(100) });
const takeOverRoute = createRoute({
  method: "put",
  path: "/assistant/handoffs/{customerId}",
  tags,
  summary: "'Assumir conversa': the assistant stops answering this customer",
  request: { params: CustomerParamSchema },
  responses: ok,
});
const handBackRoute = createRoute({
  method: "delete",
  path: "/assistant/handoffs/{customerId}",
  tags,
  summary: "'Devolver ao assistente': the assistant answers this customer again",
  request: { params: CustomerParamSchema },
  responses: ok,
});

export function assistantRoutes({ db, engine }: { db: Db; engine: AssistantEngine }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  const company = (user: SessionVars["user"]) => requireCompanyActor(db, user, "assistant");

  app.openapi(getSettingsRoute, async (c) =>
    c.json(await getAssistantOverview(db, await company(c.var.user), engine), 200),
  );
  app.openapi(putSettingsRoute, async (c) =>
    c.json(
      await saveAssistantSettings(db, await company(c.var.user), engine, c.req.valid("json")),
      200,
    ),
  );
  app.openapi(listFeedbackRoute, async (c) => {
    const actor = await company(c.var.user);
    return c.json(await listFeedback(db, actor.companyId, c.req.valid("query")), 200);
  });
  app.openapi(updateFeedbackRoute, async (c) => {
    const actor = await company(c.var.user);
    await updateFeedbackState(db, actor, c.req.valid("param").id, c.req.valid("json").state);
    return c.body(null, 204);
  });
  app.openapi(listTakenOverRoute, async (c) =>
    c.json({ customerIds: await listTakenOver(db, await company(c.var.user)) }, 200),
  );
  app.openapi(takeOverRoute, async (c) => {
    const actor = await company(c.var.user);
    await requireAssistantPlan(db, actor.companyId);
    await takeOverConversation(db, actor, c.req.valid("param").customerId);
    return c.body(null, 204);
  });
  app.openapi(handBackRoute, async (c) => {
    const actor = await company(c.var.user);
    await requireAssistantPlan(db, actor.companyId);
    await handBackConversation(db, actor, c.req.valid("param").customerId);
    return c.body(null, 204);
  });
  return app;
}
