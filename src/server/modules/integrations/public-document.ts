import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "hono";
import { checkNullableComponents, nameOperations } from "../../openapi";
import { PUBLIC_API_DESCRIPTION, PUBLIC_API_TAGS } from "./public-document-text";

/**
 * The public API's own OpenAPI document (`GET /api/v1/openapi.json`, issue 33): the `/api/v1`
 * operations of the app's document, the components they reach and nothing else, with what an
 * integrator needs around them (servers, the key's security scheme, tag descriptions). Made from
 * the same route definitions as `/api/openapi.json`, so the two never disagree.
 */

export const PUBLIC_API_PREFIX = "/api/v1/";
export const PUBLIC_DOCUMENT_PATH = "/api/v1/openapi.json";
/** The name the v1 routes use in `security: [{ apiKey: [] }]`. */
export const API_KEY_SCHEME = "apiKey";

type Json = Record<string, unknown>;
type Document = {
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown> | undefined>;
};

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** The bearer key of the public API, in the app's registry (so both documents define it). */
export function registerApiKeyScheme<E extends Env>(app: OpenAPIHono<E>) {
  app.openAPIRegistry.registerComponent("securitySchemes", API_KEY_SCHEME, {
    type: "http",
    scheme: "bearer",
    bearerFormat: "cb_live_… / cb_test_…",
    description:
      "Chave de API criada em Integrações (/integracoes): `Authorization: Bearer cb_live_…` (produção) ou `cb_test_…` (sandbox). / An API key from Integrações.",
  });
}

/** Every `#/components/<kind>/<name>` that `value` refers to. */
function refsOf(value: unknown): string[] {
  const refs: string[] = [];
  JSON.stringify(value, (key, item: unknown) => {
    if (key === "$ref" && typeof item === "string") refs.push(item);
    return item;
  });
  return refs;
}

/** The components reachable from `paths`, following references inside components too. */
function reachableComponents(paths: Json, components: Document["components"] = {}) {
  const out: Record<string, Json> = {};
  const queue = refsOf(paths);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const ref = queue.pop()!;
    if (seen.has(ref)) continue;
    seen.add(ref);
    const [, , kind, name] = ref.split("/");
    const target = kind && name ? components[kind]?.[name] : undefined;
    if (!kind || !name || target === undefined) {
      throw new Error(`The public document refers to ${ref}, which the app's document lacks`);
    }
    out[kind] ??= {};
    out[kind][name] = target;
    queue.push(...refsOf(target));
  }
  return out;
}

/** The tags the operations use, each with its description (PUBLIC_API_TAGS), in first-use order. */
function tagsOf(paths: Record<string, Record<string, unknown>>) {
  const names = new Set<string>();
  for (const item of Object.values(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.includes(method)) continue;
      for (const tag of (operation as { tags?: string[] }).tags ?? []) names.add(tag);
    }
  }
  return [...names].map((name) => ({
    name,
    ...(PUBLIC_API_TAGS[name] ? { description: PUBLIC_API_TAGS[name] } : {}),
  }));
}

/** The public document made from the app's whole document (already named: nameOperations). */
export function publicDocumentOf(whole: Document, appUrl: string) {
  const paths = Object.fromEntries(
    Object.entries(whole.paths ?? {}).filter(([path]) => path.startsWith(PUBLIC_API_PREFIX)),
  );
  const components = reachableComponents(paths, whole.components);
  const securitySchemes = whole.components?.securitySchemes ?? {};
  return {
    openapi: "3.1.0",
    info: {
      title: "Carimbou API",
      version: "1",
      summary: "Carimbos, resgates e membros para o seu sistema de vendas.",
      description: PUBLIC_API_DESCRIPTION,
      contact: { name: "Carimbou", url: `${appUrl}/ajuda` },
      license: { name: "Proprietary: Termos de Uso do Carimbou", url: `${appUrl}/termos` },
    },
    servers: [{ url: appUrl, description: "Carimbou" }],
    security: [{ [API_KEY_SCHEME]: [] }],
    tags: tagsOf(paths),
    externalDocs: {
      description: "Guia: Integrar com seu sistema de vendas",
      url: `${appUrl}/ajuda#integrar`,
    },
    paths,
    components: {
      ...components,
      securitySchemes: { [API_KEY_SCHEME]: securitySchemes[API_KEY_SCHEME] },
    },
  };
}

/**
 * Serves the public document at `/api/v1/openapi.json`, without a key: registered before the
 * `/api/v1/*` key door so that it answers first. The app's document is made when asked, so it
 * holds every route registered after this call.
 */
export function servePublicDocument<E extends Env>(app: OpenAPIHono<E>, appUrl: string) {
  registerApiKeyScheme(app);
  app.get(PUBLIC_DOCUMENT_PATH, (c) => {
    const whole = nameOperations(
      app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "Carimbou API", version: "1" } }),
    );
    checkNullableComponents(whole);
    c.header("Cache-Control", "no-cache");
    c.header("Access-Control-Allow-Origin", "*");
    return c.json(publicDocumentOf(whole as Document, appUrl));
  });
}
