import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { ERROR_CODES } from "@shared/errors";
import { hasControlChars, TEXT_INVALID } from "@shared/text";
import type { Context, Env } from "hono";

/**
 * A multipart request body of one file in the field `file` (a logo, an import): `missingCode` is the
 * validation code when the field holds no file.
 */
export const fileUploadBody = (missingCode: string) => ({
  content: {
    "multipart/form-data": {
      schema: z.object({
        file: z
          .custom<File>((v) => v instanceof File, missingCode)
          .openapi({ type: "string", format: "binary" }),
      }),
    },
  },
  required: true,
});

export const ApiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: "ApiError" });

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

/** GET and PUT of one /configuracoes section (company admin only). */
export function sectionRoutes<S extends z.ZodType>(path: string, name: string, schema: S) {
  return {
    get: createRoute({
      method: "get",
      path,
      tags: ["settings"],
      summary: `The company's ${name}`,
      responses: { 200: { description: name, ...jsonContent(schema) }, ...apiErrorResponses },
    }),
    put: createRoute({
      method: "put",
      path,
      tags: ["settings"],
      summary: `Save the company's ${name}`,
      request: { ...jsonBody(schema) },
      responses: {
        200: { description: `${name} as saved`, ...jsonContent(schema) },
        ...apiErrorResponses,
      },
    }),
  };
}

export const IdParamSchema = z.object({
  id: z
    .string()
    .max(100)
    .refine((id) => !hasControlChars(id), TEXT_INVALID),
});

/** The head of the document served at `/api/openapi.json`. */
const DOCUMENT_CONFIG = {
  openapi: "3.1.0",
  info: {
    title: "Carimbou API",
    version: "0.1.0",
    description: "Errors are `{ error: { code, message } }`; the web app translates the codes.",
  },
} as const;

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operationId of a route without one of its own, made of its method and path, so it stays the
 * same while they do: `POST /api/programs/{id}/archive` -> `postProgramsByIdArchive`.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api(?=\/|$)/, "")
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      return param ? ["by", ...param.split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return method.toLowerCase() + words.map(capitalize).join("");
}

type Operation = { operationId?: string };
type Paths = Record<string, Record<string, unknown>>;

/** Gives every operation of `document` an operationId (operationIdOf); two alike are an error. */
export function nameOperations<T extends object>(document: T): T {
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries((document as { paths?: Paths }).paths ?? {})) {
    for (const [method, value] of Object.entries(item)) {
      if (!HTTP_METHODS.includes(method)) continue;
      const operation = value as Operation;
      operation.operationId ??= operationIdOf(method, path);
      const other = seen.get(operation.operationId);
      if (other) {
        throw new Error(`operationId ${operation.operationId}: ${other} and ${method} ${path}`);
      }
      seen.set(operation.operationId, `${method} ${path}`);
    }
  }
  return document;
}

const isNullType = (type: unknown) =>
  type === "null" || (Array.isArray(type) && type.includes("null"));

/**
 * Refuses a named schema made nullable with `.nullable()`: the generator then makes the component
 * itself nullable (where it first meets it) or an `allOf` that types as `never`. Where a named
 * schema may be null, the shared schema says `z.union([XSchema, z.null()])`.
 */
export function checkNullableComponents(document: object) {
  const schemas = (document as { components?: { schemas?: Record<string, { type?: unknown }> } })
    .components?.schemas;
  const bad = Object.entries(schemas ?? {})
    .filter(([, schema]) => isNullType(schema.type))
    .map(([name]) => name);
  JSON.stringify(document, (_key, value: { allOf?: { $ref?: string; type?: unknown }[] }) => {
    const ref = value?.allOf?.find((part) => part.$ref)?.$ref;
    if (ref && value.allOf?.some((part) => isNullType(part.type))) bad.push(ref.split("/").pop()!);
    return value;
  });
  if (bad.length > 0) {
    const names = [...new Set(bad)].join(", ");
    throw new Error(`${names}: a named schema made .nullable(); write z.union([schema, z.null()])`);
  }
}

/**
 * Serves the app's OpenAPI 3.1 document at `path`: every route registered with `app.openapi()`,
 * each operation named (nameOperations), the shared schemas with a `.meta({ id })` as components.
 * `scripts/generate-api-types.ts` makes the web's types from this very answer.
 */
export function serveOpenApiDocument<E extends Env>(app: OpenAPIHono<E>, path: string) {
  // A document that cannot be made is a 500 logged with its reason (app.onError).
  app.get(path, (c) => {
    const document = nameOperations(app.getOpenAPI31Document(DOCUMENT_CONFIG));
    checkNullableComponents(document);
    return c.json(document);
  });
}
