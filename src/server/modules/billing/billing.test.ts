import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { planAllows } from "@shared/billing.schema";
import { saoPauloDate } from "@shared/dates";
import type { LoyaltyRules } from "@shared/settings.schema";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, apiAs, errorBody, ok, runJob } from "../../test/api";
import { createTestApp, type TestApp } from "../../test/test-app";
import { companies } from "../companies/companies.table";
import { asaasProvider } from "./asaas.provider";
import { billingEvents, subscriptions } from "./billing.table";
import { addDays, addMonths, endOfDay } from "./billing-dates";

/**
 * Billing against a fake Asaas HTTP server (issue 17): the payloads we send, webhook
 * authentication, idempotency, events out of order, grace and read-only, refunds, the daily
 * reconciliation, CPF/CNPJ validation and isolation between companies.
 */

// ------------------------------------------------------------------ the fake Asaas server

type Recorded = { method: string; path: string; token: string | undefined; body: unknown };
type FakePayment = {
  id: string;
  subscription: string;
  status: string;
  value: number;
  dueDate: string;
  billingType: string;
  invoiceUrl: string;
  bankSlipUrl: string | null;
  paymentDate: string | null;
  externalReference: string;
};

const fake = {
  requests: [] as Recorded[],
  payments: new Map<string, FakePayment>(),
  failNext: null as string | null,
  n: 0,
};
let server: Server;

const readBody = (req: IncomingMessage) =>
  new Promise<unknown>((resolve) => {
    let data = "";
    req.on("data", (chunk) => {
      data += chunk;
    });
    req.on("end", () => resolve(data ? JSON.parse(data) : undefined));
  });

async function answer(method: string, path: string, body: Record<string, unknown>) {
  const id = () => String(++fake.n).padStart(6, "0");
  if (method === "POST" && path === "/v3/customers") return { id: `cus_${id()}` };
  if (method === "POST" && path === "/v3/subscriptions") {
    const sub = `sub_${id()}`;
    const pay = `pay_${id()}`;
    fake.payments.set(pay, {
      id: pay,
      subscription: sub,
      status: "PENDING",
      value: body.value as number,
      dueDate: body.nextDueDate as string,
      billingType: body.billingType as string,
      invoiceUrl: `https://sandbox.asaas.com/i/${pay}`,
      bankSlipUrl: body.billingType === "BOLETO" ? `https://sandbox.asaas.com/b/pdf/${pay}` : null,
      paymentDate: null,
      externalReference: body.externalReference as string,
    });
    return { id: sub, status: "ACTIVE" };
  }
  const payments = path.match(/^\/v3\/subscriptions\/([^/]+)\/payments$/);
  if (method === "GET" && payments) {
    const data = [...fake.payments.values()].filter((p) => p.subscription === payments[1]);
    return { object: "list", hasMore: false, totalCount: data.length, data };
  }
  // Re-read before anything is granted (decision 027): the fake's own state of the charge.
  const read = path.match(/^\/v3\/payments\/([^/]+)$/);
  if (method === "GET" && read?.[1]) return fake.payments.get(read[1]) ?? null;
  const pix = path.match(/^\/v3\/payments\/([^/]+)\/pixQrCode$/);
  if (method === "GET" && pix) {
    return { encodedImage: "iVBORw0KGgo=", payload: `00020126pix-${pix[1]}`, success: true };
  }
  const one = path.match(/^\/v3\/subscriptions\/([^/]+)$/);
  if (method === "PUT" && one) {
    for (const p of fake.payments.values()) {
      if (p.subscription === one[1] && p.status === "PENDING") p.value = body.value as number;
    }
    return { id: one[1] };
  }
  if (method === "DELETE" && one) return { deleted: true, id: one[1] };
  return null;
}

async function startFakeAsaas() {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const body = (await readBody(req)) as Record<string, unknown>;
    const token = req.headers.access_token as string | undefined;
    fake.requests.push({ method: req.method!, path: url.pathname, token, body });
    if (fake.failNext && url.pathname.endsWith(fake.failNext)) {
      fake.failNext = null;
      res.writeHead(500, { "content-type": "application/json" });
      return res.end(JSON.stringify({ errors: [{ code: "internal", description: "boom" }] }));
    }
    const result = await answer(req.method!, url.pathname, body ?? {});
    res.writeHead(result ? 200 : 404, { "content-type": "application/json" });
    res.end(JSON.stringify(result ?? { errors: [{ code: "not_found" }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

// ------------------------------------------------------------------ the app

const WEBHOOK_TOKEN = "whsec-carimbou-test-0123456789abcdef";
let t: TestApp;
type Company = { cookie: string; companyId: string; email: string };

beforeAll(async () => {
  const port = await startFakeAsaas();
  t = await createTestApp({
    billingProvider: asaasProvider({
      apiKey: "$aact_test_key",
      baseUrl: `http://127.0.0.1:${port}/v3`,
      webhookToken: WEBHOOK_TOKEN,
      log: { error() {} },
    }),
  });
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

let companies_ = 0;
async function company(): Promise<Company> {
  companies_++;
  const email = `dono${companies_}@empresa.com.br`;
  const session = await t.companySession({ email, companyName: `Empresa ${companies_}` });
  return { ...session, email };
}

const overview = async (c: Company) => ok(apiAs(t, c.cookie).GET("/api/billing"), 200);

const CPF = "529.982.247-25";
const CNPJ = "11.222.333/0001-81";

async function subscribe(c: Company, extra: Record<string, unknown> = {}) {
  return answerOf<"/api/billing/subscription", "post">(
    await t.request("/api/billing/subscription", {
      cookie: c.cookie,
      body: {
        plan: "pro",
        billingType: "PIX",
        document: CPF,
        billingEmail: `financeiro+${c.companyId.slice(0, 8)}@empresa.com.br`,
        ...extra,
      },
    }),
    201,
  );
}

/** The fake's payment of the company's (only) subscription. */
const paymentOf = (c: Company) => {
  const p = [...fake.payments.values()].find((x) => x.externalReference === c.companyId);
  if (!p) throw new Error("no payment at the fake provider");
  return p;
};

let events = 0;
/** Posts a webhook as Asaas does: no Origin, no session, the token header. */
function webhook(body: unknown, token: string | null = WEBHOOK_TOKEN) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token !== null) headers["asaas-access-token"] = token;
  return t.app.request(
    "/api/billing/webhooks/asaas",
    { method: "POST", headers, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: "203.0.113.9" } } },
  );
}

/** An event as Asaas sends it; the charge changes at the fake first (what a re-read answers). */
const paymentEvent = (
  event: string,
  p: FakePayment,
  changes: Partial<FakePayment> = {},
  id = `evt_${++events}`,
) => {
  Object.assign(p, changes);
  // Asaas writes its São Paulo time: the event happens now.
  const dateCreated = `${saoPauloDate()} ${new Date(Date.now() - 3 * 3600_000).toISOString().slice(11, 19)}`;
  return { id, event, dateCreated, payment: { object: "payment", ...p } };
};

async function sendEvent(...args: Parameters<typeof paymentEvent>) {
  const res = await webhook(paymentEvent(...args));
  await t.deliverQueuedEmails();
  return answerOf<"/api/billing/webhooks/asaas", "post">(res, 200);
}

const RULES: LoyaltyRules = {
  purchaseStamps: 2,
  review: { enabled: true, stamps: 3, bonus: "" },
  social: { enabled: false, stamps: 1, bonus: "", networks: ["instagram"] },
  birthday: { enabled: true, stamps: 4, message: "Feliz aniversário!" },
};
const write = (c: Company) =>
  t.request("/api/settings/loyalty-rules", { cookie: c.cookie, method: "PUT", body: RULES });

const endTrial = (c: Company) =>
  t.db
    .update(companies)
    .set({ trialEndsAt: sql`now() - interval '1 day'` })
    .where(eq(companies.id, c.companyId));

const today = () => saoPauloDate();

// ------------------------------------------------------------------ tests

describe("the one plan check", () => {
  it("lets the trial use everything, Supremo its assistant, Pro and expired companies not", () => {
    expect(planAllows({ plan: null, planStatus: "trial" }, "assistant")).toBe(true);
    expect(planAllows({ plan: "pro", planStatus: "trial" }, "assistant")).toBe(true);
    expect(planAllows({ plan: "supreme", planStatus: "paid" }, "assistant")).toBe(true);
    expect(planAllows({ plan: "supreme", planStatus: "grace" }, "assistant")).toBe(true);
    expect(planAllows({ plan: "pro", planStatus: "paid" }, "assistant")).toBe(false);
    expect(planAllows({ plan: "supreme", planStatus: "expired" }, "assistant")).toBe(false);
    expect(planAllows({ plan: null, planStatus: "expired" }, "assistant")).toBe(false);
  });
});

describe("subscribing", () => {
  it("refuses an invalid or empty CPF or CNPJ before calling the provider", async () => {
    const c = await company();
    const before = fake.requests.length;
    for (const document of ["529.982.247-24", "111.111.111-11", "11.222.333/0001-80", "123"]) {
      const res = await t.request("/api/billing/subscription", {
        cookie: c.cookie,
        body: { plan: "pro", billingType: "PIX", document, billingEmail: "a@b.com.br" },
      });
      const body = await errorBody(res, 400);
      expect(body.error.code).toBe("validation_failed");
      expect(body.error.fields?.document).toBe("billing_document_invalid");
    }
    // left empty, it is required ('CPF ou CNPJ é obrigatório'), not invalid
    for (const document of ["", "   "]) {
      const res = await t.request("/api/billing/subscription", {
        cookie: c.cookie,
        body: { plan: "pro", billingType: "PIX", document, billingEmail: "a@b.com.br" },
      });
      const body = await errorBody(res, 400);
      expect(body.error.fields?.document).toBe("billing_document_required");
    }
    expect(fake.requests.length).toBe(before);
  });

  it("creates the Asaas customer and subscription (due at the trial's end) and the first invoice", async () => {
    const c = await company();
    const before = fake.requests.length;
    const result = await subscribe(c, { billingEmail: "financeiro@empresa.com.br" });
    const sent = fake.requests.slice(before);
    expect(sent.every((r) => r.token === "$aact_test_key")).toBe(true);
    const trialEnd = (await overview(c)).trialEndsAt;
    const customer = sent.find((r) => r.method === "POST" && r.path === "/v3/customers");
    expect(customer?.body).toMatchObject({
      name: "Empresa 2",
      cpfCnpj: "52998224725",
      email: "financeiro@empresa.com.br",
      externalReference: c.companyId,
    });
    const subscription = sent.find((r) => r.method === "POST" && r.path === "/v3/subscriptions");
    expect(subscription?.body).toMatchObject({
      customer: expect.stringMatching(/^cus_/),
      billingType: "PIX",
      value: 39.9,
      nextDueDate: saoPauloDate(new Date(trialEnd)),
      cycle: "MONTHLY",
      externalReference: c.companyId,
    });
    // in the trial nothing is due now: no checkout, the first charge waits for the trial's end
    expect(result.checkoutUrl).toBeNull();
    expect(result.overview).toMatchObject({
      planStatus: "trial",
      plan: "pro",
      provider: "asaas",
      subscription: { status: "active", billingType: "PIX", cancelledAt: null },
      billing: { documentMasked: "***.***.***-25", email: "financeiro@empresa.com.br" },
      nextCharge: { amountCents: 3990, dueDate: saoPauloDate(new Date(trialEnd)) },
    });
    expect(result.overview.trialDaysLeft).toBe(30);
    expect(result.overview.invoices).toHaveLength(1);
    expect(result.overview.invoices[0]).toMatchObject({
      plan: "pro",
      amountCents: 3990,
      status: "pending",
      billingType: "PIX",
      invoiceUrl: expect.stringContaining("sandbox.asaas.com/i/pay_"),
      pixCode: expect.stringContaining("00020126pix-pay_"),
      pixQrImage: "data:image/png;base64,iVBORw0KGgo=",
    });

    // a second subscription is refused
    const again = await t.request("/api/billing/subscription", {
      cookie: c.cookie,
      body: { plan: "supreme", billingType: "BOLETO", document: CNPJ, billingEmail: "x@y.com.br" },
    });
    expect((await errorBody(again, 409)).error.code).toBe("subscription_exists");
  });

  it("masks a CNPJ and answers 502 without saving anything when Asaas fails", async () => {
    const c = await company();
    fake.failNext = "/v3/subscriptions";
    const failed = await t.request("/api/billing/subscription", {
      cookie: c.cookie,
      body: { plan: "pro", billingType: "BOLETO", document: CNPJ, billingEmail: "a@b.com.br" },
    });
    expect((await errorBody(failed, 502)).error.code).toBe("billing_provider_failed");
    expect(await overview(c)).toMatchObject({ subscription: null, invoices: [], plan: null });

    const ok = await subscribe(c, { billingType: "BOLETO", document: CNPJ });
    expect(ok.overview.billing?.documentMasked).toBe("**.***.***/0001-81");
    expect(ok.overview.invoices[0]?.boletoUrl).toContain("/b/pdf/");
  });
});

describe("webhooks", () => {
  it("answer 401 without the right token, and change nothing", async () => {
    const c = await company();
    await subscribe(c);
    const p = paymentOf(c);
    const body = paymentEvent("PAYMENT_RECEIVED", p, { status: "RECEIVED" });
    expect((await webhook(body, null)).status).toBe(401);
    expect((await webhook(body, "wrong-token")).status).toBe(401);
    expect((await webhook(body, `${WEBHOOK_TOKEN}x`)).status).toBe(401);
    const rows = await t.db.select().from(billingEvents).where(eq(billingEvents.eventId, body.id));
    expect(rows).toEqual([]);
    expect(await overview(c)).toMatchObject({ paidUntil: null, planStatus: "trial" });
  });

  it("are applied once: the same PAYMENT_RECEIVED twice extends paid_until once", async () => {
    const c = await company();
    await subscribe(c);
    const p = paymentOf(c);
    const event = paymentEvent("PAYMENT_RECEIVED", p, {
      status: "RECEIVED",
      paymentDate: today(),
    });
    const mailsBefore = t.mails.length;
    expect(
      await answerOf<"/api/billing/webhooks/asaas", "post">(await webhook(event), 200),
    ).toEqual({ ok: true });
    expect(
      await answerOf<"/api/billing/webhooks/asaas", "post">(await webhook(event), 200),
    ).toEqual({ ok: true });
    await t.deliverQueuedEmails();
    const paidUntil = endOfDay(addMonths(p.dueDate, 1)).toISOString();
    const after = await overview(c);
    expect(after).toMatchObject({ planStatus: "paid", plan: "pro", paidUntil, graceUntil: null });
    expect(after.invoices[0]).toMatchObject({ status: "paid", pixCode: null });
    // PAYMENT_CONFIRMED then RECEIVED (two ids, one charge) still count one period
    await sendEvent("PAYMENT_CONFIRMED", p, { status: "CONFIRMED" });
    expect((await overview(c)).paidUntil).toBe(paidUntil);
    const received = t.mails
      .slice(mailsBefore)
      .filter((m) => m.subject.startsWith("Pagamento recebido"));
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toMatch(/^financeiro\+/);
    const kept = await t.db.select().from(billingEvents).where(eq(billingEvents.eventId, event.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      companyId: c.companyId,
      actor: "webhook",
      type: "payment_received",
    });
  });

  it("arriving at once (retries, two events of one company) apply once, without errors", async () => {
    const c = await company();
    await subscribe(c);
    const p = paymentOf(c);
    const received = paymentEvent("PAYMENT_RECEIVED", p, { status: "RECEIVED" });
    const confirmed = paymentEvent("PAYMENT_CONFIRMED", p, { status: "CONFIRMED" });
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => webhook(received)),
      webhook(confirmed),
      webhook(confirmed),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    await t.deliverQueuedEmails();
    expect(await overview(c)).toMatchObject({
      planStatus: "paid",
      paidUntil: endOfDay(addMonths(p.dueDate, 1)).toISOString(),
    });
    const rows = await t.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.companyId, c.companyId));
    expect(rows.filter((r) => r.actor === "webhook")).toHaveLength(2);
    const mails = t.mails.filter(
      (m) => m.to.startsWith("financeiro+") && m.subject.startsWith("Pagamento recebido"),
    );
    expect(mails.filter((m) => m.to.includes(c.companyId.slice(0, 8)))).toHaveLength(1);
  });

  it("are safe out of order: RECEIVED then OVERDUE stays paid", async () => {
    const c = await company();
    await subscribe(c);
    const p = paymentOf(c);
    await sendEvent("PAYMENT_RECEIVED", p, { status: "RECEIVED" });
    // a late OVERDUE (Asaas, re-read, says received)
    await webhook({
      id: "evt_stale",
      event: "PAYMENT_OVERDUE",
      payment: { ...p, status: "OVERDUE" },
    });
    const after = await overview(c);
    expect(after.invoices[0]?.status).toBe("paid");
    expect(after).toMatchObject({ planStatus: "paid", graceUntil: null });
  });

  it("are safe out of order: OVERDUE then RECEIVED is paid with the grace cleared", async () => {
    const c = await company();
    await subscribe(c);
    await endTrial(c);
    const p = paymentOf(c);
    const due = addDays(today(), -2);
    await sendEvent("PAYMENT_OVERDUE", p, { status: "OVERDUE", dueDate: due });
    const grace = await overview(c);
    expect(grace).toMatchObject({
      planStatus: "grace",
      graceUntil: endOfDay(addDays(due, 7)).toISOString(),
      subscription: { status: "overdue" },
    });
    const overdueMail = t.mails.findLast((m) => m.subject.startsWith("Pagamento em atraso"));
    expect(overdueMail?.text).toContain("00020126pix-");
    await sendEvent("PAYMENT_RECEIVED", p, { status: "RECEIVED", dueDate: due });
    expect(await overview(c)).toMatchObject({
      planStatus: "paid",
      graceUntil: null,
      paidUntil: endOfDay(addMonths(due, 1)).toISOString(),
      subscription: { status: "active" },
    });
  });

  it("give 7 days of grace, then read-only, and a payment lifts it at once", async () => {
    const c = await company();
    await subscribe(c, { billingType: "BOLETO" });
    await endTrial(c);
    const p = paymentOf(c);
    await sendEvent("PAYMENT_OVERDUE", p, { status: "OVERDUE", dueDate: addDays(today(), -3) });
    expect((await overview(c)).planStatus).toBe("grace");
    expect((await write(c)).status).toBe(200);
    const mail = t.mails.findLast((m) => m.subject.startsWith("Pagamento em atraso"));
    expect(mail?.text).toContain("/b/pdf/");

    // the charge's due date moves back past the grace: read-only
    await sendEvent("PAYMENT_OVERDUE", p, { status: "OVERDUE", dueDate: addDays(today(), -10) });
    expect((await overview(c)).planStatus).toBe("expired");
    const refused = await write(c);
    expect((await errorBody(refused, 402)).error.code).toBe("plan_expired");
    // billing itself stays open to an expired company
    expect((await t.request("/api/billing", { cookie: c.cookie })).status).toBe(200);

    await sendEvent("PAYMENT_RECEIVED", p, { status: "RECEIVED", dueDate: addDays(today(), -10) });
    expect((await overview(c)).planStatus).toBe("paid");
    expect((await write(c)).status).toBe(200);
  });

  it("drop the paid period on a refund", async () => {
    const c = await company();
    await subscribe(c);
    await endTrial(c);
    const p = paymentOf(c);
    await sendEvent("PAYMENT_RECEIVED", p, { status: "RECEIVED", dueDate: today() });
    expect((await overview(c)).planStatus).toBe("paid");
    await sendEvent("PAYMENT_REFUNDED", p, { status: "REFUNDED", dueDate: today() });
    const after = await overview(c);
    // owed again from the refund's day: the grace counts from then (decision 027)
    expect(after).toMatchObject({ paidUntil: null, planStatus: "grace" });
    expect(after.invoices[0]?.status).toBe("refunded");
    // a late RECEIVED of the same charge does not bring it back (Asaas, re-read, says refunded)
    await webhook({
      id: "evt_late",
      event: "PAYMENT_RECEIVED",
      payment: { ...p, status: "RECEIVED" },
    });
    expect((await overview(c)).paidUntil).toBeNull();
    expect(t.mails.some((m) => m.subject.startsWith("Pagamento estornado"))).toBe(true);
  });

  it("about no known company are kept and answered 200", async () => {
    const body = paymentEvent("PAYMENT_RECEIVED", {
      id: "pay_unknown",
      subscription: "sub_unknown",
      status: "RECEIVED",
      value: 39.9,
      dueDate: today(),
      billingType: "PIX",
      invoiceUrl: "https://sandbox.asaas.com/i/pay_unknown",
      bankSlipUrl: null,
      paymentDate: null,
      externalReference: "",
    });
    expect(await answerOf<"/api/billing/webhooks/asaas", "post">(await webhook(body), 200)).toEqual(
      { ok: true },
    );
    const [row] = await t.db.select().from(billingEvents).where(eq(billingEvents.eventId, body.id));
    // unknown to Asaas when re-read: kept as ignored, nothing granted (decision 027)
    expect(row).toMatchObject({ companyId: null, type: "ignored" });
    // an event of no interest is kept too
    expect(
      (await webhook({ id: "evt_x", event: "PAYMENT_UPDATED", payment: body.payment })).status,
    ).toBe(200);
  });
});

describe("plan changes and cancelling", () => {
  it("changes the plan from the next charge, refuses the same plan, and cancels", async () => {
    const c = await company();
    await subscribe(c);
    const p = paymentOf(c);
    const before = fake.requests.length;
    const changed = await answerOf<"/api/billing/subscription/plan", "put">(
      await t.request("/api/billing/subscription/plan", {
        cookie: c.cookie,
        method: "PUT",
        body: { plan: "supreme" },
      }),
      200,
    );
    const put = fake.requests.slice(before).find((r) => r.method === "PUT");
    expect(put).toMatchObject({
      path: `/v3/subscriptions/${p.subscription}`,
      body: { value: 249, updatePendingPayments: true },
    });
    expect(changed.overview).toMatchObject({
      plan: "supreme",
      nextCharge: { amountCents: 24900 },
    });
    expect(changed.overview.invoices[0]).toMatchObject({ plan: "supreme", amountCents: 24900 });
    const [row] = await t.db.select().from(companies).where(eq(companies.id, c.companyId));
    expect(row?.plan).toBe("supreme");

    const same = await t.request("/api/billing/subscription/plan", {
      cookie: c.cookie,
      method: "PUT",
      body: { plan: "supreme" },
    });
    expect((await errorBody(same, 409)).error.code).toBe("plan_unchanged");

    const cancelled = await answerOf<"/api/billing/subscription/cancel", "post">(
      await t.request("/api/billing/subscription/cancel", { cookie: c.cookie, method: "POST" }),
      200,
    );
    expect(fake.requests.at(-1)).toMatchObject({
      method: "DELETE",
      path: `/v3/subscriptions/${p.subscription}`,
    });
    // within the trial nothing is charged: the pending charge is cancelled, access until its end
    expect(cancelled).toMatchObject({
      planStatus: "trial",
      nextCharge: null,
      subscription: { status: "cancelled", cancelledAt: cancelled.trialEndsAt },
    });
    expect(cancelled.invoices[0]?.status).toBe("cancelled");
    const again = await t.request("/api/billing/subscription/cancel", {
      cookie: c.cookie,
      method: "POST",
    });
    expect((await errorBody(again, 409)).error.code).toBe("subscription_not_active");
    // and subscribing again works (the Asaas customer is kept)
    const customers = fake.requests.filter((r) => r.path === "/v3/customers").length;
    await subscribe(c);
    expect(fake.requests.filter((r) => r.path === "/v3/customers").length).toBe(customers);
  });
});

describe("reconciliation", () => {
  it("heals a missed webhook, once", async () => {
    const c = await company();
    await subscribe(c);
    await endTrial(c);
    const p = paymentOf(c);
    // Asaas received the payment, but its webhook never arrived
    p.status = "RECEIVED";
    p.dueDate = today();
    p.paymentDate = today();
    expect((await overview(c)).planStatus).toBe("expired");
    const run = await runJob<{ applied: number }>(t, "billing-reconcile");
    expect(run.applied).toBeGreaterThanOrEqual(1);
    expect(await overview(c)).toMatchObject({
      planStatus: "paid",
      paidUntil: endOfDay(addMonths(today(), 1)).toISOString(),
    });
    const [event] = await t.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.eventId, `reconcile:${p.id}:paid`));
    expect(event).toMatchObject({ actor: "reconcile", companyId: c.companyId });
    const mails = t.mails.length;
    const again = await runJob<{ applied: number }>(t, "billing-reconcile");
    expect(again.applied).toBe(0);
    expect(t.mails.length).toBe(mails);
  });
});

describe("isolation", () => {
  it("shows a company nothing of another's billing", async () => {
    const a = await company();
    const b = await company();
    await subscribe(a);
    const mine = await overview(a);
    const theirs = await overview(b);
    expect(mine.invoices).toHaveLength(1);
    expect(theirs).toMatchObject({ invoices: [], subscription: null, billing: null, plan: null });
    // the dev checkout is not mounted with a real provider
    const id = mine.invoices[0]!.id;
    expect((await t.request(`/api/dev/billing/invoices/${id}`, { cookie: b.cookie })).status).toBe(
      404,
    );
    const [sub] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.companyId, b.companyId));
    expect(sub).toBeUndefined();
  });

  it("keeps billing for company accounts", async () => {
    const customer = await t.customerSession({ email: "cliente-billing@example.com" });
    expect((await t.request("/api/billing", { cookie: customer.cookie })).status).toBe(403);
    expect((await t.request("/api/billing")).status).toBe(401);
  });
});
