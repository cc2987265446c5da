import { OpenAPIHono } from "@hono/zod-openapi";
import type { Auth } from "../../auth";
import type { Db } from "../../db/client";
import type { SessionVars } from "../../middleware/session";
import { validationHook } from "../../openapi";
import type { RateLimitRule } from "../../rate-limits";
import { privacyExportRoutes } from "./privacy-exports.routes";
import { privacyRequestRoutes } from "./privacy-requests.routes";

export type PrivacyDeps = {
  db: Db;
  auth: Auth;
  appUrl: string;
  trustProxyHops: number;
  /** The deletion's password check, limited like sign-in. */
  passwordCheckLimit: RateLimitRule;
};

/** 'Meus dados' (issue 34): /api/me/privacy/*, and the companies' 'Pedidos de titulares'. */
export function privacyRoutes(deps: PrivacyDeps) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.route("/", privacyExportRoutes({ db: deps.db }));
  app.route("/", privacyRequestRoutes({ db: deps.db }));
  return app;
}
