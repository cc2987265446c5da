import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRetention } from "../../flows/retention";
import { createTestApp, type TestApp } from "../../test/test-app";
import { apiRequests } from "./integrations.table";

let t: TestApp;
let cafe: { cookie: string; companyId: string };

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café Aurora", email: "aurora@example.com" });
});
afterAll(async () => {
  await t?.close();
});

const createKey = async (body: object) => {
  const res = await t.request("/api/integrations/keys", { cookie: cafe.cookie, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { key: { id: string; hint: string }; secret: string };
};

const call = (secret: string, path = "/api/v1/ping") =>
  t.request(path, { headers: { authorization: `Bearer ${secret}` } });

describe("API keys", () => {
  it("answers the secret once, keeps only a hint, and refuses it once revoked", async () => {
    const { key, secret } = await createKey({
      name: "PDV",
      scopes: ["stamps:write"],
      mode: "live",
    });
    expect(secret).toMatch(/^cb_live_[0-9A-Za-z]{32}$/);
    expect(key.hint).toBe(`${secret.slice(0, 12)}…${secret.slice(-4)}`);
    const list = await t.request("/api/integrations/keys", { cookie: cafe.cookie });
    expect(await list.text()).not.toContain(secret);
    expect((await call(secret)).status).toBe(404);
    const revoked = await t.request(`/api/integrations/keys/${key.id}/revoke`, {
      cookie: cafe.cookie,
      method: "POST",
    });
    expect(revoked.status).toBe(200);
    const refused = await call(secret);
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe("api_key_invalid");
  });

  it("makes a sandbox for a test key", async () => {
    const { secret } = await createKey({ name: "Teste", scopes: ["members:read"], mode: "test" });
    expect(secret).toMatch(/^cb_test_/);
    expect((await call(secret)).status).toBe(404);
  });
});

describe("the access log", () => {
  it("lists each call with the key's name, and the retention job drops calls after 90 days", async () => {
    const { secret } = await createKey({ name: "Caixa 2", scopes: ["members:read"], mode: "live" });
    await call(secret, "/api/v1/members?limit=1");
    const log = await t.request("/api/integrations/requests", { cookie: cafe.cookie });
    const rows = (await log.json()) as { keyName: string; path: string; status: number }[];
    expect(rows[0]).toMatchObject({ keyName: "Caixa 2", path: "/api/v1/members", status: 200 });

    const day = 24 * 60 * 60 * 1000;
    await t.db
      .update(apiRequests)
      .set({ createdAt: new Date(Date.now() - 91 * day) })
      .where(eq(apiRequests.companyId, cafe.companyId));
    const before = await t.db.select().from(apiRequests);
    const result = await runRetention(t.db, new Date(Date.now() + 60_000));
    expect(result).toMatchObject({ ran: true, integrationLogs: before.length });
    expect(await t.db.select().from(apiRequests)).toEqual([]);
  });
});
