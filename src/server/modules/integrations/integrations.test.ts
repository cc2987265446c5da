import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRetention } from "../../flows/retention";
import { createTestApp, type TestApp } from "../../test/test-app";
import { companies } from "../companies/companies.table";
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

describe("after the trial, without a paid period", () => {
  it("a key still stamps and redeems, but its other writes answer 402 plan_expired", async () => {
    const late = await t.companySession({
      companyName: "Café Tardio",
      email: "tardio@example.com",
    });
    const res = await t.request("/api/integrations/keys", {
      cookie: late.cookie,
      body: { name: "PDV", scopes: ["stamps:write", "members:write"], mode: "live" },
    });
    const { secret } = (await res.json()) as { secret: string };
    await t.db
      .update(companies)
      .set({ trialEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(companies.id, late.companyId));
    const write = (path: string, body: object) =>
      t.request(path, {
        body,
        headers: { authorization: `Bearer ${secret}`, "idempotency-key": crypto.randomUUID() },
      });
    const invite = await write("/api/v1/invitations", { email: "novo@example.com" });
    expect(invite.status).toBe(402);
    expect((await invite.json()).error.code).toBe("plan_expired");
    // A stamp is not refused for the plan: this one for its unknown member (404).
    const stamp = await write("/api/v1/stamps", { memberId: "nobody", count: 1 });
    expect(stamp.status).toBe(404);
  });
});
