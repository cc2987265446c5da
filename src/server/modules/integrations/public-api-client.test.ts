import { randomUUID } from "node:crypto";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setCounterRules } from "../../test/counter-rules";
import type { paths } from "../../test/public-api.gen";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * The public API through a client generated from its own document (`/api/v1/openapi.json` →
 * openapi-typescript → src/server/test/public-api.gen.ts), as an integrator would make one: the
 * paths, parameters, bodies and answers below are checked by tsc against that file.
 */

let t: TestApp;
let cafe: { cookie: string; companyId: string };

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café Cliente", email: "cliente@cafe.com" });
  // '1 carimbo a cada R$ 10', and no interval between stamps (this test stamps one card twice).
  await setCounterRules(t, cafe.cookie, { stampValueCents: 1000 });
});
afterAll(async () => {
  await t?.close();
});

/** A live key with these scopes, made on /integracoes by the owner. */
async function createKey(scopes: string[]) {
  const res = await t.request("/api/integrations/keys", {
    cookie: cafe.cookie,
    body: { name: "PDV tipado", scopes, mode: "live" },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { secret: string }).secret;
}

/** The generated client over the test app (no network): openapi-fetch with `t.request` as fetch. */
function publicClient(secret: string) {
  return createClient<paths>({
    baseUrl: "http://api.test",
    headers: { authorization: `Bearer ${secret}` },
    fetch: async (request) => {
      const url = new URL(request.url);
      const body = request.body ? await request.text() : undefined;
      return t.request(`${url.pathname}${url.search}`, {
        method: request.method,
        headers: Object.fromEntries(request.headers),
        ...(body !== undefined ? { body } : {}),
      });
    },
  });
}

describe("a client generated from /api/v1/openapi.json", () => {
  it("finds a member, adds stamps by value once per sale, reads the cards and lists stamps since a cursor", async () => {
    const api = publicClient(
      await createKey(["members:read", "members:write", "stamps:write", "rewards:write"]),
    );
    const member = await t.customerSession({
      name: "Bia Tipada",
      email: "bia@example.com",
      origin: { empresa_id: cafe.companyId },
    });

    const found = await api.GET("/api/v1/members", {
      params: { query: { email: "BIA@example.com" } },
    });
    expect(found.response.status, JSON.stringify(found.error)).toBe(200);
    expect(found.data?.data.map((m) => m.name)).toEqual(["Bia Tipada"]);
    const memberId = found.data!.data[0]!.id;
    expect(memberId).toBe(member.customerId);

    // A first stamp by count: the page before the sale, whose cursor the reconciliation keeps.
    const first = await api.POST("/api/v1/stamps", {
      params: { header: { "idempotency-key": randomUUID() } },
      body: { memberId, count: 1 },
    });
    expect(first.response.status, JSON.stringify(first.error)).toBe(201);

    const sale = { memberId, amountCents: 4750, externalSaleId: "venda-1042" };
    const stamped = await api.POST("/api/v1/stamps", {
      params: { header: { "idempotency-key": randomUUID() } },
      body: sale,
    });
    expect(stamped.response.status, JSON.stringify(stamped.error)).toBe(201);
    expect(stamped.data).toMatchObject({
      count: 4,
      amountCents: 4750,
      externalSaleId: "venda-1042",
    });
    expect(stamped.data?.card.stamps).toBe(5);

    // The same sale again (another Idempotency-Key: a retry from another till) stamps nothing more.
    const again = await api.POST("/api/v1/stamps", {
      params: { header: { "idempotency-key": randomUUID() } },
      body: sale,
    });
    expect(again.response.status).toBe(200);
    expect(again.data?.id).toBe(stamped.data?.id);

    // An error answer is the document's ApiError.
    const refused = await api.POST("/api/v1/stamps", {
      params: { header: { "idempotency-key": randomUUID() } },
      body: { memberId, amountCents: -5 },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.error.code).toBe("validation_failed");
    expect(refused.error?.error.fields).toHaveProperty("amountCents");

    const cards = await api.GET("/api/v1/members/{id}/cards", {
      params: { path: { id: memberId } },
    });
    expect(cards.response.status).toBe(200);
    expect(cards.data?.data.map((card) => [card.stamps, card.status])).toEqual([[5, "active"]]);

    const page = await api.GET("/api/v1/stamps", { params: { query: { limit: 1 } } });
    expect(page.response.status).toBe(200);
    expect(page.data?.data.map((stamp) => stamp.id)).toEqual([first.data?.id]);
    const cursor = page.data?.nextCursor;
    expect(cursor).toBeTruthy();
    const since = await api.GET("/api/v1/stamps", { params: { query: { cursor: cursor! } } });
    expect(since.response.status).toBe(200);
    expect(
      since.data?.data.map((stamp) => [stamp.count, stamp.externalSaleId, stamp.viaKey]),
    ).toEqual([[4, "venda-1042", "PDV tipado"]]);
    expect(since.data?.hasMore).toBe(false);
    expect(since.data?.nextCursor).toBeTruthy();
  });
});
