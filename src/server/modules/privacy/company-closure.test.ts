import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, errorBody, runJob } from "../../test/api";
import { createTestApp, type TestApp } from "../../test/test-app";
import { users } from "../auth/auth.table";
import { asaasProvider } from "../billing/asaas.provider";
import { invoices, subscriptions } from "../billing/billing.table";
import { companies } from "../companies/companies.table";
import { webhookEndpoints } from "../integrations/integrations.table";

/**
 * 'Fechar conta' (issue 34): only the Owner, with their password; the subscription cancelled at
 * the provider (dev and a fake Asaas server), members e-mailed, the panel read-only, the cards
 * read-only for the members, 'Restaurar conta' within 30 days, and the purge after them.
 */

type Company = { cookie: string; companyId: string };
let t: TestApp;
let asaas: TestApp;
let n = 0;
const DAY = 24 * 60 * 60 * 1000;

// ------------------------------------------------------------------ a fake Asaas server
const asaasCalls: { method: string; path: string }[] = [];
let server: Server;
const readBody = (req: IncomingMessage) =>
  new Promise<Record<string, unknown>>((resolve) => {
    let data = "";
    req.on("data", (chunk) => {
      data += chunk;
    });
    req.on("end", () => resolve(data ? JSON.parse(data) : {}));
  });
function asaasAnswer(method: string, path: string, body: Record<string, unknown>) {
  const id = String(asaasCalls.length).padStart(6, "0");
  if (method === "POST" && path === "/v3/customers") return { id: `cus_${id}` };
  if (method === "POST" && path === "/v3/subscriptions") return { id: `sub_${id}` };
  if (method === "GET" && /^\/v3\/subscriptions\/[^/]+\/payments$/.test(path)) {
    return { hasMore: false, data: [] };
  }
  if (method === "DELETE" && path.startsWith("/v3/subscriptions/")) return { deleted: true };
  return body.never ?? null;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    asaasCalls.push({ method: req.method!, path: url.pathname });
    const result = asaasAnswer(req.method!, url.pathname, await readBody(req));
    res.writeHead(result ? 200 : 404, { "content-type": "application/json" });
    res.end(JSON.stringify(result ?? { errors: [{ code: "not_found" }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  t = await createTestApp();
  asaas = await createTestApp({
    billingProvider: asaasProvider({
      apiKey: "$aact_test_key",
      baseUrl: `http://127.0.0.1:${port}/v3`,
      webhookToken: "whsec-closure-0123456789abcdef",
      log: { error() {} },
    }),
  });
});

afterAll(async () => {
  await t?.close();
  await asaas?.close();
  await new Promise((resolve) => server?.close(resolve));
});

// ------------------------------------------------------------------ helpers
const PASSWORD = "segredo1";

async function company(app = t): Promise<Company & { name: string; email: string }> {
  n++;
  const name = `Padaria ${n}`;
  const email = `dono${n}@padaria.com.br`;
  return { ...(await app.companySession({ email, companyName: name })), name, email };
}

async function member(c: Company, app = t) {
  n++;
  const email = `cliente${n}@example.com`;
  const s = await app.customerSession({
    name: `Cliente ${n}`,
    email,
    origin: { empresa_id: c.companyId, origem: "qrcode_empresa" },
  });
  return { ...s, email };
}

const subscribe = async (c: Company, app = t) =>
  answerOf<"/api/billing/subscription", "post">(
    await app.request("/api/billing/subscription", {
      cookie: c.cookie,
      body: { plan: "pro", billingType: "PIX", document: "529.982.247-25", billingEmail: "a@b.br" },
    }),
    201,
  );

const close = (c: { cookie: string }, password = PASSWORD, app = t) =>
  app.request("/api/company/closure", { cookie: c.cookie, body: { password } });
const restore = (c: { cookie: string }) =>
  t.request("/api/company/closure", { cookie: c.cookie, method: "DELETE" });
const newProgram = (c: { cookie: string }) =>
  t.request("/api/programs", {
    cookie: c.cookie,
    body: { name: `Programa ${++n}`, stampsRequired: 10, reward: "Um café" },
  });
const myCards = async (customer: { cookie: string }) =>
  answerOf<"/api/me/cards", "get">(
    await t.request("/api/me/cards", { cookie: customer.cookie }),
    200,
  );
const code = async (res: Response, status: number) => (await errorBody(res, status)).error.code;

// ------------------------------------------------------------------ the tests
describe("who may close the company", () => {
  it("a Manager or an Attendant gets 403; a wrong password 401, and nothing closes", async () => {
    const c = await company();
    for (const role of ["manager", "attendant"] as const) {
      const staff = await t.staffSession(c.companyId, role);
      expect(await code(await close(staff, staff.password), 403)).toBe("role_forbidden");
      expect(await code(await restore(staff), 403)).toBe("role_forbidden");
    }
    expect(await code(await close(c, "errada123"), 401)).toBe("wrong_password");
    const closure = await answerOf<"/api/company/closure", "get">(
      await t.request("/api/company/closure", { cookie: c.cookie }),
      200,
    );
    expect(closure).toEqual({ closedAt: null, deleteAt: null });
    expect((await newProgram(c)).status).toBe(201);
  });
});

describe("closing with the dev provider", () => {
  it("cancels the subscription, tells the members, closes the panel, and keeps the cards readable", async () => {
    const c = await company();
    await subscribe(c);
    const ana = await member(c);
    const bia = await member(c);
    const manager = await t.staffSession(c.companyId, "manager");
    const key = await t.request("/api/integrations/keys", {
      cookie: c.cookie,
      body: { name: "PDV", scopes: ["members:read"], mode: "live" },
    });
    const { secret } = (await key.json()) as { secret: string };
    const v1 = () =>
      t.request("/api/v1/members", { headers: { authorization: `Bearer ${secret}` } });
    expect((await v1()).status).toBe(200);
    await t.db.insert(webhookEndpoints).values({
      id: randomUUID(),
      companyId: c.companyId,
      url: "https://pdv.example.com/hook",
      events: ["stamp.created"],
      secret: "whsec_x",
    });

    const closed = await answerOf<"/api/company/closure", "post">(await close(c), 200);
    expect(closed.closedAt).not.toBeNull();
    expect(Date.parse(closed.deleteAt!) - Date.parse(closed.closedAt!)).toBe(30 * DAY);

    const [sub] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.companyId, c.companyId));
    expect(sub?.status).toBe("cancelled");
    for (const who of [ana, bia]) {
      const mail = t.mails.findLast((m) => m.to === who.email);
      expect(mail?.subject).toBe(`O programa de fidelidade de ${c.name} terminou`);
      expect(mail?.text).toContain("só para consulta");
    }
    expect((await v1()).status).toBe(401);
    const [hook] = await t.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.companyId, c.companyId));
    expect(hook).toMatchObject({ enabled: false, disabledReason: "company_closed" });

    // The panel: writes refused for every member of the team, reads and the backup still there.
    expect(await code(await newProgram(c), 403)).toBe("company_closed");
    expect(await code(await newProgram(manager), 403)).toBe("company_closed");
    expect((await t.request("/api/dashboard", { cookie: c.cookie })).status).toBe(200);
    expect((await t.request("/api/settings/backup", { cookie: c.cookie })).status).toBe(200);
    const me = await answerOf<"/api/me", "get">(
      await t.request("/api/me", { cookie: c.cookie }),
      200,
    );
    expect(me.company?.closedAt).toBe(closed.closedAt);

    // The members: the card is there, read-only; nothing new starts with the company.
    const [card] = await myCards(ana);
    expect(card).toMatchObject({ companyId: c.companyId, companyClosedAt: closed.closedAt });
    const claim = await t.request(`/api/me/cards/${card!.id}/claims`, {
      cookie: ana.cookie,
      body: { method: "google_review" },
    });
    expect(await code(claim, 403)).toBe("company_closed");
    const message = await t.request("/api/me/messages", {
      cookie: ana.cookie,
      body: { companyId: c.companyId, body: "Olá?" },
    });
    expect(await code(message, 403)).toBe("company_closed");
    const newcomer = await t.customerSession({ email: `novo${++n}@example.com` });
    const join = await t.request("/api/memberships", {
      cookie: newcomer.cookie,
      body: { companyId: c.companyId },
    });
    expect(await code(join, 403)).toBe("company_closed");

    // Closing twice answers the first closing.
    expect(await answerOf<"/api/company/closure", "post">(await close(c), 200)).toEqual(closed);
  });

  it("restores within 30 days (the panel writes again), then says it is not closed", async () => {
    const c = await company();
    await answerOf<"/api/company/closure", "post">(await close(c), 200);
    expect(await code(await newProgram(c), 403)).toBe("company_closed");
    const restored = await answerOf<"/api/company/closure", "delete">(await restore(c), 200);
    expect(restored).toEqual({ closedAt: null, deleteAt: null });
    expect((await newProgram(c)).status).toBe(201);
    expect(await code(await restore(c), 409)).toBe("company_not_closed");
  });

  it("cannot restore once the 30 days are over", async () => {
    const c = await company();
    await answerOf<"/api/company/closure", "post">(await close(c), 200);
    const longAgo = new Date(Date.now() - 31 * DAY);
    await t.db.update(companies).set({ closedAt: longAgo }).where(eq(companies.id, c.companyId));
    expect(await code(await restore(c), 409)).toBe("company_closed");
  });
});

describe("the purge, 30 days after closing", () => {
  it("deletes the company, its backups and its owner's account, and keeps its invoices named", async () => {
    const c = await company();
    await subscribe(c);
    const ana = await member(c);
    const recent = await company();
    await answerOf<"/api/company/closure", "post">(await close(c), 200);
    await answerOf<"/api/company/closure", "post">(await close(recent), 200);
    const folder = join(t.backupDir, c.companyId);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "carimbou-backup-padaria-2026-01-01.zip"), "zip");
    const [owner] = await t.db
      .select({ id: companies.ownerId })
      .from(companies)
      .where(eq(companies.id, c.companyId));

    // Scheduled backups skip a closed company.
    await runJob(t, "scheduled-backups");
    expect(existsSync(join(t.backupDir, recent.companyId))).toBe(false);

    // Within the 30 days nothing goes; once they are over for one, only that one goes.
    const early = await runJob<{ deleted: string[] }>(t, "company-purge");
    expect(early.deleted).not.toContain(c.companyId);
    await t.db
      .update(companies)
      .set({ closedAt: new Date(Date.now() - 30 * DAY - 60_000) })
      .where(eq(companies.id, c.companyId));
    const purged = await runJob<{ deleted: string[] }>(t, "company-purge");
    expect(purged.deleted).toContain(c.companyId);
    expect(purged.deleted).not.toContain(recent.companyId);

    expect(await t.db.select().from(companies).where(eq(companies.id, c.companyId))).toEqual([]);
    const kept = await t.db.select().from(invoices).where(eq(invoices.companyName, c.name));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept[0]).toMatchObject({ companyId: null, companyDocument: "52998224725" });
    expect(existsSync(folder)).toBe(false);
    expect(await t.db.select().from(users).where(eq(users.id, owner!.id))).toEqual([]);
    expect(
      (await t.request("/api/session", { body: { email: c.email, password: PASSWORD } })).status,
    ).toBe(401);
    expect(await myCards(ana)).toEqual([]);
    // The younger closure is still there, and still restorable.
    expect((await restore(recent)).status).toBe(200);
  });
});

describe("closing with Asaas", () => {
  it("the provider receives the subscription's cancellation", async () => {
    const c = await company(asaas);
    await subscribe(c, asaas);
    const [sub] = await asaas.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.companyId, c.companyId));
    const subscriptionId = sub!.providerSubscriptionId!;
    await answerOf<"/api/company/closure", "post">(await close(c, PASSWORD, asaas), 200);
    expect(asaasCalls).toContainEqual({
      method: "DELETE",
      path: `/v3/subscriptions/${subscriptionId}`,
    });
    const [after] = await asaas.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.companyId, c.companyId));
    expect(after?.status).toBe("cancelled");
  });
});
