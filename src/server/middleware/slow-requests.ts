import type { MiddlewareHandler } from "hono";
import { log } from "../lib/log";

/** Requests slower than this are logged (one line, on stderr), for the operator and the tests. */
export const SLOW_REQUEST_MS = 3000;

/**
 * Logs a request that took longer than `thresholdMs`: method, path (never the query, which can
 * hold tokens), status and duration. Nothing else is logged per request.
 */
export function slowRequests(thresholdMs = SLOW_REQUEST_MS): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round(performance.now() - started);
    if (ms >= thresholdMs) {
      log.warn(`Slow request: ${c.req.method} ${c.req.path} → ${c.res.status} in ${ms} ms`);
    }
  };
}
