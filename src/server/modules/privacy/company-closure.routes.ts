import { OpenAPIHono } from "@hono/zod-openapi";
import type { Auth } from "../../auth";
import type { Db } from "../../db/client";
import type { ClosureDeps } from "../../flows/close-company";
import type { SessionVars } from "../../middleware/session";
import { validationHook } from "../../openapi";

/** 'Fechar conta' (issue 34, being built). */
export function companyClosureRoutes(
  _deps: ClosureDeps & { db: Db; auth: Auth; trustProxyHops: number },
) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  return app;
}
