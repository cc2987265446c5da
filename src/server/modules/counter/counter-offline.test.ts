import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { signStepToken } from "../../lib/step-token";
import { apiAs, errorBody, ok } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from "../../test/test-app";
import { loyaltyCards } from "../cards/cards.table";
import { stamps } from "../stamps/stamps.table";

/**
 * The offline counter's sync (`POST /api/counter/stamps`, issue 32 item 5): a stamp queued while
 * `/balcao` had no connection, sent later with the time it was given and its Idempotency-Key.
 */

let t: TestApp;
type Company = { cookie: string; companyId: string };
type Customer = { cookie: string; customerId: string; code: string };

const MINUTE = 60_000;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function shop(rules: { intervalMinutes?: number; dailyCap?: number } = {}) {
  n += 1;
  const cafe = await t.companySession({ companyName: `Café ${n}`, email: `off${n}@example.com` });
  await setCounterRules(t, cafe.cookie, rules);
  return cafe;
}
async function member(company: Company): Promise<Customer> {
  n += 1;
  const customer = await t.customerSession({
    name: `Cliente ${n}`,
    email: `cliente-off${n}@example.com`,
    origin: { empresa_id: company.companyId, origem: "qrcode_empresa" },
  });
  const { shortCode } = await ok(apiAs(t, customer.cookie).GET("/api/me/counter-code"));
  return { ...customer, code: shortCode };
}

/** Sends a queued stamp: the body's `givenAt` defaults to now. */
const send = (cookie: string, body: Record<string, unknown>, key: string = randomUUID()) =>
  t.request("/api/counter/stamps", {
    cookie,
    headers: { "idempotency-key": key },
    body: { method: "purchase", givenAt: new Date().toISOString(), ...body },
  });

async function sent(res: Promise<Response>) {
  const answer = await res;
  const text = await answer.text();
  expect(answer.status, text).toBe(201);
  return JSON.parse(text) as { id: string; stamps: number; customerId: string };
}

/** The times of the customer's stamp rows, oldest first. */
async function stampTimes(customerId: string) {
  const rows = await t.db
    .select({ createdAt: stamps.createdAt, approvedAt: stamps.approvedAt })
    .from(stamps)
    .where(and(eq(stamps.customerId, customerId)))
    .orderBy(asc(stamps.createdAt));
  return rows.map((r) => ({
    createdAt: r.createdAt.getTime(),
    approvedAt: r.approvedAt?.getTime(),
  }));
}

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe("a stamp given offline, sent later", () => {
  it("is given by the typed short code, on the default programme's card, at the time it was given", async () => {
    const cafe = await shop();
    const ana = await member(cafe);
    const givenAt = ago(20 * MINUTE);
    const card = await sent(send(cafe.cookie, { code: ` ${ana.code.toLowerCase()} `, givenAt }));
    expect(card).toMatchObject({ customerId: ana.customerId, stamps: 1 });
    // The row keeps the moment it was given (reports count it then), not the moment it arrived.
    expect(await stampTimes(ana.customerId)).toEqual([
      { createdAt: Date.parse(givenAt), approvedAt: Date.parse(givenAt) },
    ]);
  });

  it("completes the card at the time it was given, when its stamps fill the card", async () => {
    const cafe = await shop();
    const ana = await member(cafe);
    const givenAt = ago(30 * MINUTE);
    const card = await sent(send(cafe.cookie, { code: ana.code, givenAt, quantity: 10 }));
    expect(card.stamps).toBe(10);
    const [row] = await t.db
      .select({ status: loyaltyCards.status, completedAt: loyaltyCards.completedAt })
      .from(loyaltyCards)
      .where(eq(loyaltyCards.id, card.id));
    // The completing stamp and the card's completion share one moment (the reports match them).
    expect(row).toEqual({ status: "complete", completedAt: new Date(givenAt) });
  });

  it("answers a retried sync with the first answer: one stamp", async () => {
    const cafe = await shop();
    const ana = await member(cafe);
    const key = randomUUID();
    const body = { code: ana.code, givenAt: ago(5 * MINUTE), quantity: 2 };
    const first = await sent(send(cafe.cookie, body, key));
    const again = await sent(send(cafe.cookie, body, key));
    expect(again).toEqual(first);
    expect(first.stamps).toBe(2);
    expect(await stampTimes(ana.customerId)).toHaveLength(1);
    // The key is required: without it a lost answer could stamp twice.
    const res = await t.request("/api/counter/stamps", {
      cookie: cafe.cookie,
      body: { method: "purchase", code: ana.code, givenAt: ago(MINUTE) },
    });
    expect((await errorBody(res, 400)).error.fields).toEqual({
      idempotencyKey: "idempotency_key_invalid",
    });
  });

  it("checks the interval at the time it was given, against the stamps before and after it", async () => {
    const cafe = await shop({ intervalMinutes: 60 });
    const ana = await member(cafe);
    // Given offline at 10:00 and 10:20 (the queue sent in order): the first lands, the second is
    // refused by the interval, when the next stamp was allowed (11:00).
    const first = ago(90 * MINUTE);
    await sent(send(cafe.cookie, { code: ana.code, givenAt: first }));
    const refused = await errorBody(
      await send(cafe.cookie, { code: ana.code, givenAt: ago(70 * MINUTE) }),
      409,
    );
    expect(refused.error.code).toBe("stamp_too_soon");
    expect(refused.error.fields?.at).toBe(new Date(Date.parse(first) + 60 * MINUTE).toISOString());
    // 70 minutes after the first one, and no later stamp: it lands.
    await sent(send(cafe.cookie, { code: ana.code, givenAt: ago(20 * MINUTE) }));
    // One given (offline, earlier) 40 minutes before a stamp already on the card, with none
    // before it: too soon too, the later stamp counts.
    const before = await errorBody(
      await send(cafe.cookie, { code: ana.code, givenAt: ago(130 * MINUTE) }),
      409,
    );
    expect(before.error.code).toBe("stamp_too_soon");
    expect(await stampTimes(ana.customerId)).toHaveLength(2);
  });

  it("counts the daily cap on the day it was given", async () => {
    const cafe = await shop({ dailyCap: 2 });
    const ana = await member(cafe);
    await sent(send(cafe.cookie, { code: ana.code, quantity: 2, givenAt: ago(2 * MINUTE) }));
    const capped = await errorBody(
      await send(cafe.cookie, { code: ana.code, givenAt: ago(MINUTE) }),
      409,
    );
    expect(capped.error.code).toBe("stamp_daily_cap");
    // Three days earlier the day had room (within the 72 hours a queue may wait).
    await sent(send(cafe.cookie, { code: ana.code, givenAt: ago(71 * 60 * MINUTE) }));
  });

  it("takes a time slightly ahead as now, and refuses one far ahead or older than 72 hours", async () => {
    const cafe = await shop();
    const ana = await member(cafe);
    const before = Date.now();
    await sent(
      send(cafe.cookie, { code: ana.code, givenAt: new Date(before + MINUTE).toISOString() }),
    );
    const [row] = await stampTimes(ana.customerId);
    expect(row?.createdAt).toBeLessThanOrEqual(Date.now());
    expect(row?.createdAt).toBeGreaterThanOrEqual(before - 1000);

    const future = await send(cafe.cookie, {
      code: ana.code,
      givenAt: new Date(Date.now() + 10 * MINUTE).toISOString(),
    });
    expect((await errorBody(future, 422)).error.code).toBe("counter_stamp_in_future");
    const old = await send(cafe.cookie, { code: ana.code, givenAt: ago(73 * 60 * MINUTE) });
    expect((await errorBody(old, 422)).error.code).toBe("counter_stamp_too_old");
    const malformed = await send(cafe.cookie, { code: ana.code, givenAt: "ontem" });
    expect((await errorBody(malformed, 400)).error.fields).toEqual({
      givenAt: "counter_stamp_given_at_invalid",
    });
    expect(await stampTimes(ana.customerId)).toHaveLength(1);
  });
});

describe("a QR code scanned before the drop", () => {
  const step = (at: number) => Math.floor(at / 30_000);

  it("is accepted when it was within its window at the moment it was scanned", async () => {
    const cafe = await shop();
    const ana = await member(cafe);
    // Scanned 5 minutes ago, while the code signed then was on the customer's screen.
    const scannedAt = Date.now() - 5 * MINUTE;
    const qr = signStepToken(TEST_AUTH_SECRET, "customer-code", ana.code, step(scannedAt));
    const body = { code: qr, scannedAt: new Date(scannedAt).toISOString() };
    const card = await sent(send(cafe.cookie, { ...body, givenAt: ago(4 * MINUTE) }));
    expect(card.customerId).toBe(ana.customerId);
    // The previous step's code is still in its window.
    const previous = signStepToken(
      TEST_AUTH_SECRET,
      "customer-code",
      ana.code,
      step(scannedAt) - 1,
    );
    await sent(send(cafe.cookie, { ...body, code: previous, givenAt: ago(4 * MINUTE) }));
  });

  it("is refused when it was out of its window then, or when the scan is not this stamp's", async () => {
    const cafe = await shop();
    const ana = await member(cafe);
    const scannedAt = Date.now() - 5 * MINUTE;
    const stale = signStepToken(TEST_AUTH_SECRET, "customer-code", ana.code, step(scannedAt) - 2);
    const refused = await send(cafe.cookie, {
      code: stale,
      scannedAt: new Date(scannedAt).toISOString(),
      givenAt: ago(4 * MINUTE),
    });
    expect((await errorBody(refused, 410)).error.code).toBe("counter_code_expired");
    // A fresh code said to be scanned an hour before the stamp: not this stamp's scan.
    const long = signStepToken(
      TEST_AUTH_SECRET,
      "customer-code",
      ana.code,
      step(Date.now() - 60 * MINUTE),
    );
    const tooEarly = await send(cafe.cookie, {
      code: long,
      scannedAt: ago(60 * MINUTE),
      givenAt: ago(MINUTE),
    });
    expect((await errorBody(tooEarly, 410)).error.code).toBe("counter_code_expired");
    // Forged: 400, the same code.
    const forged = signStepToken(
      "another-secret-another-secret-another",
      "customer-code",
      ana.code,
    );
    const bad = await send(cafe.cookie, { code: forged, scannedAt: ago(0), givenAt: ago(0) });
    expect((await errorBody(bad, 400)).error.code).toBe("counter_code_expired");
    expect(await stampTimes(ana.customerId)).toHaveLength(0);
  });
});

describe("who may send it, for whom", () => {
  it("lets every role of the team stamp, by code or by the customer found before the drop", async () => {
    const cafe = await shop();
    const ana = await member(cafe);
    for (const role of ["attendant", "manager"] as const) {
      const staff = await t.staffSession(cafe.companyId, role);
      await sent(send(staff.cookie, { code: ana.code }));
    }
    const card = await sent(send(cafe.cookie, { customerId: ana.customerId }));
    expect(card.stamps).toBe(3);
    // Both or neither: refused.
    const both = await send(cafe.cookie, { code: ana.code, customerId: ana.customerId });
    expect((await errorBody(both, 400)).error.fields).toEqual({ code: "counter_code_required" });
  });

  it("answers 404 customer_not_member for another company's customer, and refuses customers", async () => {
    const cafe = await shop();
    const rival = await shop();
    const bia = await member(rival);
    for (const body of [{ code: bia.code }, { customerId: bia.customerId }]) {
      const res = await send(cafe.cookie, body);
      expect((await errorBody(res, 404)).error.code).toBe("customer_not_member");
    }
    expect((await errorBody(await send(bia.cookie, { code: bia.code }), 403)).error.code).toBe(
      "forbidden",
    );
    expect(await stampTimes(bia.customerId)).toHaveLength(0);
  });
});
