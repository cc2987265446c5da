import { z } from "@hono/zod-openapi";
import { ERROR_CODES } from "@shared/errors";
import { hasControlChars, TEXT_INVALID } from "@shared/text";
import type { Context } from "hono";

export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

const errorContent = { content: { "application/json": { schema: ApiErrorSchema } } };

/** The error answers every route may give. */
export const apiErrorResponses = {
  400: { description: "validation_failed", ...errorContent },
  401: { description: "unauthenticated / invalid_credentials", ...errorContent },
  403: { description: "forbidden / email_not_confirmed", ...errorContent },
  404: { description: "not_found", ...errorContent },
  409: {
    description: "email_taken / card_complete / card_not_complete / card_redeemed",
    ...errorContent,
  },
  422: {
    description: "claim_not_allowed / idempotency_key_reused (same key, another request)",
    ...errorContent,
  },
  429: { description: "rate_limited", ...errorContent },
} as const;

type ValidationResult = { success: true } | { success: false; error: z.ZodError };

/** Turns a zod failure into `validation_failed` with the first message key of each field. */
export function validationHook(result: ValidationResult, c: Context) {
  if (result.success) return;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    fields[key] ??= issue.message;
  }
  return c.json(
    { error: { code: "validation_failed" as const, message: "Invalid request", fields } },
    400,
  );
}

/** `{ content: { "application/json": { schema } } }` */
export const jsonContent = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
});

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { ...jsonContent(schema), required: true },
});

export const IdParamSchema = z.object({
  id: z
    .string()
    .max(100)
    .refine((id) => !hasControlChars(id), TEXT_INVALID),
});
