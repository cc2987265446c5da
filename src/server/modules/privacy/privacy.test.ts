import { ACCOUNT_DELETION_GRACE_DAYS } from "@shared/privacy.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, apiAs, ok, runJob } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { errorCode } from "../../test/http";
import { createTestApp, customerInput, type TestApp } from "../../test/test-app";

/**
 * 'Meus dados' (issue 34): who holds the person's data, leaving a programme (the company keeps
 * true counts and nothing that names the person), and deleting the account (7 days of grace,
 * cancellable, then gone for good while the companies' totals stay).
 */

let t: TestApp;
type Company = { cookie: string; companyId: string };
let cafe: Company;
let barber: Company;
const ana = { email: "ana.lgpd@example.com", password: "segredo1", cookie: "", id: "" };

const today = new Date().toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
const report = async (company: Company) =>
  (
    await ok(
      apiAs(t, company.cookie).GET("/api/reports", {
        params: { query: { from: monthAgo, to: today } },
      }),
      200,
    )
  ).tiles;
const customerList = async (company: Company) =>
  ok(apiAs(t, company.cookie).GET("/api/customers/directory", { params: { query: {} } }), 200);
const exportCsv = async (company: Company) =>
  (await t.request("/api/customers/export", { cookie: company.cookie })).text();
const privacy = async (cookie = ana.cookie) => ok(apiAs(t, cookie).GET("/api/me/privacy"), 200);
const stampAna = (company: Company) =>
  t.request(`/api/customers/${ana.id}/stamps`, {
    cookie: company.cookie,
    body: { method: "purchase" },
  });
const leave = (company: Company, cookie = ana.cookie) =>
  t.request(`/api/me/privacy/memberships/${company.companyId}/leave`, {
    method: "POST",
    cookie,
  });
const requestDeletion = (password: string, cookie = ana.cookie) =>
  t.request("/api/me/privacy/deletion", { cookie, body: { password } });
const count = async (query: ReturnType<typeof sql>) =>
  Number((await t.db.execute<{ n: number }>(query)).rows[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ email: "cafe.lgpd@example.com", companyName: "Café LGPD" });
  barber = await t.companySession({ email: "barber.lgpd@example.com", companyName: "Barbearia" });
  for (const company of [cafe, barber]) await setCounterRules(t, company.cookie);
  const signUp = await t.request("/api/accounts/customer", {
    body: {
      ...customerInput({ name: "Ana Titular", email: ana.email, phone: "(11) 98888-7777" }),
      origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" },
    },
  });
  expect(signUp.status).toBe(201);
  await t.confirm(ana.email);
  ana.cookie = await t.signIn(ana.email, ana.password);
  ana.id = (await ok(apiAs(t, ana.cookie).GET("/api/me"), 200)).user.id;
  const join = await t.request("/api/memberships", {
    cookie: ana.cookie,
    body: { companyId: barber.companyId, marketingConsent: true, language: "pt" },
  });
  expect(join.status, await join.clone().text()).toBeLessThan(300);
  for (const company of [cafe, cafe, barber]) expect((await stampAna(company)).status).toBe(201);
  const sent = await t.request("/api/me/messages", {
    cookie: ana.cookie,
    body: { companyId: cafe.companyId, body: "Vocês abrem no feriado?" },
  });
  expect(sent.status).toBe(201);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("who holds my data", () => {
  it("lists each company with what it sees, how the person joined and the consent's text", async () => {
    const mine = await privacy();
    const byName = Object.fromEntries(mine.holders.map((h) => [h.tradeName, h]));
    expect(Object.keys(byName).sort()).toEqual(["Barbearia", "Café LGPD"]);
    expect(byName["Café LGPD"]!.origin).toBe("qrcode_empresa");
    expect(byName["Café LGPD"]!.sees).toMatchObject({
      name: "Ana Titular",
      email: ana.email,
      stamps: 2,
      messages: 1,
      cards: 1,
    });
    expect(byName.Barbearia!.sees.marketingConsent?.text).toMatch(/promo/i);
    expect(mine.consents.marketing.find((m) => m.tradeName === "Barbearia")?.granted).toBe(true);
    expect(mine.deletion).toBeNull();
  });

  it("is the customer's own: a company session gets 403, no session 401", async () => {
    expect((await t.request("/api/me/privacy", { cookie: cafe.cookie })).status).toBe(403);
    expect((await t.request("/api/me/privacy")).status).toBe(401);
  });
});

describe("leaving a programme", () => {
  it("takes the person out of the company's list and CSV, keeps its report totals, and refuses new stamps", async () => {
    const before = await report(cafe);
    const { shortCode } = await ok(apiAs(t, ana.cookie).GET("/api/me/counter-code"), 200);
    expect(
      (await t.request("/api/counter/lookup", { cookie: cafe.cookie, body: { code: shortCode } }))
        .status,
    ).toBe(200);
    expect((await customerList(cafe)).items.map((c) => c.email)).toContain(ana.email);

    expect((await leave(cafe)).status).toBe(200);
    // Twice is the same as once.
    expect((await leave(cafe)).status).toBe(200);

    expect((await customerList(cafe)).items.map((c) => c.email)).not.toContain(ana.email);
    const csv = await exportCsv(cafe);
    expect(csv).not.toContain(ana.email);
    expect(csv).not.toContain("Ana Titular");
    const after = await report(cafe);
    expect(after.newMembers.current).toBe(before.newMembers.current);
    expect(after.stampsGiven.current).toBe(before.stampsGiven.current);
    expect(after.activeMembers.current).toBe(before.activeMembers.current);
    expect(before.stampsGiven.current).toBe(2);

    // The counter no longer finds the person there: "Cliente não participa do seu programa".
    const lookup = await t.request("/api/counter/lookup", {
      cookie: cafe.cookie,
      body: { code: shortCode },
    });
    expect(await errorCode(lookup, 404)).toBe("customer_not_member");
    expect((await stampAna(cafe)).status).toBe(404);
    // Nothing in the company's tables names the person; their stamps are anonymous rows.
    expect(
      await count(
        sql`select count(*)::int as n from stamps where company_id = ${cafe.companyId} and customer_id = ${ana.id}`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from stamps where company_id = ${cafe.companyId} and customer_id like 'anon_%'`,
      ),
    ).toBe(2);
    expect(
      await count(
        sql`select count(*)::int as n from customer_messages where company_id = ${cafe.companyId}`,
      ),
    ).toBe(0);
    // The other company is untouched.
    expect((await customerList(barber)).items.map((c) => c.email)).toContain(ana.email);
    expect((await privacy()).holders.map((h) => h.tradeName)).toEqual(["Barbearia"]);
  });

  it("is recorded for the company's 'Pedidos de titulares' without naming anyone", async () => {
    const rows = await t.db.execute<{ kind: string; state: string }>(sql`
      select r.kind, r.state from privacy_requests r
      join privacy_request_companies c on c.request_id = r.id
      where c.company_id = ${cafe.companyId}`);
    expect(rows.rows).toEqual([{ kind: "leave", state: "done" }]);
  });

  it("rejoining starts a new card", async () => {
    const join = await t.request("/api/memberships", {
      cookie: ana.cookie,
      body: { companyId: cafe.companyId },
    });
    expect(join.status).toBeLessThan(300);
    const cards = await ok(apiAs(t, ana.cookie).GET("/api/me/cards"), 200);
    const cafeCard = cards.find((c) => c.companyId === cafe.companyId);
    expect(cafeCard?.stamps).toBe(0);
    expect((await customerList(cafe)).items.map((c) => c.email)).toContain(ana.email);
  });
});

describe("deleting the account", () => {
  it("asks the password (401 when wrong) and shows the pending request when asked twice", async () => {
    const wrong = await requestDeletion("errada123");
    expect(await errorCode(wrong, 401)).toBe("wrong_password");
    const first = await answerOf<"/api/me/privacy/deletion", "post">(
      await requestDeletion(ana.password),
      202,
    );
    const days = (Date.parse(first.dueAt) - Date.parse(first.requestedAt)) / 86_400_000;
    expect(days).toBeCloseTo(ACCOUNT_DELETION_GRACE_DAYS, 3);
    const again = await answerOf<"/api/me/privacy/deletion", "post">(
      await requestDeletion(ana.password),
      200,
    );
    expect(again.id).toBe(first.id);
    expect((await ok(apiAs(t, ana.cookie).GET("/api/me"), 200)).deletionDueAt).toBe(first.dueAt);
    const mail = t.mails.findLast((m) => m.to === ana.email);
    expect(mail?.subject).toMatch(/será excluída/);
  });

  it("can be cancelled during the grace period, and then nothing happens", async () => {
    expect(
      (await t.request("/api/me/privacy/deletion", { method: "DELETE", cookie: ana.cookie }))
        .status,
    ).toBe(200);
    expect((await ok(apiAs(t, ana.cookie).GET("/api/me"), 200)).deletionDueAt).toBeNull();
    const inTenDays = new Date(Date.now() + 10 * 86_400_000);
    expect(await runJob(t, "account-deletions", { now: inTenDays })).toEqual({ deleted: 0 });
    expect((await privacy()).holders).toHaveLength(2);
  });

  it("after the grace period, the account is gone, the companies keep their totals and no trace", async () => {
    await answerOf<"/api/me/privacy/deletion", "post">(await requestDeletion(ana.password), 202);
    expect(await runJob(t, "account-deletions")).toEqual({ deleted: 0 });
    const before = await report(barber);
    const inEightDays = new Date(Date.now() + 8 * 86_400_000);
    expect(await runJob(t, "account-deletions", { now: inEightDays })).toEqual({ deleted: 1 });

    const signIn = await t.request("/api/session", {
      body: { email: ana.email, password: ana.password },
    });
    expect(signIn.status).toBe(401);
    expect((await t.request("/api/me", { cookie: ana.cookie })).status).not.toBe(200);
    for (const company of [cafe, barber]) {
      expect((await customerList(company)).items.map((c) => c.email)).not.toContain(ana.email);
      expect(await exportCsv(company)).not.toContain(ana.email);
    }
    const after = await report(barber);
    expect(after.stampsGiven.current).toBe(before.stampsGiven.current);
    expect(after.newMembers.current).toBe(before.newMembers.current);
    // The request stays for both companies, naming no one.
    const rows = await t.db.execute<{ company_id: string; user_id: string | null }>(sql`
      select c.company_id, r.user_id from privacy_requests r
      join privacy_request_companies c on c.request_id = r.id
      where r.kind = 'delete_account' and r.state = 'done'`);
    expect(rows.rows.map((r) => r.company_id).sort()).toEqual(
      [cafe.companyId, barber.companyId].sort(),
    );
    expect(rows.rows.every((r) => r.user_id === null)).toBe(true);
    // Each company's bell: "Um cliente excluiu a conta", naming no one.
    for (const company of [cafe, barber]) {
      const bell = await ok(apiAs(t, company.cookie).GET("/api/notifications"), 200);
      const notice = bell.items.find((n) => n.type === "account_deleted");
      expect(notice).toMatchObject({ customerName: "", detail: "", read: false });
    }
  });

  it("a stamp given while the deletion runs never brings the person back", async () => {
    const caio = await t.customerSession({ email: "caio.corrida@example.com", name: "Caio" });
    await t.request("/api/memberships", {
      cookie: caio.cookie,
      body: { companyId: cafe.companyId },
    });
    const [card] = await ok(apiAs(t, caio.cookie).GET("/api/me/cards"), 200);
    await answerOf<"/api/me/privacy/deletion", "post">(
      await requestDeletion("segredo1", caio.cookie),
      202,
    );
    const inEightDays = new Date(Date.now() + 8 * 86_400_000);
    const stampCard = () =>
      t.request(`/api/cards/${card!.id}/stamps`, {
        cookie: cafe.cookie,
        body: { method: "purchase" },
      });
    const [job, ...stamped] = await Promise.all([
      runJob(t, "account-deletions", { now: inEightDays }),
      stampCard(),
      stampCard(),
      stampCard(),
    ]);
    expect(job).toEqual({ deleted: 1 });
    for (const res of stamped) expect([201, 404]).toContain(res.status);
    expect(
      await count(sql`select count(*)::int as n from profiles where id = ${caio.customerId}`),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from stamps where customer_id = ${caio.customerId}`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from loyalty_cards where id = ${card!.id} and customer_id like 'anon_%'`,
      ),
    ).toBe(1);
    // After it, the card takes nothing more.
    expect((await stampCard()).status).toBe(404);
  });

  it("frees the e-mail address for a new account", async () => {
    const res = await t.request("/api/accounts/customer", {
      body: customerInput({ name: "Ana de Novo", email: ana.email }),
    });
    expect(res.status).toBe(201);
  });
});
