import type { CustomerCard } from "@shared/cards.schema";
import { API_KEY_SCOPES } from "@shared/integrations.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isDateName,
  type JsonSchema,
  sample as sampleFor,
  variantsOf,
} from "./test/openapi-sample";
import { createTestApp, TEST_APP_URL, type TestApp } from "./test/test-app";

/**
 * Walks the OpenAPI document: every route gets, as the actor it is meant for, a valid-looking
 * request with one thing wrong at a time (a NUL in one string field, query or path parameter, an
 * impossible day in one date field). Whatever the route, the answer is a 4xx, never a 5xx
 * (PostgreSQL refuses NUL in text and 2024-02-31 as a date: that must never reach it).
 */

type Parameter = { name: string; in: "path" | "query"; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Doc = { paths: Record<string, Record<string, Operation>> };

/**
 * The document with every `$ref` replaced by the component it names (the public API's request
 * schemas are named components), so the probes are built from the schemas themselves.
 */
function inlineRefs(document: Doc): Doc {
  const components = (document as { components?: Record<string, Record<string, unknown>> })
    .components;
  const resolve = (value: unknown, depth: number): unknown => {
    if (Array.isArray(value)) return value.map((item) => resolve(item, depth));
    if (!value || typeof value !== "object") return value;
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === "string" && depth < 20) {
      const [, , kind, name] = ref.split("/");
      return resolve(components?.[kind!]?.[name!] ?? {}, depth + 1);
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, depth)]));
  };
  return { paths: resolve(document.paths, 0) as Doc["paths"] };
}

const IMPOSSIBLE_DATES = ["2024-02-31", "2023-02-29", "0000-01-01"];
const NUL = "\u0000";

let t: TestApp;
let doc: Doc;
let company: { cookie: string; companyId: string };
let customer: { cookie: string; customerId: string };
let cardId: string;
/** A live key with every scope: the public API's routes (/api/v1) are walked with it. */
let apiKey: string;
let ipCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  company = await t.companySession({ companyName: "Café Caminhante", email: "walk@cafe.com" });
  customer = await t.customerSession({
    email: "walker@example.com",
    origin: { empresa_id: company.companyId },
  });
  const cards = (await (
    await t.request("/api/me/cards", { cookie: customer.cookie })
  ).json()) as CustomerCard[];
  cardId = cards[0]!.id;
  const key = await t.request("/api/integrations/keys", {
    cookie: company.cookie,
    body: { name: "Walk", scopes: [...API_KEY_SCOPES], mode: "live" },
  });
  apiKey = ((await key.json()) as { secret: string }).secret;
  doc = inlineRefs((await (await t.request("/api/openapi.json")).json()) as Doc);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const sample = (schema: JsonSchema, name: string) => sampleFor(schema, name, company.companyId);

type Mutation = { label: string; body: unknown };

/** Every string leaf of `value` replaced by `make(leaf, key)` in turn (one per copy). */
function mutations(
  value: unknown,
  schema: JsonSchema,
  make: (current: string, key: string, schema: JsonSchema) => string[],
  key = "",
  path = "",
): Mutation[] {
  const out: Mutation[] = [];
  const s = variantsOf(schema)[0]!;
  if (typeof value === "string") {
    for (const replacement of make(value, key, s)) out.push({ label: path, body: replacement });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      for (const m of mutations(item, s.items ?? {}, make, key, `${path}[${i}]`)) {
        const copy = [...value];
        copy[i] = m.body;
        out.push({ label: m.label, body: copy });
      }
    });
  } else if (value && typeof value === "object") {
    for (const [k, child] of Object.entries(value)) {
      const childSchema = s.properties?.[k] ?? {};
      // A nullable date sent as null in the sample is still a date field.
      const leaf = child === null && isDateName(k) ? "2000-01-15" : child;
      for (const m of mutations(leaf, childSchema, make, k, path ? `${path}.${k}` : k)) {
        out.push({ label: m.label, body: { ...value, [k]: m.body } });
      }
    }
  }
  return out;
}

const withNul = (current: string) => [`${current}${NUL}`, `${NUL}`];
const withBadDate = (_current: string, key: string, s: JsonSchema) =>
  isDateName(key) || s.format === "date" ? IMPOSSIBLE_DATES : [];

function actorFor(path: string) {
  return path.startsWith("/api/me/") || path === "/api/me" ? customer : company;
}

/** A real id of the actor for `{id}`, so the request gets as far as it can. */
function pathWith(path: string, override?: { name: string; value: string }) {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (override?.name === name) return encodeURIComponent(override.value);
    if (path.includes("/cards/")) return cardId;
    if (path.includes("/customers/") || path.includes("/members/")) return customer.customerId;
    if (path.includes("/companies/")) return company.companyId;
    return "walk-id";
  });
}

type Probe = { method: string; url: string; body?: unknown; form?: FormData; label: string };

function probes(kind: "nul" | "date"): Probe[] {
  const list: Probe[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = op.parameters ?? [];
      if (kind === "nul") {
        for (const p of params) {
          const bad = p.in === "path" ? `walk${NUL}id` : `ab${NUL}`;
          const url =
            p.in === "path"
              ? pathWith(path, { name: p.name, value: bad })
              : `${pathWith(path)}?${p.name}=${encodeURIComponent(bad)}`;
          list.push({ method, url, label: `${p.in} ${p.name}` });
        }
      } else {
        for (const p of params.filter((x) => x.in === "query" && isDateName(x.name))) {
          for (const day of IMPOSSIBLE_DATES) {
            list.push({ method, url: `${pathWith(path)}?${p.name}=${day}`, label: p.name });
          }
        }
      }
      const content = op.requestBody?.content ?? {};
      const json = content["application/json"]?.schema;
      if (json) {
        for (const variant of variantsOf(json)) {
          const base = sample(variant, "");
          for (const m of mutations(base, variant, kind === "nul" ? withNul : withBadDate)) {
            list.push({ method, url: pathWith(path), body: m.body, label: `body ${m.label}` });
          }
        }
      }
      if (content["multipart/form-data"] && kind === "nul") {
        const form = new FormData();
        form.set("file", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], `a${NUL}.png`));
        form.set("note", `nota${NUL}`);
        list.push({ method, url: pathWith(path), form, label: "multipart text field" });
        const textOnly = new FormData();
        textOnly.set("file", `conteúdo${NUL}`);
        list.push({ method, url: pathWith(path), form: textOnly, label: "multipart file as text" });
      }
    }
  }
  return list;
}

async function send(probe: Probe, path: string) {
  const actor = actorFor(path);
  // A fresh client address per request: the per-IP limits are not what is tested here.
  const ip = `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
  if (path.startsWith("/api/v1/")) {
    // The public API: the key instead of a session, and a fresh Idempotency-Key on every write,
    // so that each probe reaches the route's own validation.
    return t.request(probe.url, {
      method: probe.method.toUpperCase(),
      ip,
      headers: { authorization: `Bearer ${apiKey}`, "idempotency-key": `walk-${ipCounter}` },
      ...(probe.body !== undefined ? { body: probe.body } : {}),
    });
  }
  if (probe.form) {
    return t.app.request(
      probe.url,
      {
        method: probe.method.toUpperCase(),
        body: probe.form,
        headers: { origin: TEST_APP_URL, cookie: actor.cookie },
      },
      { incoming: { socket: { remoteAddress: ip } } },
    );
  }
  return t.request(probe.url, {
    method: probe.method.toUpperCase(),
    cookie: actor.cookie,
    ip,
    ...(probe.body !== undefined ? { body: probe.body } : {}),
  });
}

async function walk(kind: "nul" | "date") {
  const failures: string[] = [];
  const list = probes(kind);
  for (const probe of list) {
    const path = probe.url.split("?")[0]!;
    const res = await send(probe, path);
    // A public route must refuse the probe itself, not the key (a 401 would test nothing).
    const keyRefused = path.startsWith("/api/v1/") && (res.status === 401 || res.status === 403);
    if (res.status < 400 || res.status >= 500 || keyRefused) {
      failures.push(
        `${probe.method.toUpperCase()} ${probe.url} (${probe.label}): ${res.status} ${(await res.text()).slice(0, 200)}`,
      );
    }
  }
  return { count: list.length, failures };
}

describe("every route of the OpenAPI document", () => {
  it("answers a NUL character in any string field, query or path parameter with a 4xx", async () => {
    const { count, failures } = await walk("nul");
    expect(count).toBeGreaterThan(150);
    // The public API is walked too (issue 33), with a key.
    expect(probes("nul").filter((p) => p.url.startsWith("/api/v1/")).length).toBeGreaterThan(10);
    expect(failures).toEqual([]);
  }, 120_000);

  it("answers an impossible day in any date field with 400 validation_failed", async () => {
    const { count, failures } = await walk("date");
    // birthDate (sign-up, customer record, new customer...), startsOn/endsOn (promotion)
    expect(count).toBeGreaterThanOrEqual(12);
    expect(failures).toEqual([]);
    const res = await t.request("/api/settings/promotion", {
      method: "PUT",
      cookie: company.cookie,
      body: {
        active: true,
        title: "Dobro",
        description: "Carimbo em dobro",
        startsOn: "2024-02-31",
        endsOn: null,
      },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: "validation_failed", fields: { startsOn: "promotion_date_invalid" } },
    });
  }, 120_000);

  it("names the field of a NUL in a JSON body (validation_failed)", async () => {
    const res = await t.request("/api/me/messages", {
      cookie: customer.cookie,
      body: { companyId: company.companyId, body: `Olá${NUL}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: "validation_failed", fields: { body: "text_invalid" } },
    });
    const search = await t.request(`/api/customers/directory?busca=${encodeURIComponent(NUL)}`, {
      cookie: company.cookie,
    });
    expect(search.status).toBe(400);
    expect(await search.json()).toMatchObject({ error: { fields: { busca: "text_invalid" } } });
  });
});

describe("better-auth's own routes (outside the document)", () => {
  it.each([
    ["POST", "/api/auth/sign-in/email", { email: `a${NUL}@example.com`, password: "segredo1" }],
    ["POST", "/api/auth/sign-up/email", { email: "n@example.com", password: "x", name: NUL }],
    ["POST", "/api/auth/request-password-reset", { email: `a${NUL}@example.com` }],
    ["POST", "/api/auth/update-user", { name: `Café${NUL}` }],
    ["POST", "/api/auth/revoke-session", { token: `x${NUL}` }],
    ["GET", `/api/auth/verify-email?token=${encodeURIComponent(NUL)}`, undefined],
    ["GET", `/api/auth/get-session?x=${encodeURIComponent(NUL)}`, undefined],
  ])("%s %s answers 4xx", async (method, url, body) => {
    const res = await t.request(url, {
      method,
      cookie: company.cookie,
      ip: "10.8.0.1",
      ...(body ? { body } : {}),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it("still hands better-auth a clean body after reading it", async () => {
    const res = await t.request("/api/auth/update-user", {
      cookie: company.cookie,
      body: { name: "Café Caminhante" },
      ip: "10.8.0.2",
    });
    expect(res.status).toBe(200);
  });
});
