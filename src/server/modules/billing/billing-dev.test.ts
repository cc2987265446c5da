import { saoPauloDate } from "@shared/dates";
import type { LoyaltyRules } from "@shared/settings.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, apiAs, errorBody, ok } from "../../test/api";
import { createTestApp, type TestApp } from "../../test/test-app";
import { addDays, addMonths, endOfDay } from "./billing-dates";

/**
 * The dev provider (no Asaas credentials): the local checkout simulates paid, failed and overdue
 * charges, and the clock hook moves a company's billing dates so the whole flow runs in a test.
 * Also the trial reminders, and production without credentials (503, no dev routes).
 */

let t: TestApp;
type Company = { cookie: string; companyId: string; email: string };
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function company(app: TestApp = t): Promise<Company> {
  n++;
  const email = `dev${n}@empresa.com.br`;
  return { ...(await app.companySession({ email, companyName: `Loja ${n}` })), email };
}

const overview = async (c: Company) => ok(apiAs(t, c.cookie).GET("/api/billing"), 200);
const act = (c: Company, id: string, action: string) =>
  t.request(`/api/dev/billing/invoices/${id}/${action}`, { cookie: c.cookie, method: "POST" });
const clock = async (c: Company, days: number) =>
  answerOf<"/api/dev/billing/clock", "post">(
    await t.request("/api/dev/billing/clock", { cookie: c.cookie, body: { days } }),
    200,
  );

const RULES: LoyaltyRules = {
  purchaseStamps: 2,
  review: { enabled: true, stamps: 3, bonus: "" },
  social: { enabled: false, stamps: 1, bonus: "", networks: ["instagram"] },
  birthday: { enabled: true, stamps: 4, message: "Feliz aniversário!" },
};
const write = (c: Company) =>
  t.request("/api/settings/loyalty-rules", { cookie: c.cookie, method: "PUT", body: RULES });

describe("the dev provider", () => {
  it("subscribes in the trial, falls overdue, goes read-only, and a payment lifts it", async () => {
    const c = await company();
    const other = await company();
    const subscribed = await answerOf<"/api/billing/subscription", "post">(
      await t.request("/api/billing/subscription", {
        cookie: c.cookie,
        body: {
          plan: "pro",
          billingType: "PIX",
          document: "529.982.247-25",
          billingEmail: "contas@loja.com.br",
        },
      }),
      201,
    );
    const trialEnd = saoPauloDate(new Date(subscribed.overview.trialEndsAt));
    expect(subscribed.checkoutUrl).toBeNull();
    expect(subscribed.overview).toMatchObject({
      provider: "dev",
      planStatus: "trial",
      plan: "pro",
    });
    const [invoice] = subscribed.overview.invoices;
    expect(invoice).toMatchObject({ dueDate: trialEnd, status: "pending", amountCents: 3990 });
    expect(invoice?.invoiceUrl).toBe(`/plano/checkout/${invoice?.id}`);
    expect(invoice?.pixCode).toBeTruthy();
    const id = invoice!.id;

    // the local checkout reads the invoice; another company's session finds nothing
    const read = await answerOf<"/api/dev/billing/invoices/{id}", "get">(
      await t.request(`/api/dev/billing/invoices/${id}`, { cookie: c.cookie }),
      200,
    );
    expect(read).toEqual(invoice);
    expect(
      (await t.request(`/api/dev/billing/invoices/${id}`, { cookie: other.cookie })).status,
    ).toBe(404);
    expect((await act(other, id, "pay")).status).toBe(404);
    expect((await overview(c)).invoices[0]?.status).toBe("pending");

    // past the trial's end: the charge is overdue, 7 days of grace
    const grace = await clock(c, 31);
    const due = addDays(trialEnd, -31);
    expect(grace).toMatchObject({
      planStatus: "grace",
      graceUntil: endOfDay(addDays(due, 7)).toISOString(),
      subscription: { status: "overdue" },
    });
    expect(grace.invoices[0]).toMatchObject({ status: "overdue", dueDate: due });
    expect(t.mails.findLast((m) => m.to === "contas@loja.com.br")?.subject).toBe(
      "Pagamento em atraso: Carimbou",
    );
    expect((await write(c)).status).toBe(200);

    // past the grace: read-only
    expect((await clock(c, 8)).planStatus).toBe("expired");
    expect((await write(c)).status).toBe(402);

    // paid at the checkout: writes work again at once
    const paid = await answerOf<"/api/dev/billing/invoices/{id}/{action}", "post">(
      await act(c, id, "pay"),
      200,
    );
    const dueNow = addDays(due, -8);
    expect(paid).toMatchObject({
      planStatus: "paid",
      graceUntil: null,
      paidUntil: endOfDay(addMonths(dueNow, 1)).toISOString(),
      subscription: { status: "active" },
      nextCharge: { amountCents: 3990, dueDate: addMonths(dueNow, 1) },
    });
    expect(paid.invoices[0]?.paidAt).toBeTruthy();
    expect((await write(c)).status).toBe(200);
    expect(t.mails.findLast((m) => m.to === "contas@loja.com.br")?.subject).toBe(
      "Pagamento recebido: Carimbou Pro",
    );

    // the paid month ends: the next charge is made (as Asaas would) and falls overdue
    const next = await clock(c, 25);
    expect(next.invoices).toHaveLength(2);
    expect(next.invoices[0]).toMatchObject({
      status: "overdue",
      dueDate: addDays(addMonths(dueNow, 1), -25),
      amountCents: 3990,
    });
    expect(next.planStatus).toBe("grace");

    // a failed attempt: stays unpaid, the owner is told
    const failed = await answerOf<"/api/dev/billing/invoices/{id}/{action}", "post">(
      await act(c, next.invoices[0]!.id, "fail"),
      200,
    );
    expect(failed.invoices[0]?.status).toBe("overdue");
    expect(t.mails.findLast((m) => m.to === "contas@loja.com.br")?.subject).toBe(
      "Pagamento não aprovado: Carimbou",
    );

    // an upgrade while a charge is overdue: refused, the plan stays Pro (decision 027: the grace
    // of an unpaid Pro charge never becomes Supremo); then cancel
    const upgrade = await t.request("/api/billing/subscription/plan", {
      cookie: c.cookie,
      method: "PUT",
      body: { plan: "supreme" },
    });
    expect((await errorBody(upgrade, 409)).error.code).toBe("invoice_overdue");
    const me = await ok(apiAs(t, c.cookie).GET("/api/me"), 200);
    expect(me.company).toMatchObject({ plan: "pro", planStatus: "grace" });
    const cancelled = await answerOf<"/api/billing/subscription/cancel", "post">(
      await t.request("/api/billing/subscription/cancel", { cookie: c.cookie, method: "POST" }),
      200,
    );
    expect(cancelled.subscription?.status).toBe("cancelled");
    expect(cancelled.invoices.map((i) => i.status)).toEqual(["cancelled", "paid"]);
    expect(cancelled.nextCharge).toBeNull();
  });

  it("simulates an overdue charge from the checkout, and validates the clock", async () => {
    const c = await company();
    const result = await answerOf<"/api/billing/subscription", "post">(
      await t.request("/api/billing/subscription", {
        cookie: c.cookie,
        body: {
          plan: "supreme",
          billingType: "BOLETO",
          document: "11222333000181",
          billingEmail: "boleto@loja.com.br",
        },
      }),
      201,
    );
    const id = result.overview.invoices[0]!.id;
    const overdue = await answerOf<"/api/dev/billing/invoices/{id}/{action}", "post">(
      await act(c, id, "overdue"),
      200,
    );
    expect(overdue.invoices[0]?.status).toBe("overdue");
    // still in the trial: the trial's access wins
    expect(overdue.planStatus).toBe("trial");
    for (const days of [0, 401, 1.5, "3"]) {
      const res = await t.request("/api/dev/billing/clock", { cookie: c.cookie, body: { days } });
      expect(res.status).toBe(400);
    }
  });
});

describe("trial reminders", () => {
  it("e-mail the owner 7 days and 1 day before the trial ends, once each", async () => {
    const c = await company();
    await t.request("/api/me/appearance", {
      cookie: c.cookie,
      method: "PUT",
      body: { theme: "light", language: "en" },
    });
    const trialEnd = new Date((await overview(c)).trialEndsAt);
    const run = (daysBefore: number) =>
      t.request(
        `/dev/jobs/billing-reminders?now=${new Date(trialEnd.getTime() - daysBefore * 86_400_000).toISOString()}`,
        { method: "POST" },
      );
    expect((await run(7)).status).toBe(200);
    expect((await run(7)).status).toBe(200);
    expect((await run(1)).status).toBe(200);
    const mine = t.mails.filter((m) => m.to === c.email && m.subject.includes("trial"));
    expect(mine.map((m) => m.subject)).toEqual([
      "Your Carimbou trial ends in 7 days",
      "Your Carimbou trial ends tomorrow",
    ]);
  });
});

describe("production without Asaas credentials", () => {
  it("answers 503 to subscriptions and mounts no dev routes", async () => {
    const prod = await createTestApp({ production: true });
    try {
      n++;
      const c = await prod.companySession({ email: `prod${n}@loja.com.br` });
      const res = await prod.request("/api/billing/subscription", {
        cookie: c.cookie,
        body: {
          plan: "pro",
          billingType: "PIX",
          document: "529.982.247-25",
          billingEmail: "a@b.com.br",
        },
      });
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        "billing_unavailable",
      );
      expect(res.status).toBe(503);
      expect((await prod.request("/api/billing", { cookie: c.cookie })).status).toBe(200);
      const clockRes = await prod.request("/api/dev/billing/clock", {
        cookie: c.cookie,
        body: { days: 1 },
      });
      expect(clockRes.status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
