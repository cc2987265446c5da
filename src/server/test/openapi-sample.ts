/**
 * Requests made from the OpenAPI document (openapi-walk.test.ts, permissions.test.ts): a value each
 * JSON schema accepts, as a form would send it.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  default?: unknown;
  const?: unknown;
};

export const isDateName = (name: string) => /(?:[dD]ate|[a-z]On)$/.test(name);

export const variantsOf = (schema: JsonSchema): JsonSchema[] =>
  schema.oneOf ?? schema.anyOf ?? (schema.allOf ? [Object.assign({}, ...schema.allOf)] : [schema]);

const typeOf = (schema: JsonSchema) =>
  (Array.isArray(schema.type) ? schema.type.find((x) => x !== "null") : schema.type) ?? "string";

/** A value the schema accepts; `companyId` fills the fields that name a company. */
export function sample(schema: JsonSchema, name: string, companyId: string): unknown {
  const s = variantsOf(schema)[0]!;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (typeOf(s)) {
    case "object":
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, child]) => [
          key,
          sample(child, key, companyId),
        ]),
      );
    case "array":
      return s.items ? [sample(s.items, name, companyId)] : [];
    case "boolean":
      return true;
    case "integer":
    case "number":
      return Math.max(s.minimum ?? 1, 1);
    default:
      return sampleString(s, name, companyId);
  }
}

function sampleString(s: JsonSchema, name: string, companyId: string): string {
  if (s.format === "uri" || /link|url/i.test(name)) return "https://example.com/walk";
  if (s.format === "email" || /email/i.test(name)) return "walk-probe@example.com";
  if (isDateName(name)) return "2000-01-15";
  if (/password/i.test(name)) return "segredo123";
  if (/^state$/.test(name)) return "SP";
  if (/phone|whatsapp/i.test(name)) return "11999990000";
  if (/companyId|empresa/i.test(name)) return companyId;
  if (/token/i.test(name)) return "walk-token-walk-token-walk-token";
  if (/code/i.test(name)) return "123456";
  if (/color/i.test(name)) return "#336699";
  if (s.pattern) return "";
  return "Texto de teste";
}
