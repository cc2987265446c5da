import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { saoPauloDate } from "@shared/dates";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../env";
import { answerOf, errorBody } from "../../test/api";
import { createTestApp, type TestApp } from "../../test/test-app";
import { companies } from "../companies/companies.table";
import { asaasProvider } from "./asaas.provider";
import { billingEvents } from "./billing.table";
import { addDays, addMonths, endOfDay } from "./billing-dates";

/**
 * Issue 29's attacks on billing (decision 027), each driven through the dev provider or a fake
 * Asaas server (a local HTTP server standing in for Asaas's API, so the webhook's payment is
 * re-read from it), and each refused: the free-grace cycle, the free upgrade, negative and absurd
 * values, an unknown subscription, chargebacks and refunds, the dev routes from the network,
 * subscribe/cancel churn, Pro on IA Suprema's channels, and paying early in the trial.
 */

type Company = { cookie: string; companyId: string };
let dev: TestApp;
let asaas: TestApp;
let n = 0;

// ------------------------------------------------------------------ the fake Asaas server

type FakePayment = Record<string, unknown> & { id: string; status: string; value: number };
const payments = new Map<string, FakePayment>();
let server: Server;
let ids = 0;

const readBody = (req: IncomingMessage) =>
  new Promise<Record<string, unknown>>((resolve) => {
    let data = "";
    req.on("data", (chunk) => {
      data += chunk;
    });
    req.on("end", () => resolve(data ? JSON.parse(data) : {}));
  });

function answer(method: string, path: string, body: Record<string, unknown>) {
  const id = () => String(++ids).padStart(6, "0");
  if (method === "POST" && path === "/v3/customers") return { id: `cus_${id()}` };
  if (method === "POST" && path === "/v3/subscriptions") {
    const sub = `sub_${id()}`;
    const pay = `pay_${id()}`;
    payments.set(pay, {
      id: pay,
      subscription: sub,
      status: "PENDING",
      value: body.value as number,
      dueDate: body.nextDueDate as string,
      billingType: body.billingType as string,
      invoiceUrl: `https://sandbox.asaas.com/i/${pay}`,
      externalReference: body.externalReference as string,
    });
    return { id: sub };
  }
  const list = path.match(/^\/v3\/subscriptions\/([^/]+)\/payments$/);
  if (method === "GET" && list) {
    const data = [...payments.values()].filter((p) => p.subscription === list[1]);
    return { hasMore: false, data };
  }
  const one = path.match(/^\/v3\/payments\/([^/]+)$/);
  if (method === "GET" && one) return payments.get(one[1]!) ?? null;
  if (path.endsWith("/pixQrCode")) return { payload: "00020126pix", encodedImage: null };
  if (path.startsWith("/v3/subscriptions/")) return { id: "ok" };
  return null;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const result = answer(req.method!, url.pathname, await readBody(req));
    res.writeHead(result ? 200 : 404, { "content-type": "application/json" });
    res.end(JSON.stringify(result ?? { errors: [{ code: "not_found" }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  dev = await createTestApp();
  asaas = await createTestApp({
    billingProvider: asaasProvider({
      apiKey: "$aact_test_key",
      baseUrl: `http://127.0.0.1:${port}/v3`,
      webhookToken: TOKEN,
      log: { error() {} },
    }),
  });
});

afterAll(async () => {
  await dev?.close();
  await asaas?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const TOKEN = "whsec-attacks-0123456789abcdef";

async function company(t: TestApp): Promise<Company> {
  n++;
  return t.companySession({ email: `ataque${n}@empresa.com.br`, companyName: `Alvo ${n}` });
}

const overview = async (t: TestApp, c: Company) =>
  answerOf<"/api/billing", "get">(await t.request("/api/billing", { cookie: c.cookie }), 200);

const subscribe = async (t: TestApp, c: Company, plan: "pro" | "supreme") =>
  answerOf<"/api/billing/subscription", "post">(
    await t.request("/api/billing/subscription", {
      cookie: c.cookie,
      body: { plan, billingType: "PIX", document: "529.982.247-25", billingEmail: "a@b.com.br" },
    }),
    201,
  );
const cancel = (t: TestApp, c: Company) =>
  t.request("/api/billing/subscription/cancel", { cookie: c.cookie, method: "POST" });
const changePlan = (c: Company, plan: string) =>
  dev.request("/api/billing/subscription/plan", {
    cookie: c.cookie,
    method: "PUT",
    body: { plan },
  });
const clock = async (c: Company, days: number) =>
  answerOf<"/api/dev/billing/clock", "post">(
    await dev.request("/api/dev/billing/clock", { cookie: c.cookie, body: { days } }),
    200,
  );
const pay = (c: Company, invoiceId: string, ip = "127.0.0.1") =>
  dev.request(`/api/dev/billing/invoices/${invoiceId}/pay`, {
    cookie: c.cookie,
    method: "POST",
    ip,
  });
/** Whether IA Suprema answers for the company (/ia-suprema's 'available'). */
const assistantAvailable = async (t: TestApp, c: Company) =>
  (
    await answerOf<"/api/assistant/settings", "get">(
      await t.request("/api/assistant/settings", { cookie: c.cookie }),
      200,
    )
  ).available;

/** After the trial: a company whose trial ended a day ago. */
async function pastTrial(t: TestApp) {
  const c = await company(t);
  await t.db
    .update(companies)
    .set({ trialEndsAt: sql`now() - interval '1 day'` })
    .where(eq(companies.id, c.companyId));
  return c;
}

// ------------------------------------------------------------------ the dev provider

describe("the dev checkout", () => {
  // The first test of the file also waits for the app's first requests (a busy machine).
  it("answers 404 to anyone but this machine, and to a request relayed by a proxy", {
    timeout: 60_000,
  }, async () => {
    const c = await company(dev);
    const { overview: o } = await subscribe(dev, c, "supreme");
    const id = o.invoices[0]!.id;
    for (const ip of ["203.0.113.7", "10.0.0.2", "::ffff:192.168.1.10"]) {
      const res = await pay(c, id, ip);
      expect((await errorBody(res, 404)).error.code).toBe("not_found");
    }
    const relayed = await dev.request(`/api/dev/billing/invoices/${id}/pay`, {
      cookie: c.cookie,
      method: "POST",
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(relayed.status).toBe(404);
    expect((await overview(dev, c)).invoices[0]?.status).toBe("pending");
    // from this machine it pays
    expect((await pay(c, id)).status).toBe(200);
  });

  it("is off on an APP_URL that is not this machine unless BILLING_PROVIDER=dev, never in production", () => {
    const base = { AUTH_SECRET: "x".repeat(32) };
    expect(loadEnv({ ...base }).billingProvider).toBe("dev");
    expect(loadEnv({ ...base, APP_URL: "https://carimbou.example.com" }).billingProvider).toBe(
      "none",
    );
    expect(
      loadEnv({ ...base, APP_URL: "https://carimbou.example.com", BILLING_PROVIDER: "dev" })
        .billingProvider,
    ).toBe("dev");
    expect(() => loadEnv({ ...base, NODE_ENV: "production", BILLING_PROVIDER: "dev" })).toThrow(
      /BILLING_PROVIDER=dev/,
    );
    expect(loadEnv({ ...base, NODE_ENV: "production" }).billingProvider).toBe("none");
  });
});

describe("the grace", () => {
  it("is not given again by cancelling and subscribing again", async () => {
    const c = await pastTrial(dev);
    await subscribe(dev, c, "supreme");
    const first = await clock(c, 2);
    expect(first.planStatus).toBe("grace");
    expect(await assistantAvailable(dev, c)).toBe(true);
    const firstDue = first.invoices[0]!.dueDate;
    expect(first.graceUntil).toBe(endOfDay(addDays(firstDue, 7)).toISOString());

    // cancel inside the grace and subscribe again: the grace still counts from the first charge
    expect((await cancel(dev, c)).status).toBe(200);
    await subscribe(dev, c, "supreme");
    const second = await clock(c, 6);
    expect(second.planStatus).toBe("expired");
    expect(second.graceUntil).toBe(endOfDay(addDays(addDays(firstDue, -6), 7)).toISOString());
    expect(await assistantAvailable(dev, c)).toBe(false);
    // a third cycle gives nothing either
    expect((await cancel(dev, c)).status).toBe(200);
    await subscribe(dev, c, "supreme");
    expect((await clock(c, 1)).planStatus).toBe("expired");
  });
});

describe("an upgrade", () => {
  it("charges the pro-rated difference and switches only when it is paid", async () => {
    const c = await pastTrial(dev);
    const { overview: o } = await subscribe(dev, c, "pro");
    expect((await pay(c, o.invoices[0]!.id)).status).toBe(200);
    expect(await assistantAvailable(dev, c)).toBe(false);

    const up = await answerOf<"/api/billing/subscription/plan", "put">(
      await changePlan(c, "supreme"),
      200,
    );
    // the whole month is left: the whole difference, to pay now; nothing changes before
    const upgrade = up.overview.invoices.find(
      (i) => i.plan === "supreme" && i.status === "pending",
    );
    expect(upgrade?.amountCents).toBe(24900 - 3990);
    expect(up.checkoutUrl).toBe(`/plano/checkout/${upgrade?.id}`);
    expect(up.overview.plan).toBe("pro");
    expect(await assistantAvailable(dev, c)).toBe(false);

    // back to Pro before paying: the charge is withdrawn, Supremo never given
    const back = await answerOf<"/api/billing/subscription/plan", "put">(
      await changePlan(c, "pro"),
      200,
    );
    expect(back.overview.invoices.find((i) => i.id === upgrade?.id)?.status).toBe("cancelled");
    expect(await assistantAvailable(dev, c)).toBe(false);

    // asked again and paid: Supremo from now, and the next charges at its price
    const again = await answerOf<"/api/billing/subscription/plan", "put">(
      await changePlan(c, "supreme"),
      200,
    );
    const id = again.checkoutUrl!.split("/").pop()!;
    expect((await pay(c, id)).status).toBe(200);
    expect(await assistantAvailable(dev, c)).toBe(true);
    expect((await overview(dev, c)).plan).toBe("supreme");
  });

  it("while a charge is overdue is refused, the grace staying Pro", async () => {
    const c = await pastTrial(dev);
    await subscribe(dev, c, "pro");
    expect((await clock(c, 2)).planStatus).toBe("grace");
    expect((await errorBody(await changePlan(c, "supreme"), 409)).error.code).toBe(
      "invoice_overdue",
    );
    expect(await assistantAvailable(dev, c)).toBe(false);
  });
});

describe("subscribe and cancel churn", () => {
  it("is limited to 5 subscriptions a day per company", async () => {
    const c = await company(dev);
    for (let i = 0; i < 5; i++) {
      await subscribe(dev, c, "pro");
      expect((await cancel(dev, c)).status).toBe(200);
    }
    const sixth = await dev.request("/api/billing/subscription", {
      cookie: c.cookie,
      body: { plan: "pro", billingType: "PIX", document: "52998224725", billingEmail: "a@b.com" },
    });
    expect((await errorBody(sixth, 429)).error.code).toBe("subscribe_limited");
  });
});

describe("IA Suprema on Pro", () => {
  it("refuses the channels, their connection test, inboxes, replies and hand-overs", async () => {
    const c = await pastTrial(dev);
    const { overview: o } = await subscribe(dev, c, "pro");
    expect((await pay(c, o.invoices[0]!.id)).status).toBe(200);
    const refusals = [
      dev.request("/api/assistant/whatsapp", {
        cookie: c.cookie,
        method: "PUT",
        body: {
          phoneNumberId: "1098765432101",
          accessToken: "EAAtoken-0001",
          appSecret: "app-secret-0123456789abcdef",
          verifyToken: "verify-token",
          templateName: "",
          templateLanguage: "",
        },
      }),
      dev.request("/api/assistant/whatsapp/inbox", { cookie: c.cookie }),
      dev.request("/api/assistant/whatsapp/connection-test", {
        cookie: c.cookie,
        method: "POST",
        body: { nodeId: "1098765432101", accessToken: "EAAtoken-0001" },
      }),
      dev.request("/api/assistant/instagram/inbox", { cookie: c.cookie }),
      dev.request(`/api/assistant/whatsapp/contacts/${crypto.randomUUID()}/reply`, {
        cookie: c.cookie,
        body: { body: "Oi" },
      }),
      dev.request(`/api/assistant/handoffs/${crypto.randomUUID()}`, {
        cookie: c.cookie,
        method: "PUT",
      }),
    ];
    for (const res of await Promise.all(refusals)) {
      expect((await errorBody(res, 403)).error.code).toBe("assistant_plan_required");
    }
  });
});

describe("paying early in the trial", () => {
  it("keeps what the trial includes until its date", async () => {
    const c = await company(dev);
    const { overview: o } = await subscribe(dev, c, "pro");
    const paid = await answerOf<"/api/dev/billing/invoices/{id}/{action}", "post">(
      await pay(c, o.invoices[0]!.id),
      200,
    );
    expect(paid.paidUntil).toBe(endOfDay(addMonths(o.invoices[0]!.dueDate, 1)).toISOString());
    expect(await assistantAvailable(dev, c)).toBe(true);
  });
});

// ------------------------------------------------------------------ Asaas webhooks

let events = 0;
function webhook(body: unknown) {
  return asaas.app.request(
    "/api/billing/webhooks/asaas",
    {
      method: "POST",
      headers: { "content-type": "application/json", "asaas-access-token": TOKEN },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: "203.0.113.9" } } },
  );
}
const now = () =>
  `${saoPauloDate()} ${new Date(Date.now() - 3 * 3600_000).toISOString().slice(11, 19)}`;
const event = (name: string, payment: Record<string, unknown>) => ({
  id: `evt_attack_${++events}`,
  event: name,
  dateCreated: now(),
  payment: { object: "payment", ...payment },
});
const paymentOf = (c: Company) =>
  [...payments.values()].find((p) => p.externalReference === c.companyId)!;
const eventRow = async (id: string) =>
  (await asaas.db.select().from(billingEvents).where(eq(billingEvents.eventId, id)))[0];

describe("Asaas webhooks", () => {
  it("keep odd payloads as ignored with a 200, and grant nothing", async () => {
    const c = await pastTrial(asaas);
    await subscribe(asaas, c, "pro");
    const p = paymentOf(c);
    for (const odd of [
      { value: "abc" },
      { value: 1e308 },
      { value: -5 },
      { dueDate: "2024-02-31" },
      { id: 42 },
    ]) {
      const body = event("PAYMENT_RECEIVED", { ...p, status: "RECEIVED", ...odd });
      expect((await webhook(body)).status).toBe(200);
      expect(await eventRow(body.id)).toMatchObject({ type: "ignored" });
    }
    expect((await webhook("not json")).status).toBe(200);
    expect((await webhook({ no: "event" })).status).toBe(200);
    expect(await overview(asaas, c)).toMatchObject({ planStatus: "expired", paidUntil: null });
  });

  it("are re-read from Asaas: a body saying paid grants nothing while Asaas says pending", async () => {
    const c = await pastTrial(asaas);
    await subscribe(asaas, c, "supreme");
    const p = paymentOf(c);
    expect((await webhook(event("PAYMENT_RECEIVED", { ...p, status: "RECEIVED" }))).status).toBe(
      200,
    );
    expect((await overview(asaas, c)).planStatus).toBe("expired");
    // Asaas received less than the price: still nothing
    Object.assign(p, { status: "RECEIVED", value: 1 });
    const low = event("PAYMENT_RECEIVED", p);
    expect((await webhook(low)).status).toBe(200);
    expect(await eventRow(low.id)).toMatchObject({ type: "ignored" });
    expect((await overview(asaas, c)).planStatus).toBe("expired");
    // the full price received: a paid month
    Object.assign(p, { value: 249 });
    await webhook(event("PAYMENT_RECEIVED", p));
    expect((await overview(asaas, c)).planStatus).toBe("paid");
  });

  it("of a payment with the company's id and no known subscription grant nothing", async () => {
    const c = await pastTrial(asaas);
    const forged = {
      id: "pay_forged",
      subscription: null,
      status: "RECEIVED",
      value: 249,
      dueDate: saoPauloDate(),
      billingType: "PIX",
      externalReference: c.companyId,
    };
    payments.set("pay_forged", forged);
    const body = event("PAYMENT_RECEIVED", forged);
    expect((await webhook(body)).status).toBe(200);
    expect(await eventRow(body.id)).toMatchObject({ companyId: null });
    expect(await overview(asaas, c)).toMatchObject({ planStatus: "expired", invoices: [] });
  });

  for (const name of [
    "PAYMENT_CHARGEBACK_REQUESTED",
    "PAYMENT_CHARGEBACK_DISPUTE",
    "PAYMENT_REFUNDED",
    "PAYMENT_REFUND_IN_PROGRESS",
    "PAYMENT_RECEIVED_IN_CASH_UNDONE",
  ]) {
    it(`${name} takes the paid month back and restarts the grace from that day`, async () => {
      const c = await pastTrial(asaas);
      await subscribe(asaas, c, "supreme");
      const p = paymentOf(c);
      Object.assign(p, { status: "RECEIVED", dueDate: addDays(saoPauloDate(), -20) });
      await webhook(event("PAYMENT_RECEIVED", p));
      expect((await overview(asaas, c)).planStatus).toBe("paid");
      const status: Record<string, string> = {
        PAYMENT_CHARGEBACK_REQUESTED: "CHARGEBACK_REQUESTED",
        PAYMENT_CHARGEBACK_DISPUTE: "CHARGEBACK_DISPUTE",
        PAYMENT_REFUNDED: "REFUNDED",
        PAYMENT_REFUND_IN_PROGRESS: "REFUND_IN_PROGRESS",
        PAYMENT_RECEIVED_IN_CASH_UNDONE: "PENDING",
      };
      Object.assign(p, { status: status[name] });
      expect((await webhook(event(name, p))).status).toBe(200);
      const after = await overview(asaas, c);
      expect(after).toMatchObject({
        planStatus: "grace",
        paidUntil: null,
        graceUntil: endOfDay(addDays(saoPauloDate(), 7)).toISOString(),
      });
      expect(["overdue", "refunded"]).toContain(after.invoices[0]?.status);
    });
  }
});
