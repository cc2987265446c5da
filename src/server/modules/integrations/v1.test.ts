import { randomUUID } from "node:crypto";
import { API_KEY_SCOPES, type ApiKeyScope } from "@shared/integrations.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, customerInput, type TestApp } from "../../test/test-app";
import { V1_ROUTE_SCOPES } from "./v1.routes";

/**
 * The public API `/api/v1` as an integrator sees it: scopes, stamps by value and by sale id,
 * test and live keys kept apart, the rate limit, revoked and rotated keys, Idempotency-Key.
 */

const RATE_LIMIT = 150;
let t: TestApp;
let cafe: { cookie: string; companyId: string };
let live: string;
let liveMember: { id: string; email: string };

beforeAll(async () => {
  t = await createTestApp({
    apiKeyRateLimit: { bucket: "api-key", max: RATE_LIMIT, windowSeconds: 60 },
  });
  cafe = await t.companySession({ companyName: "Café Aurora", email: "aurora@example.com" });
  await setCounterRules(t, cafe.cookie);
  live = await createKey([...API_KEY_SCOPES], "live");
  liveMember = await joinBy(live, "ana@example.com", "Ana Live");
});
afterAll(async () => {
  await t?.close();
});

async function createKey(scopes: ApiKeyScope[], mode: "live" | "test", name = "PDV") {
  const res = await t.request("/api/integrations/keys", {
    cookie: cafe.cookie,
    body: { name, scopes, mode },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { secret: string }).secret;
}

type Call = { method?: string; body?: unknown; idempotencyKey?: string | null };

/** A call with the key; a write gets a fresh Idempotency-Key unless told (null: none). */
function call(secret: string, path: string, { method, body, idempotencyKey }: Call = {}) {
  const verb = method ?? (body === undefined ? "GET" : "POST");
  const headers: Record<string, string> = { authorization: `Bearer ${secret}` };
  const key = idempotencyKey === undefined ? randomUUID() : idempotencyKey;
  if (verb !== "GET" && key !== null) headers["idempotency-key"] = key;
  return t.request(`/api/v1${path}`, { method: verb, body, headers });
}

// biome-ignore lint/suspicious/noExplicitAny: the answers are read loosely; each test checks its fields
async function json<T = any>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** A person invited through the API with `secret` who accepts; their member id with that key. */
async function joinBy(secret: string, email: string, name: string) {
  await json(await call(secret, "/invitations", { body: { email, name } }), 201);
  const mail = t.mails.findLast((m) => m.to === email);
  const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).searchParams.get("token");
  const {
    email: _email,
    origin: _origin,
    ...own
  } = customerInput({ name }) as Record<string, unknown>;
  const res = await t.request("/api/invitations/sign-up", {
    body: { ...own, token, password: "segredo1" },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const page = await json(await call(secret, `/members?email=${encodeURIComponent(email)}`), 200);
  expect(page.data).toHaveLength(1);
  return { id: page.data[0].id as string, email };
}

const addStamps = (secret: string, body: object, idempotencyKey?: string) =>
  call(secret, "/stamps", { body, idempotencyKey });

describe("scopes", () => {
  // Written out by hand so a change to the routes' table fails here.
  const EXPECTED: Record<string, ApiKeyScope> = {
    "GET /members": "members:read",
    "POST /invitations": "members:write",
    "GET /members/{id}/cards": "members:read",
    "POST /stamps": "stamps:write",
    "POST /cards/{id}/redeem": "rewards:write",
    "GET /stamps": "members:read",
    "GET /redemptions": "members:read",
  };

  it("each route needs exactly its scope: a key with any other gets 403 scope_required", async () => {
    expect(V1_ROUTE_SCOPES).toEqual(EXPECTED);
    const cards = await json(await call(live, `/members/${liveMember.id}/cards`), 200);
    const requests: Record<string, Call & { path: string }> = {
      "GET /members": { path: "/members" },
      "POST /invitations": { path: "/invitations", body: { email: "matrix@example.com" } },
      "GET /members/{id}/cards": { path: `/members/${liveMember.id}/cards` },
      "POST /stamps": { path: "/stamps", body: { memberId: liveMember.id, count: 1 } },
      "POST /cards/{id}/redeem": { path: `/cards/${cards.data[0]?.id ?? "none"}/redeem`, body: {} },
      "GET /stamps": { path: "/stamps" },
      "GET /redemptions": { path: "/redemptions" },
    };
    expect(Object.keys(requests).sort()).toEqual(Object.keys(V1_ROUTE_SCOPES).sort());
    for (const scope of API_KEY_SCOPES) {
      const secret = await createKey([scope], "live", `Só ${scope}`);
      for (const [route, { path, ...request }] of Object.entries(requests)) {
        const res = await call(secret, path, request);
        const label = `${route} with ${scope}: ${res.status} ${await res.clone().text()}`;
        if (EXPECTED[route] === scope) {
          expect(res.status, label).not.toBe(403);
          expect(res.status, label).toBeLessThan(500);
        } else {
          expect(res.status, label).toBe(403);
          const body = await res.json();
          expect(body.error.code).toBe("scope_required");
          expect(body.error.fields.scope).toBe(EXPECTED[route]);
        }
      }
    }
  });
});

describe("stamps", () => {
  it("by value: R$ 47,50 with '1 a cada R$ 10' gives 4 stamps on the card", async () => {
    await setCounterRules(t, cafe.cookie, { stampValueCents: 1000 });
    const member = await joinBy(live, "valor@example.com", "Vera Valor");
    const stamp = await json(
      await addStamps(live, { memberId: member.id, amountCents: 4750 }),
      201,
    );
    expect(stamp).toMatchObject({ count: 4, amountCents: 4750, viaKey: "PDV" });
    expect(stamp.card).toMatchObject({ stamps: 4, status: "active" });
    const cards = await json(await call(live, `/members/${member.id}/cards`), 200);
    expect(cards.data[0]).toMatchObject({ id: stamp.card.id, stamps: 4 });
    for (const amountCents of [-100, 47.505, 10_000_001, "4750"]) {
      const body = await json(await addStamps(live, { memberId: member.id, amountCents }), 400);
      expect(body.error.code).toBe("validation_failed");
      expect(body.error.fields.amountCents).toBe("stamp_amount_invalid");
    }
    const both = await json(
      await addStamps(live, { memberId: member.id, amountCents: 1000, count: 1 }),
      400,
    );
    expect(both.error.fields.amountCents).toBe("stamp_count_or_amount");
    await setCounterRules(t, cafe.cookie);
    const off = await json(await addStamps(live, { memberId: member.id, amountCents: 4750 }), 422);
    expect(off.error.code).toBe("stamp_value_rule_off");
  });

  it("the same externalSaleId under 20 concurrent posts stamps once; all answer that stamp", async () => {
    const member = await joinBy(live, "venda@example.com", "Vítor Venda");
    const sale = `venda-${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        addStamps(live, { memberId: member.id, count: 2, externalSaleId: sale }),
      ),
    );
    const bodies = await Promise.all(answers.map((res) => res.json()));
    const statuses = answers.map((res) => res.status);
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(bodies[0]),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(bodies[0]).toMatchObject({ count: 2, externalSaleId: sale });
    const cards = await json(await call(live, `/members/${member.id}/cards`), 200);
    expect(cards.data[0].stamps).toBe(2);
    const again = await json(
      await addStamps(live, { memberId: member.id, count: 5, externalSaleId: sale }),
      200,
    );
    expect(again.id).toBe(bodies[0].id);
  });

  it("lists stamps and redemptions since a cursor, oldest first, with the key that made them", async () => {
    const member = await joinBy(live, "resgate@example.com", "Rita Resgate");
    const stamp = await json(await addStamps(live, { memberId: member.id, count: 10 }), 201);
    expect(stamp.card.status).toBe("complete");
    const redeemed = await json(
      await call(live, `/cards/${stamp.card.id}/redeem`, { body: { notes: "café" } }),
      200,
    );
    expect(redeemed).toMatchObject({ status: "redeemed", redeemedViaKey: "PDV" });
    const twice = await json(
      await call(live, `/cards/${stamp.card.id}/redeem`, { method: "POST" }),
      409,
    );
    expect(twice.error.code).toBe("card_redeemed");

    const seen: string[] = [];
    let cursor: string | null = null;
    let more = true;
    while (more) {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : "?limit=2";
      const page: { data: { id: string }[]; nextCursor: string | null; hasMore: boolean } =
        await json(await call(live, `/stamps${query}`), 200);
      seen.push(...page.data.map((s) => s.id));
      cursor = page.nextCursor;
      more = page.hasMore;
    }
    expect(seen).toContain(stamp.id);
    expect(new Set(seen).size).toBe(seen.length);
    // At the end the cursor stays: asking with it later gives only what is new.
    const end = await json(await call(live, `/stamps?cursor=${cursor}`), 200);
    expect(end).toEqual({ data: [], nextCursor: cursor, hasMore: false });
    const later = await json(await addStamps(live, { memberId: member.id, count: 1 }), 201);
    const fresh = await json(await call(live, `/stamps?cursor=${cursor}`), 200);
    expect(fresh.data.map((s: { id: string }) => s.id)).toEqual([later.id]);
    const redemptions = await json(await call(live, "/redemptions"), 200);
    expect(redemptions.data).toContainEqual(
      expect.objectContaining({ cardId: stamp.card.id, memberId: member.id, viaKey: "PDV" }),
    );
    const bad = await json(await call(live, "/stamps?cursor=nope"), 400);
    expect(bad.error.fields.cursor).toBe("cursor_invalid");
  });

  it("shows 'via <key name>' in the panel's history of the card", async () => {
    const member = await joinBy(live, "historia@example.com", "Hugo História");
    const stamp = await json(await addStamps(live, { memberId: member.id, count: 1 }), 201);
    const res = await t.request(`/api/cards/${stamp.card.id}`, { cookie: cafe.cookie });
    const card = await json(res, 200);
    expect(card.history[0]).toMatchObject({ givenByName: null, viaKey: "PDV", count: 1 });
    const details = await json(
      await t.request(`/api/customers/${member.id}/activity`, { cookie: cafe.cookie }),
      200,
    );
    expect(details[0]).toMatchObject({ byName: "via PDV" });
    const counter = await json(
      await t.request(`/api/counter/customers/${member.id}`, { cookie: cafe.cookie }),
      200,
    );
    expect(counter.cards[0].history[0]).toMatchObject({ givenByName: null, viaKey: "PDV" });
  });
});

describe("keys", () => {
  it("a test key acts on the sandbox: its members and stamps never reach live, nor the reverse", async () => {
    const test = await createKey([...API_KEY_SCOPES], "test", "Teste");
    const sandboxMember = await joinBy(test, "sandbox@example.com", "Sara Sandbox");
    await json(await addStamps(test, { memberId: sandboxMember.id, count: 1 }), 201);

    const liveList = await json(await call(live, "/members?limit=100"), 200);
    expect(liveList.data.map((m: { id: string }) => m.id)).not.toContain(sandboxMember.id);
    const testList = await json(await call(test, "/members?limit=100"), 200);
    expect(testList.data.map((m: { id: string }) => m.id)).toEqual([sandboxMember.id]);
    const panel = await t.request("/api/customers", { cookie: cafe.cookie });
    expect(await panel.text()).not.toContain("sandbox@example.com");

    // Each key's member is a 404 to the other.
    await json(await addStamps(live, { memberId: sandboxMember.id, count: 1 }), 404);
    await json(await addStamps(test, { memberId: liveMember.id, count: 1 }), 404);
    await json(await call(test, `/members/${liveMember.id}/cards`), 404);
    const liveStamps = await json(await call(live, "/stamps?limit=100"), 200);
    expect(liveStamps.data.map((s: { memberId: string }) => s.memberId)).not.toContain(
      sandboxMember.id,
    );
    const testStamps = await json(await call(test, "/stamps?limit=100"), 200);
    expect(testStamps.data.map((s: { memberId: string }) => s.memberId)).toEqual([
      sandboxMember.id,
    ]);

    // 'Dados de teste' shows them apart, and empties them; the test key goes on, on a new sandbox.
    const sandbox = await json(
      await t.request("/api/integrations/sandbox", { cookie: cafe.cookie }),
      200,
    );
    expect(sandbox.exists).toBe(true);
    expect(sandbox.members).toMatchObject([{ id: sandboxMember.id, cards: [{ stamps: 1 }] }]);
    expect(sandbox.stamps).toMatchObject([{ memberName: "Sara Sandbox", keyName: "Teste" }]);
    const emptied = await t.request("/api/integrations/sandbox", {
      cookie: cafe.cookie,
      method: "DELETE",
    });
    expect(emptied.status).toBe(204);
    const none = await t.request("/api/integrations/sandbox", { cookie: cafe.cookie });
    expect((await json(none, 200)).exists).toBe(false);
    expect((await json(await call(test, "/members"), 200)).data).toEqual([]);
    expect((await json(await call(live, `/members/${liveMember.id}/cards`), 200)).data).not.toEqual(
      [],
    );
  });

  it("past the key's rate limit: 429 with Retry-After", async () => {
    const secret = await createKey(["members:read"], "live", "Rápida");
    for (let i = 0; i < RATE_LIMIT; i++) {
      expect((await call(secret, "/redemptions?limit=1")).status).toBe(200);
    }
    const refused = await call(secret, "/redemptions?limit=1");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another key is counted apart.
    expect((await call(live, "/redemptions?limit=1")).status).toBe(200);
  });

  it("a revoked key gets 401; a rotated one keeps working only when kept", async () => {
    const listKeys = async () =>
      (await json(await t.request("/api/integrations/keys", { cookie: cafe.cookie }), 200)) as {
        id: string;
        name: string;
        revokedAt: string | null;
      }[];
    const keyId = async (name: string) =>
      (await listKeys()).find((k) => k.name === name && !k.revokedAt)!.id;
    const rotate = async (id: string, keepOld: boolean) =>
      (
        await json<{ secret: string }>(
          await t.request(`/api/integrations/keys/${id}/rotate`, {
            cookie: cafe.cookie,
            body: { keepOld },
          }),
          201,
        )
      ).secret;

    const kept = await createKey(["members:read"], "live", "Girada");
    const next = await rotate(await keyId("Girada"), true);
    expect((await call(kept, "/members")).status).toBe(200);
    expect((await call(next, "/members")).status).toBe(200);

    const dropped = await createKey(["members:read"], "live", "Trocada");
    const replacement = await rotate(await keyId("Trocada"), false);
    expect((await json(await call(dropped, "/members"), 401)).error.code).toBe("api_key_invalid");
    expect((await call(replacement, "/members")).status).toBe(200);

    const revoked = await createKey(["members:read"], "live", "Revogada");
    await t.request(`/api/integrations/keys/${await keyId("Revogada")}/revoke`, {
      cookie: cafe.cookie,
      method: "POST",
    });
    expect((await json(await call(revoked, "/members"), 401)).error.code).toBe("api_key_invalid");
    expect((await call("cb_live_nothing", "/members")).status).toBe(401);
  });

  it("every write needs an Idempotency-Key: 400 without, 422 reused with another body", async () => {
    const body = { memberId: liveMember.id, count: 1 };
    const missing = await json(await addStamps(live, body, null as unknown as string), 400);
    expect(missing.error.code).toBe("idempotency_key_required");
    const key = randomUUID();
    const first = await json(await addStamps(live, body, key), 201);
    const repeat = await json(await addStamps(live, body, key), 201);
    expect(repeat.id).toBe(first.id);
    const reused = await json(await addStamps(live, { ...body, count: 2 }, key), 422);
    expect(reused.error.code).toBe("idempotency_key_reused");
  });
});
