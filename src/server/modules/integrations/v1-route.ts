import { createRoute, z } from "@hono/zod-openapi";
import type { ApiKeyScope } from "@shared/integrations.schema";
import { createMiddleware } from "hono/factory";
import { AppError } from "../../errors";
import { type ApiKeyVars, requireScope } from "../../middleware/api-key";
import { IDEMPOTENCY_KEY_MAX_LENGTH } from "../../middleware/idempotency";
import { ApiErrorSchema, jsonContent } from "../../openapi";

/**
 * What every public API route shares (issue 33): its scope checked before anything else (403
 * `scope_required`, even for a request that would not validate), a write's `Idempotency-Key`
 * (400 `idempotency_key_required` without one), the key's security scheme and the errors the door
 * and these checks answer, documented once.
 */

const scoped = (scope: ApiKeyScope) =>
  createMiddleware<{ Variables: ApiKeyVars }>(async (c, next) => {
    requireScope(c, scope);
    await next();
  });

/** A write without an Idempotency-Key is refused before it is read. */
const idempotent = createMiddleware(async (c, next) => {
  if (!c.req.header("idempotency-key")) {
    throw new AppError(
      "idempotency_key_required",
      400,
      "Send an Idempotency-Key header with every write (a new one per operation).",
    );
  }
  await next();
});

export const IdempotencyHeadersSchema = z.object({
  "idempotency-key": z.string().min(1).max(IDEMPOTENCY_KEY_MAX_LENGTH).meta({
    description:
      "A key of yours for this operation (e.g. a UUID): a repeat with the same key and body answers the first answer and writes nothing; the same key with another body is refused (422 idempotency_key_reused).",
  }),
});

export const v1Error = (description: string) => ({ description, ...jsonContent(ApiErrorSchema) });

export const v1Errors = {
  400: v1Error("validation_failed: `fields` names each wrong field with a code"),
  401: v1Error("api_key_invalid: a missing, unknown, revoked or expired key"),
  403: v1Error("scope_required: the key lacks the route's scope (`fields.scope`)"),
  429: v1Error("rate_limited: past the key's requests a minute; wait `Retry-After` seconds"),
} as const;

export const v1WriteErrors = {
  ...v1Errors,
  400: v1Error(
    "validation_failed (`fields` names each wrong field) / idempotency_key_required (no Idempotency-Key header)",
  ),
  402: v1Error("plan_expired: the company's trial ended (stamps and redemptions still work)"),
  422: v1Error("idempotency_key_reused: the Idempotency-Key was used with another request"),
} as const;

const security = [{ apiKey: [] }];

/** A v1 route: its scope checked first (and a write's Idempotency-Key), with the key's scheme. */
export function v1Route<const R extends Parameters<typeof createRoute>[0]>(
  scope: ApiKeyScope,
  route: R,
  options: { write?: boolean } = {},
) {
  const middleware = options.write ? [scoped(scope), idempotent] : [scoped(scope)];
  return createRoute({ ...route, security, middleware: middleware as [] });
}
