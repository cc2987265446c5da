import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Db } from "../../db/client";
import { integrationsRoutes } from "./integrations.routes";
import { sandboxRoutes } from "./sandbox.routes";
import type { WebhookNetworkOptions } from "./ssrf";
import { v1WebhooksRoutes } from "./v1-webhooks.routes";
import { webhooksRoutes } from "./webhooks.routes";

/**
 * The panel's /integracoes routes (keys, sandbox, webhooks) and the public API's webhook
 * endpoints, mounted on the app (the key door and /api/v1's own routes are mounted in app.ts,
 * before the session).
 */
export function mountIntegrationRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: the app's own variables differ per mount point
  app: OpenAPIHono<any>,
  deps: { db: Db; webhooks?: WebhookNetworkOptions },
) {
  const { db, webhooks } = deps;
  app.route("/api", integrationsRoutes({ db }));
  app.route("/api", sandboxRoutes({ db }));
  app.route("/api", webhooksRoutes({ db, webhooks }));
  app.route("/api/v1", v1WebhooksRoutes({ db, webhooks }));
}
