import { createMiddleware } from "hono/factory";
import { AppError } from "../errors";

/**
 * Refuses writes that a browser sends from another site (CSRF): a request with an Origin header
 * must come from one of the app's own origins. Clients without Origin (curl, tests) pass.
 */
export function sameOrigin(trusted: string[]) {
  const allowed = new Set(trusted);
  return createMiddleware(async (c, next) => {
    const origin = c.req.header("origin");
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && origin && !allowed.has(origin)) {
      throw new AppError("forbidden", 403, "Cross-site request refused");
    }
    await next();
  });
}
