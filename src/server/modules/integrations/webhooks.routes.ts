import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  CreateWebhookEndpointSchema,
  UpdateWebhookEndpointSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
} from "@shared/integrations.schema";
import type { Db } from "../../db/client";
import { addWebhookEndpoint } from "../../flows/save-webhook-endpoint";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import {
  apiErrorResponses,
  IdParamSchema,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";
import type { WebhookNetworkOptions } from "./ssrf";
import { findSandboxId } from "./webhooks.queries";
import {
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
  type WebhookScope,
} from "./webhooks.service";

const tags = ["integrations"];
const idParams = { params: IdParamSchema };
const endpointAnswer = (description: string) => ({
  200: { description, ...jsonContent(WebhookEndpointSchema) },
  ...apiErrorResponses,
});
const deliveryAnswer = {
  201: { description: "The delivery queued", ...jsonContent(WebhookDeliverySchema) },
  ...apiErrorResponses,
};

const listRoute = createRoute({
  method: "get",
  path: "/integrations/webhooks",
  tags,
  summary: "The company's webhook endpoints, live and test, newest first (Dono only)",
  responses: {
    200: { description: "Endpoints", ...jsonContent(z.array(WebhookEndpointSchema)) },
    ...apiErrorResponses,
  },
});

const createEndpointRoute = createRoute({
  method: "post",
  path: "/integrations/webhooks",
  tags,
  summary:
    "'Adicionar endpoint': a public HTTPS URL and its events (400 webhook_url_forbidden for a private, loopback or metadata address; 409 webhook_endpoints_limited past 10)",
  request: jsonBody(CreateWebhookEndpointSchema),
  responses: {
    201: { description: "The endpoint, with its secret", ...jsonContent(WebhookEndpointSchema) },
    ...apiErrorResponses,
  },
});

const updateRoute = createRoute({
  method: "patch",
  path: "/integrations/webhooks/{id}",
  tags,
  summary: "Its events, description, on or off (turning it on clears why it was off)",
  request: { ...idParams, ...jsonBody(UpdateWebhookEndpointSchema) },
  responses: endpointAnswer("The endpoint"),
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/integrations/webhooks/{id}",
  tags,
  summary: "Removes the endpoint and its delivery log",
  request: idParams,
  responses: { 204: { description: "Removed" }, ...apiErrorResponses },
});

const rotateRoute = createRoute({
  method: "post",
  path: "/integrations/webhooks/{id}/rotate-secret",
  tags,
  summary: "A new signing secret; the next deliveries (retries too) are signed with it only",
  request: idParams,
  responses: endpointAnswer("The endpoint with its new secret"),
});

const deliveriesRoute = createRoute({
  method: "get",
  path: "/integrations/webhooks/{id}/deliveries",
  tags,
  summary: "The endpoint's delivery log: its latest 50 deliveries, newest first",
  request: idParams,
  responses: {
    200: { description: "Deliveries", ...jsonContent(z.array(WebhookDeliverySchema)) },
    ...apiErrorResponses,
  },
});

const resendRoute = createRoute({
  method: "post",
  path: "/integrations/webhook-deliveries/{id}/resend",
  tags,
  summary: "'Reenviar': the same event (same webhook-id and body) sent again, as a new delivery",
  request: idParams,
  responses: deliveryAnswer,
});

const testRoute = createRoute({
  method: "post",
  path: "/integrations/webhooks/{id}/test",
  tags,
  summary: "'Enviar evento de teste': a webhook.test event to this endpoint",
  request: idParams,
  responses: deliveryAnswer,
});

/** The panel's webhooks ('Integrações', Dono only): endpoints, their log, resend and test. */
export function webhooksRoutes({
  db,
  webhooks = {},
}: {
  db: Db;
  webhooks?: WebhookNetworkOptions;
}) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });

  /** The owner's company and its sandbox: the panel sees both companies' endpoints. */
  const ownerScope = async (c: { var: SessionVars }) => {
    const actor = await requireCompanyActor(db, c.var.user, "integrations");
    const sandboxId = await findSandboxId(db, actor.companyId);
    const scope: WebhookScope = {
      companyIds: sandboxId ? [actor.companyId, sandboxId] : [actor.companyId],
      testCompanyId: sandboxId,
    };
    return { actor, scope };
  };

  app.openapi(listRoute, async (c) => {
    const { scope } = await ownerScope(c);
    return c.json(await listWebhookEndpoints(db, scope), 200);
  });

  app.openapi(createEndpointRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "integrations");
    return c.json(
      await addWebhookEndpoint(db, webhooks, actor.companyId, c.req.valid("json")),
      201,
    );
  });

  app.openapi(updateRoute, async (c) => {
    const { scope } = await ownerScope(c);
    const { id } = c.req.valid("param");
    return c.json(await updateWebhookEndpoint(db, scope, id, c.req.valid("json")), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { scope } = await ownerScope(c);
    await deleteWebhookEndpoint(db, scope, c.req.valid("param").id);
    return c.body(null, 204);
  });

  app.openapi(rotateRoute, async (c) => {
    const { scope } = await ownerScope(c);
    return c.json(await rotateWebhookSecret(db, scope, c.req.valid("param").id), 200);
  });

  app.openapi(deliveriesRoute, async (c) => {
    const { scope } = await ownerScope(c);
    return c.json(await listWebhookDeliveries(db, scope, c.req.valid("param").id), 200);
  });

  app.openapi(resendRoute, async (c) => {
    const { scope } = await ownerScope(c);
    return c.json(await resendWebhookDelivery(db, scope, c.req.valid("param").id), 201);
  });

  app.openapi(testRoute, async (c) => {
    const { scope } = await ownerScope(c);
    return c.json(await sendWebhookTest(db, scope, c.req.valid("param").id), 201);
  });

  return app;
}
