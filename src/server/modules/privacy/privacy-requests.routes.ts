import { OpenAPIHono } from "@hono/zod-openapi";
import type { Db } from "../../db/client";
import type { SessionVars } from "../../middleware/session";
import { validationHook } from "../../openapi";

/** (issue 34, being built) */
export function privacyRequestRoutes({ db: _db }: { db: Db }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  return app;
}
