import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  CHANNEL_TEST_NAMES,
  ChannelConnectionResultSchema,
  TestChannelConnectionSchema,
} from "@shared/assistant-channel-test";
import type { Db } from "../../db/client";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonBody, jsonContent, validationHook } from "../../openapi";
import { enforceRateLimit, type RateLimitRule } from "../../rate-limits";
import { requireAssistantPlan } from "./assistant-plan";
import type { ChannelDeps } from "./channel-adapter";
import { testChannelConnection } from "./channel-test";

const route = createRoute({
  method: "post",
  path: "/assistant/{channel}/connection-test",
  tags: ["assistant"],
  summary:
    "'Testar conexão': reads the WhatsApp number or Instagram account with the token typed (or saved) through Meta's Graph API; nothing saved",
  request: {
    params: z.object({ channel: z.enum(CHANNEL_TEST_NAMES) }),
    ...jsonBody(TestChannelConnectionSchema),
  },
  responses: {
    200: { description: "What Meta answered", ...jsonContent(ChannelConnectionResultSchema) },
    ...apiErrorResponses,
  },
});

/** Calls to Meta a company's 'Testar conexão' may make (each is one Graph API request). */
const CONNECTION_TESTS: RateLimitRule = {
  bucket: "channel-connection-tests",
  max: 30,
  windowSeconds: 60 * 60,
};

/**
 * /ia-suprema's 'Testar conexão' (issue 29, point 19), for the company's admin, on a plan with IA
 * Suprema (as every channel route), at most CONNECTION_TESTS an hour.
 */
export function channelTestRoutes({ db, ...deps }: ChannelDeps & { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(route, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "assistant");
    await requireAssistantPlan(db, actor.companyId);
    await enforceRateLimit(db, `${CONNECTION_TESTS.bucket}:${actor.companyId}`, CONNECTION_TESTS);
    const { channel } = c.req.valid("param");
    const result = await testChannelConnection(db, deps, actor, channel, c.req.valid("json"));
    return c.json(ChannelConnectionResultSchema.parse(result), 200);
  });
  return app;
}
