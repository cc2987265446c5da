import { OpenAPIHono, z } from "@hono/zod-openapi";
import { CreateWebhookEndpointSchema, WebhookEndpointSchema } from "@shared/integrations.schema";
import type { Db } from "../../db/client";
import type { ApiKeyVars } from "../../middleware/api-key";
import { idempotentRequest, withIdempotency } from "../../middleware/idempotency";
import {
  apiErrorResponses,
  IdParamSchema,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";
import { checkWebhookUrl, type WebhookNetworkOptions } from "./ssrf";
import { IdempotencyHeadersSchema, v1Route } from "./v1-route";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  type WebhookScope,
} from "./webhooks.service";

const tags = ["Webhooks"];

/** `POST /api/v1/webhook-endpoints`: the key's mode says live or test, not the body. */
export const V1CreateWebhookEndpointSchema = CreateWebhookEndpointSchema.omit({
  mode: true,
}).meta({ id: "V1CreateWebhookEndpoint" });

export const V1WebhookEndpointListSchema = z
  .object({ data: z.array(WebhookEndpointSchema) })
  .meta({ id: "V1WebhookEndpointList" });

const listRoute = v1Route("webhooks:manage", {
  method: "get",
  path: "/webhook-endpoints",
  operationId: "listWebhookEndpoints",
  tags,
  summary: "The webhook endpoints of the key's mode (live or test) [webhooks:manage]",
  description:
    "Lists the company's endpoints for the key's mode: a live key the live company's, a test key the sandbox's. Each carries its `secret` (`whsec_…`) to verify deliveries with a Standard Webhooks library.",
  responses: {
    200: { description: "Endpoints", ...jsonContent(V1WebhookEndpointListSchema) },
    ...apiErrorResponses,
  },
});

const createEndpointRoute = v1Route(
  "webhooks:manage",
  {
    method: "post",
    path: "/webhook-endpoints",
    operationId: "createWebhookEndpoint",
    tags,
    summary:
      "Adds an endpoint (a public HTTPS URL) for the events it names; its `secret` verifies the deliveries' signatures (Standard Webhooks) [webhooks:manage]",
    description:
      "Each event is POSTed as JSON `{ type, timestamp, data }` with the headers `webhook-id` (the same on every retry: dedupe on it), `webhook-timestamp` and `webhook-signature`. A 2xx answer within 10 s is a success; otherwise it is retried with exponential backoff for about a day, then the endpoint is turned off and the owner e-mailed. Redirects are not followed. A URL that is not HTTPS or resolves to a loopback, private, link-local or metadata address is refused: 400 `webhook_url_forbidden`. At most 10 endpoints: 409 `webhook_endpoints_limited`.",
    request: { headers: IdempotencyHeadersSchema, ...jsonBody(V1CreateWebhookEndpointSchema) },
    responses: {
      201: { description: "The endpoint, with its secret", ...jsonContent(WebhookEndpointSchema) },
      ...apiErrorResponses,
    },
  },
  { write: true },
);

const deleteRoute = v1Route(
  "webhooks:manage",
  {
    method: "delete",
    path: "/webhook-endpoints/{id}",
    operationId: "deleteWebhookEndpoint",
    tags,
    summary: "Removes an endpoint of the key's mode and its delivery log [webhooks:manage]",
    description:
      "The endpoint receives nothing more; deliveries still waiting are dropped. An endpoint of the other mode, or another company's, is a 404.",
    request: { headers: IdempotencyHeadersSchema, params: IdParamSchema },
    responses: { 204: { description: "Removed" }, ...apiErrorResponses },
  },
  { write: true },
);

/** The public API's webhook endpoints (issue 33), scope `webhooks:manage`. */
export function v1WebhooksRoutes({
  db,
  webhooks = {},
}: {
  db: Db;
  webhooks?: WebhookNetworkOptions;
}) {
  const app = new OpenAPIHono<{ Variables: ApiKeyVars }>({ defaultHook: validationHook });

  const keyScope = (actor: ApiKeyVars["apiKey"]): WebhookScope => ({
    companyIds: [actor.companyId],
    testCompanyId: actor.mode === "test" ? actor.companyId : null,
  });

  app.openapi(listRoute, async (c) => {
    const actor = c.var.apiKey;
    return c.json({ data: await listWebhookEndpoints(db, keyScope(actor)) }, 200);
  });

  app.openapi(createEndpointRoute, async (c) => {
    const actor = c.var.apiKey;
    const input = c.req.valid("json");
    const request = idempotentRequest(c, input);
    await checkWebhookUrl(input.url, webhooks);
    const answer = await withIdempotency(
      db,
      `v1:${actor.companyId}:${actor.keyId}`,
      request,
      async (tx) => ({
        status: 201,
        body: await createWebhookEndpoint(tx, actor.companyId, actor.mode, input),
      }),
    );
    return c.json(answer.body as z.infer<typeof WebhookEndpointSchema>, 201);
  });

  app.openapi(deleteRoute, async (c) => {
    const actor = c.var.apiKey;
    const { id } = c.req.valid("param");
    const request = idempotentRequest(c);
    await withIdempotency(db, `v1:${actor.companyId}:${actor.keyId}`, request, async (tx) => {
      await deleteWebhookEndpoint(tx, keyScope(actor), id);
      return { status: 204, body: null };
    });
    return c.body(null, 204);
  });

  return app;
}
