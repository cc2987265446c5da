import { can, MEMBER_ROLES, type MemberRole, type Permission } from "@shared/team-permissions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type JsonSchema, sample } from "./test/openapi-sample";
import { createTestApp, TEST_APP_URL, type TestApp } from "./test/test-app";

/**
 * The permission matrix ('Equipe'): every route of the OpenAPI document, called by each role of a
 * company's team. The table below says, in this test's own words, which permission each company
 * route needs; with the roles of src/shared/team.schema.ts it gives the expected answer: a role
 * without the permission gets 403 `role_forbidden` before anything happens, a role with it never
 * does. A route missing from both lists fails the test: a new route must say who may call it.
 */
const COMPANY_ROUTES: [RegExp, Permission][] = [
  // the counter: find a customer, stamp, redeem, see the card
  [/^POST \/api\/(cards|customers)\/\{id\}\/stamps$/, "counter"],
  [/^(GET \/api\/cards\/\{id\}|POST \/api\/cards\/\{id\}\/redeem)$/, "counter"],
  [/^GET \/api\/redemption-codes\/\{code\}$/, "counter"],
  [/^\w+ \/api\/counter\//, "counter"],
  // the dashboard and the bell
  [/^GET \/api\/dashboard(\/setup)?$/, "dashboard"],
  [/^(POST|DELETE) \/api\/dashboard\/setup\/dismiss$/, "dashboard"],
  // 'Baixar cartaz' on the dashboard's QR card
  [/^GET \/api\/company\/poster$/, "dashboard"],
  [/^\w+ \/api\/notifications/, "dashboard"],
  // customers
  [/^(GET|POST) \/api\/customers$/, "customers"],
  [/^GET \/api\/customers\/(directory|stats|export)$/, "customers"],
  [/^\w+ \/api\/customers\/invitations/, "customers"],
  [/^\w+ \/api\/customers\/imports/, "customers"],
  [/^GET \/api\/customers\/\{id\}(\/cards|\/activity)?$/, "customers"],
  [/^POST \/api\/customers\/\{id\}\/(record|status)$/, "customers"],
  // programmes, cards, rules, referrals
  [/^\w+ \/api\/programs/, "programs"],
  [/^GET \/api\/cards(\/summary)?$/, "programs"],
  [/^POST \/api\/customers\/\{id\}\/cards$/, "programs"],
  [/^\w+ \/api\/referrals/, "programs"],
  [/^\w+ \/api\/customers\/\{id\}\/bonus/, "programs"],
  [/^\w+ \/api\/settings\/(loyalty-rules|referral-rules|promotion|counter-rules)$/, "programs"],
  [/^\w+ \/api\/claims/, "claims"],
  [/^\w+ \/api\/messages/, "messages"],
  [/^\w+ \/api\/partnerships/, "partnerships"],
  [/^\w+ \/api\/reports/, "reports"],
  // 'Fechar conta' (the Dono's, issue 34); 'Pedidos de titulares' (with the customers' list)
  [/^\w+ \/api\/company\/closure$/, "billing"],
  [/^GET \/api\/privacy-requests$/, "customers"],
  // company data, preferences, interests
  [/^\w+ \/api\/company\//, "settings"],
  [/^\w+ \/api\/settings\/notifications$/, "settings"],
  [/^\w+ \/api\/interests/, "settings"],
  // the Dono's
  [/^\w+ \/api\/settings\/(system|backups?)/, "backup"],
  [/^\w+ \/api\/(billing|dev\/billing)(\/|$)(?!webhooks)/, "billing"],
  [/^\w+ \/api\/assistant\//, "assistant"],
  [/^\w+ \/api\/team(\/|$)(?!invitations\/(by-token|sign-up|accept))/, "team"],
  // 'Integrações': API keys, webhooks, the access log and the test data
  [/^\w+ \/api\/integrations\//, "integrations"],
];

/** Routes no team permission guards: public, a customer's own, an account's own, webhooks. */
const OTHER_ROUTES: RegExp[] = [
  /^\w+ \/api\/(accounts|password|session|security)(\/|$)/,
  /^\w+ \/api\/me(\/|$)/,
  /^GET \/api\/directory\//,
  /^GET \/api\/companies\/\{id\}\/(public|logo|partners|referral-link)$/,
  /^\w+ \/api\/invitations\//,
  /^POST \/api\/memberships$/,
  /^\w+ \/api\/(whatsapp|instagram)\/webhook\//,
  /^POST \/api\/billing\/webhooks\/asaas$/,
  /^POST \/api\/marketing\/opt-out/,
  /^\w+ \/api\/team\/invitations\/(by-token|sign-up|accept)/,
  // Web Push: the public key, and each account's own devices (the kinds checked by role inside).
  /^\w+ \/api\/push\/(public-key|subscriptions)$/,
  // Apple Wallet's PassKit web service: devices authenticate with the pass's own token.
  /^\w+ \/api\/passkit\/v1\//,
  // The public API: an API key, not a session, with its scopes (middleware/api-key.ts).
  /^\w+ \/api\/v1\//,
];

type Operation = {
  parameters?: { name: string; in: "path" | "query"; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** The document with each `$ref` to a component replaced by the component. */
function inlineRefs<T>(value: T, schemas: Record<string, JsonSchema>): T {
  if (Array.isArray(value)) return value.map((v) => inlineRefs(v, schemas)) as T;
  if (!value || typeof value !== "object") return value;
  const ref = (value as { $ref?: string }).$ref;
  if (ref) return inlineRefs(schemas[ref.split("/").pop()!] as T, schemas);
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, inlineRefs(v, schemas)]),
  ) as T;
}

/**
 * Values the generic sample gets wrong (formats the schema states as a regex or a refinement): a
 * field name, in a body or a query, and a value its route accepts.
 */
const VALID_VALUES: Record<string, unknown> = {
  from: "2026-01-01",
  to: "2026-01-31",
  ids: ["carimbo_walk-1"],
  serviceHours: Array.from({ length: 7 }, () => ({ open: true, start: "08:00", end: "18:00" })),
  sendTime: "09:00",
  accountId: "17841400000000000",
  nodeId: "1234567890",
  website: "https://cafe.com.br",
  instagram: "https://instagram.com/cafe",
  facebook: "https://facebook.com/cafe",
  youtube: "https://youtube.com/@cafe",
  tiktok: "https://tiktok.com/@cafe",
  x: "https://x.com/cafe",
  linkedin: "https://linkedin.com/company/cafe",
  document: "52998224725",
};

function withValidValues(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, k in VALID_VALUES ? VALID_VALUES[k] : v]),
  );
}

let t: TestApp;
let doc: Doc;
let companyId: string;
const cookies = {} as Record<MemberRole, string>;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.companySession({ companyName: "Café Matriz", email: "dono@matriz.com" });
  cookies.owner = owner.cookie;
  companyId = owner.companyId;
  cookies.manager = (await t.staffSession(owner.companyId, "manager")).cookie;
  cookies.attendant = (await t.staffSession(owner.companyId, "attendant")).cookie;
  const raw = (await (await t.request("/api/openapi.json")).json()) as Doc;
  doc = inlineRefs(raw, raw.components?.schemas ?? {});
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const routes = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
  );

const permissionOf = (route: string) =>
  COMPANY_ROUTES.find(([pattern]) => pattern.test(route))?.[1] ?? null;

/**
 * The route with made-up ids (the role check comes before any lookup) and a valid sample of each
 * required query parameter and of the body: the request passes validation, so the answer is the
 * guard's.
 */
function requestOf(route: string, op: Operation) {
  const [method, path] = route.split(" ") as [string, string];
  const params = op.parameters ?? [];
  const pathParam = (name: string) => {
    const schema = params.find((p) => p.in === "path" && p.name === name)?.schema;
    return schema?.enum ? String(schema.enum[0]) : crypto.randomUUID();
  };
  let url = path.replace(/\{(\w+)\}/g, (_m, name: string) => pathParam(name));
  const query = params
    .filter((p) => p.in === "query" && (p.required || p.name in VALID_VALUES))
    .map((p) => {
      const value = VALID_VALUES[p.name] ?? sample(p.schema ?? {}, p.name, companyId);
      return `${p.name}=${encodeURIComponent(String(value))}`;
    });
  if (query.length) url += `?${query.join("&")}`;
  const json = op.requestBody?.content["application/json"]?.schema;
  if (op.requestBody?.content["multipart/form-data"]) {
    const form = new FormData();
    form.set("file", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "logo.png"));
    return { url, method, form };
  }
  return { url, method, ...(json ? { body: withValidValues(sample(json, "", companyId)) } : {}) };
}

describe("the permission matrix", () => {
  it("names who may call every route of the OpenAPI document", () => {
    const unlisted = routes()
      .map(({ route }) => route)
      .filter((route) => !permissionOf(route) && !OTHER_ROUTES.some((p) => p.test(route)));
    expect(unlisted).toEqual([]);
    expect(routes().filter(({ route }) => permissionOf(route)).length).toBeGreaterThan(100);
  });

  it("refuses every role without the route's permission with 403 role_forbidden, and no other", async () => {
    const wrong: string[] = [];
    // The Dono last: its calls may change things the others' would then see.
    for (const role of ["attendant", "manager", "owner"] as const) {
      for (const { route, op } of routes()) {
        const permission = permissionOf(route);
        if (!permission) continue;
        const request = requestOf(route, op);
        const { url, method, form } = request;
        const sent = "body" in request ? request.body : undefined;
        const res = form
          ? await t.app.request(url, {
              method,
              body: form,
              headers: { origin: TEST_APP_URL, cookie: cookies[role] },
            })
          : await t.request(url, {
              method,
              cookie: cookies[role],
              ...(sent !== undefined ? { body: sent } : {}),
            });
        const body = res.headers.get("content-type")?.includes("json")
          ? ((await res.json()) as { error?: { code: string } })
          : null;
        const refused = res.status === 403 && body?.error?.code === "role_forbidden";
        // A password asked after the role's check (closing the account) is the role let through.
        const unauthenticated = res.status === 401 && body?.error?.code !== "wrong_password";
        if (refused === can(role, permission) || unauthenticated || res.status >= 500) {
          wrong.push(
            `${role} ${route} ${url} (${permission}): ${res.status} ${JSON.stringify(body?.error ?? "")}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("gives every role its own answer", () => {
    expect(MEMBER_ROLES).toEqual(["owner", "manager", "attendant"]);
    expect(can("attendant", "counter") && !can("attendant", "customers")).toBe(true);
    expect(can("manager", "customers") && !can("manager", "billing")).toBe(true);
  });
});
