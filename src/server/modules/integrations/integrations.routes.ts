import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  ApiKeySchema,
  ApiRequestLogSchema,
  CreateApiKeySchema,
  CreatedApiKeySchema,
  RotateApiKeySchema,
} from "@shared/integrations.schema";
import type { Db } from "../../db/client";
import { createKey, rotateKey } from "../../flows/create-api-key";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import {
  apiErrorResponses,
  IdParamSchema,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";
import { listApiKeys, listApiRequests, revokeApiKey } from "./api-keys.service";

const tags = ["integrations"];

const listKeysRoute = createRoute({
  method: "get",
  path: "/integrations/keys",
  tags,
  summary: "The company's API keys, newest first, with last use and request count (Dono only)",
  responses: {
    200: { description: "Keys", ...jsonContent(z.array(ApiKeySchema)) },
    ...apiErrorResponses,
  },
});

const createKeyRoute = createRoute({
  method: "post",
  path: "/integrations/keys",
  tags,
  summary:
    "'Criar chave': a key with a name, scopes and mode; its secret is answered this once (409 api_keys_limited past 20)",
  request: jsonBody(CreateApiKeySchema),
  responses: {
    201: { description: "The key and its secret", ...jsonContent(CreatedApiKeySchema) },
    ...apiErrorResponses,
  },
});

const revokeKeyRoute = createRoute({
  method: "post",
  path: "/integrations/keys/{id}/revoke",
  tags,
  summary: "'Revogar': the key is refused (401) from now on",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The key", ...jsonContent(ApiKeySchema) },
    ...apiErrorResponses,
  },
});

const rotateKeyRoute = createRoute({
  method: "post",
  path: "/integrations/keys/{id}/rotate",
  tags,
  summary:
    "'Girar': a new secret for the key's name, scopes and mode; the old one ends now or in 24 hours (`keepOld`)",
  request: { params: IdParamSchema, ...jsonBody(RotateApiKeySchema) },
  responses: {
    201: { description: "The new key and its secret", ...jsonContent(CreatedApiKeySchema) },
    ...apiErrorResponses,
  },
});

const requestsRoute = createRoute({
  method: "get",
  path: "/integrations/requests",
  tags,
  summary: "The company's access log of the public API: the last 100 calls, with the key's name",
  responses: {
    200: { description: "Calls", ...jsonContent(z.array(ApiRequestLogSchema)) },
    ...apiErrorResponses,
  },
});

/** 'Integrações' (/integracoes): the owner's API keys and the API's access log. */
export function integrationsRoutes({ db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });

  app.openapi(listKeysRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "integrations");
    return c.json(await listApiKeys(db, actor.companyId), 200);
  });

  app.openapi(createKeyRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "integrations");
    return c.json(await createKey(db, actor, c.req.valid("json")), 201);
  });

  app.openapi(revokeKeyRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "integrations");
    return c.json(await revokeApiKey(db, actor.companyId, c.req.valid("param").id), 200);
  });

  app.openapi(rotateKeyRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "integrations");
    const { keepOld } = c.req.valid("json");
    return c.json(await rotateKey(db, actor, c.req.valid("param").id, keepOld), 201);
  });

  app.openapi(requestsRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "integrations");
    return c.json(await listApiRequests(db, actor.companyId), 200);
  });

  return app;
}
