import { saoPauloDate } from "@shared/dates";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { paths } from "@/web/lib/api-types.gen";
import { answerOf, errorBody } from "../../test/api";
import { createTestApp, type TestApp } from "../../test/test-app";
import { DEMO_HEADER } from "./demo.middleware";
import {
  buildDemoDatabase,
  closeDemoDatabase,
  type DemoDatabase,
  demoDatabase,
} from "./demo.service";
import { DEMO_COMPANY_NAME, DEMO_MEMBER_COUNT, DEMO_OWNER_EMAIL } from "./demo-cast";
import { generateDemoDataset } from "./demo-data";

/**
 * Demo mode (decision 014): with `X-Carimbou-Demo: 1` the API reads the demo café's in-memory
 * database as its owner, whoever asks, and refuses every write; without it nothing changes.
 */

let t: TestApp;
let cafe: { cookie: string; companyId: string };
let ana: { cookie: string; customerId: string };
const REAL_NAMES = ["Ana Realista", "Bruno Verdadeiro"];
const demo = { [DEMO_HEADER]: "1" };

/** A GET of the API, its answer typed by the document (`query`: a query string, e.g. "?page=2"). */
const get = <P extends keyof paths>(
  path: P,
  options: { cookie?: string; headers?: Record<string, string> } = {},
  query = "",
) => t.request(`${path}${query}`, options).then((res) => answerOf<P, "get">(res));

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Padaria Real", email: "dono@padariareal.com.br" });
  ana = await t.customerSession({
    name: REAL_NAMES[0],
    email: "ana.real@padariareal.com.br",
    origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" },
  });
  const bruno = await t.customerSession({
    name: REAL_NAMES[1],
    email: "bruno.real@padariareal.com.br",
    origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" },
  });
  for (const id of [ana.customerId, bruno.customerId]) {
    const res = await t.request(`/api/customers/${id}/stamps`, {
      cookie: cafe.cookie,
      body: { method: "purchase" },
    });
    expect(res.status).toBe(201);
  }
  // The demo database, built once for the file (the first demo request would build it too).
  await demoDatabase();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await closeDemoDatabase();
});

describe("reads with the header come from the demo café", () => {
  it("GET /api/me is the demo owner, even with a real company's cookie, a customer's or none", async () => {
    for (const cookie of [cafe.cookie, ana.cookie, undefined]) {
      const me = await get("/api/me", { cookie, headers: demo });
      expect(me.user.email).toBe(DEMO_OWNER_EMAIL);
      expect(me.profile.role).toBe("admin");
      expect(me.company?.tradeName).toBe(DEMO_COMPANY_NAME);
      expect(me.company?.planStatus).toBe("paid");
    }
  });

  it("the dashboard and /clientes answer the demo's members, never the real company's", async () => {
    const stats = await get("/api/dashboard", {
      cookie: cafe.cookie,
      headers: demo,
    });
    expect(stats.totalCustomers).toBe(DEMO_MEMBER_COUNT);
    expect(stats.rewardsRedeemed).toBeGreaterThan(0);
    expect(stats.stampsToday).toBeGreaterThan(0);
    expect(stats.pendingClaims).toBeGreaterThan(0);
    expect(stats.birthdaysToday.length).toBeGreaterThanOrEqual(2);

    const page = await get(
      "/api/customers/directory",
      {
        cookie: cafe.cookie,
        headers: demo,
      },
      "?page=1",
    );
    expect(page.total).toBe(DEMO_MEMBER_COUNT);
    const second = await get(
      "/api/customers/directory",
      {
        cookie: cafe.cookie,
        headers: demo,
      },
      "?page=2",
    );
    const rows = [...page.items, ...second.items];
    expect(rows.every((row) => row.email?.endsWith("@example.com"))).toBe(true);
    for (const name of REAL_NAMES) expect(rows.map((row) => row.name)).not.toContain(name);
    const search = await get(
      "/api/customers/directory",
      { cookie: cafe.cookie, headers: demo },
      "?search=Realista",
    );
    expect(search.total).toBe(0);
  });

  it("holds cards in every state and messages read and unread", async () => {
    const summary = await get("/api/cards/summary", { headers: demo });
    expect(summary.active).toBeGreaterThan(0);
    expect(summary.complete).toBeGreaterThan(0);
    expect(summary.programs).toBeGreaterThanOrEqual(2);
    const inbox = await get("/api/messages", { headers: demo });
    const statuses = new Set(inbox.map((m) => m.status));
    expect(statuses).toEqual(new Set(["pending", "answered"]));
    const company = await get("/api/company/data", { headers: demo });
    expect(company.tradeName).toBe(DEMO_COMPANY_NAME);
  });

  it("a plain link (a download) asks with ?demo=1: the demo's CSV, not the real one", async () => {
    const res = await t.request("/api/customers/export?demo=1", { cookie: cafe.cookie });
    expect(res.status).toBe(200);
    const csv = await res.text();
    expect(csv).toContain("@example.com");
    for (const name of REAL_NAMES) expect(csv).not.toContain(name);
  });

  it("never sends a Set-Cookie back, nor the demo's session", async () => {
    for (const path of ["/api/me", "/api/auth/get-session", "/api/dashboard", "/api/nothing"]) {
      const res = await t.request(path, { cookie: cafe.cookie, headers: demo });
      expect(res.headers.get("set-cookie"), path).toBeNull();
      expect(res.headers.getSetCookie(), path).toEqual([]);
    }
  });
});

describe("writes with the header", () => {
  it("every write method answers 403 demo_read_only, and the real data stays as it was", async () => {
    const before = await get("/api/dashboard", { cookie: cafe.cookie });
    const companyBefore = await get("/api/company/data", { cookie: cafe.cookie });
    const writes: [string, string, unknown][] = [
      ["PUT", "/api/company/data", { ...companyBefore, tradeName: "Invadida" }],
      ["POST", `/api/customers/${ana.customerId}/stamps`, { method: "purchase" }],
      ["POST", "/api/programs", { name: "X", stampsRequired: 5, reward: "Y", description: "" }],
      ["PATCH", `/api/customers/${ana.customerId}`, { notes: "x" }],
      ["DELETE", "/api/session", undefined],
      ["POST", "/api/session", { email: "dono@padariareal.com.br", password: "segredo1" }],
      ["OPTIONS", "/api/company/data", undefined],
    ];
    for (const [method, path, body] of writes) {
      for (const cookie of [cafe.cookie, undefined]) {
        const res = await t.request(path, { method, body, cookie, headers: demo });
        const answer = await errorBody(res, 403);
        expect(answer.error.code, `${method} ${path}`).toBe("demo_read_only");
        expect(res.headers.getSetCookie()).toEqual([]);
      }
    }
    // The download link's parameter refuses writes the same way.
    const viaQuery = await t.request("/api/programs?demo=1", {
      cookie: cafe.cookie,
      body: { name: "X", stampsRequired: 5, reward: "Y", description: "" },
    });
    expect(viaQuery.status).toBe(403);

    expect(await get("/api/dashboard", { cookie: cafe.cookie })).toEqual(before);
    expect(await get("/api/company/data", { cookie: cafe.cookie })).toEqual(companyBefore);
    // The session still works: the sign-out never happened.
    expect((await get("/api/me", { cookie: cafe.cookie })).company?.tradeName).toBe("Padaria Real");
  });
});

describe("without the header", () => {
  it("everything is as before: the real company, its two customers", async () => {
    const me = await get("/api/me", { cookie: cafe.cookie });
    expect(me.company?.tradeName).toBe("Padaria Real");
    const page = await get("/api/customers/directory", { cookie: cafe.cookie });
    expect(page.items.map((row) => row.name).sort()).toEqual(REAL_NAMES);
    const anonymous = await t.request("/api/me");
    expect(anonymous.status).toBe(401);
    const other = await t.request("/api/me", { headers: { [DEMO_HEADER]: "0" } });
    expect(other.status).toBe(401);
  });
});

describe("the dataset", () => {
  const TABLES = [
    "users",
    "profiles",
    "companies",
    "programs",
    "memberships",
    "loyalty_cards",
    "stamps",
    "birthday_gifts",
    "referrals",
    "bonus_entries",
    "customer_messages",
    "interests",
    "partnerships",
    "partner_messages",
    "invoices",
  ];
  const rowsOf = async (built: DemoDatabase) => {
    const out: Record<string, unknown[]> = {};
    for (const table of TABLES) {
      out[table] = (await built.database.pglite!.query(`select * from ${table} order by 1`)).rows;
    }
    return out;
  };

  it("is the same for the same day, another for another day", async () => {
    const today = saoPauloDate();
    expect(generateDemoDataset(today)).toEqual(generateDemoDataset(today));
    const other = generateDemoDataset("2025-06-15");
    expect(other.stamps).not.toEqual(generateDemoDataset(today).stamps);
    expect(other.memberships).toHaveLength(DEMO_MEMBER_COUNT);
    expect(other.stamps.at(-1)?.createdAt).toBeDefined();

    const first = await demoDatabase();
    const second = await buildDemoDatabase(today);
    try {
      expect(await rowsOf(second)).toEqual(await rowsOf(first));
    } finally {
      await second.database.close();
    }
  }, 60_000);

  it("ends today: every card and stamp is from the last year, the last ones from today", () => {
    const today = "2026-02-28";
    const data = generateDemoDataset(today);
    const day = (d: Date) => saoPauloDate(d);
    const days = data.stamps.map((s) => day(s.createdAt as Date)).sort();
    expect(days.at(-1)).toBe(today);
    expect(days[0]! >= "2025-02-27").toBe(true);
    const methods = new Set(data.stamps.map((s) => s.method));
    expect(methods).toEqual(
      new Set(["purchase", "receipt", "social", "google_review", "birthday", "referral"]),
    );
    const statuses = new Set(data.loyaltyCards.map((c) => c.status));
    expect(statuses).toEqual(new Set(["active", "complete", "redeemed"]));
    // Each card holds exactly its approved stamps; a complete or redeemed card is full.
    for (const card of data.loyaltyCards) {
      const given = data.stamps
        .filter((s) => s.cardId === card.id && s.status === "approved")
        .reduce((sum, s) => sum + s.count, 0);
      expect(given).toBe(card.stamps);
      expect(card.stamps! <= card.maxStamps).toBe(true);
      if (card.status !== "active") expect(card.stamps).toBe(card.maxStamps);
    }
  });
});
