import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, errorBody, ok } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, type TestApp } from "../../test/test-app";
import { companyMembers, locations } from "../team/team.table";
import { stamps } from "./stamps.table";

/**
 * The counter's rules ('Regras do Programa', issue 30): the interval between two stamps on one
 * card, the daily cap per customer, a manager's override, the quantity and stamps by value, each
 * through the HTTP API as the counter and the panel use it.
 */

let t: TestApp;
type Company = { cookie: string; companyId: string };
type Customer = { cookie: string; customerId: string };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
async function shop(): Promise<Company> {
  n += 1;
  return t.companySession({ companyName: `Café ${n}`, email: `cafe${n}@example.com` });
}
async function member(company: Company, name = "Ana"): Promise<Customer> {
  n += 1;
  return t.customerSession({
    name,
    email: `cliente${n}@example.com`,
    origin: { empresa_id: company.companyId, origem: "qrcode_empresa" },
  });
}

const stamp = (cookie: string, customerId: string, body: Record<string, unknown> = {}) =>
  t.request(`/api/customers/${customerId}/stamps`, {
    cookie,
    body: { method: "purchase", ...body },
  });

async function stamped(res: Promise<Response>) {
  const body = await res;
  const text = await body.text();
  expect(body.status, text).toBe(201);
  return JSON.parse(text) as { id: string; stamps: number; status: string };
}

const rules = (cookie: string) => ok(apiAs(t, cookie).GET("/api/settings/counter-rules"));

/** Moves the customer's stamps back in time, as if they had been given `minutes` earlier. */
async function age(customerId: string, minutes: number) {
  await t.db
    .update(stamps)
    .set({ createdAt: sql`${stamps.createdAt} - make_interval(mins => ${minutes})` })
    .where(eq(stamps.customerId, customerId));
}

describe("'Regras do Programa': the counter's rules", () => {
  it("start at 30 minutes and 5 stamps a day, no stamps by value, no self-stamp; saved and validated", async () => {
    const cafe = await shop();
    expect(await rules(cafe.cookie)).toEqual({
      intervalMinutes: 30,
      dailyCap: 5,
      stampValueCents: null,
      maxStampsPerPurchase: null,
      selfStampEnabled: false,
    });
    const saved = await setCounterRules(t, cafe.cookie, {
      intervalMinutes: 10,
      dailyCap: 3,
      stampValueCents: 1500,
      maxStampsPerPurchase: 4,
      selfStampEnabled: true,
    });
    expect(saved).toMatchObject({ intervalMinutes: 10, stampValueCents: 1500 });
    expect(await rules(cafe.cookie)).toEqual(saved);

    for (const [field, value, message] of [
      ["intervalMinutes", -1, "stamp_interval_range"],
      ["intervalMinutes", 1441, "stamp_interval_range"],
      ["dailyCap", 101, "daily_stamp_cap_range"],
      ["stampValueCents", 0, "stamp_value_range"],
      ["maxStampsPerPurchase", 0, "max_stamps_per_purchase_range"],
    ] as const) {
      const res = await t.request("/api/settings/counter-rules", {
        method: "PUT",
        cookie: cafe.cookie,
        body: { ...saved, [field]: value },
      });
      expect((await errorBody(res, 400)).error.fields?.[field]).toBe(message);
    }
    // A maximum per purchase without stamps by value is not kept.
    const noValue = await setCounterRules(t, cafe.cookie, { maxStampsPerPurchase: 4 });
    expect(noValue.maxStampsPerPurchase).toBeNull();
  });

  it("are the company's own: another company's change does not touch them; an Atendente may not read them", async () => {
    const cafe = await shop();
    const rival = await shop();
    await setCounterRules(t, rival.cookie, { intervalMinutes: 0, dailyCap: 0 });
    expect(await rules(cafe.cookie)).toMatchObject({ intervalMinutes: 30, dailyCap: 5 });
    const attendant = await t.staffSession(cafe.companyId, "attendant");
    const res = await t.request("/api/settings/counter-rules", { cookie: attendant.cookie });
    expect((await errorBody(res, 403)).error.code).toBe("role_forbidden");
  });
});

describe("the interval between two stamps on one card", () => {
  it("refuses a second stamp at once with when the next is allowed, and allows it once the interval passed", async () => {
    const cafe = await shop();
    const ana = await member(cafe);
    const first = await stamped(stamp(cafe.cookie, ana.customerId));
    expect(first.stamps).toBe(1);

    const refused = await errorBody(await stamp(cafe.cookie, ana.customerId), 409);
    expect(refused.error.code).toBe("stamp_too_soon");
    const [given] = await t.db.select().from(stamps).where(eq(stamps.customerId, ana.customerId));
    const at = Date.parse(refused.error.fields?.at ?? "");
    expect(at - given!.createdAt.getTime()).toBe(30 * 60_000);

    // the same on the card's own route
    const onCard = await t.request(`/api/cards/${first.id}/stamps`, {
      cookie: cafe.cookie,
      body: { method: "social" },
    });
    expect((await errorBody(onCard, 409)).error.code).toBe("stamp_too_soon");

    await age(ana.customerId, 31);
    expect((await stamped(stamp(cafe.cookie, ana.customerId))).stamps).toBe(2);
  });

  it("is off at 0", async () => {
    const cafe = await shop();
    await setCounterRules(t, cafe.cookie, { intervalMinutes: 0, dailyCap: 5 });
    const ana = await member(cafe);
    await stamped(stamp(cafe.cookie, ana.customerId));
    expect((await stamped(stamp(cafe.cookie, ana.customerId))).stamps).toBe(2);
  });
});

describe("the daily cap per customer", () => {
  it("counts the day's counter stamps, refuses past the cap until tomorrow (São Paulo), not the rules' stamps", async () => {
    const cafe = await shop();
    await setCounterRules(t, cafe.cookie, { intervalMinutes: 0, dailyCap: 3 });
    const ana = await member(cafe);
    const card = await stamped(stamp(cafe.cookie, ana.customerId, { quantity: 2 }));
    // A birthday gift of today (given by the rule, not at the counter) does not count.
    await t.db.insert(stamps).values({
      id: randomUUID(),
      cardId: card.id,
      companyId: cafe.companyId,
      customerId: ana.customerId,
      method: "birthday",
      count: 3,
      status: "approved",
      approvedAt: new Date(),
    });
    await stamped(stamp(cafe.cookie, ana.customerId));

    const refused = await errorBody(await stamp(cafe.cookie, ana.customerId), 409);
    expect(refused.error.code).toBe("stamp_daily_cap");
    const [tomorrow] = (
      await t.db.execute<{ at: string }>(
        sql`select to_char((((now() at time zone 'America/Sao_Paulo')::date + 1)::timestamp at time zone 'America/Sao_Paulo') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as at`,
      )
    ).rows;
    expect(refused.error.fields?.at).toBe(`${tomorrow!.at}.000Z`);

    // Two stamps more than the cap allows are refused too, even after the interval.
    await setCounterRules(t, cafe.cookie, { intervalMinutes: 0, dailyCap: 4 });
    const twoMore = await errorBody(await stamp(cafe.cookie, ana.customerId, { quantity: 2 }), 409);
    expect(twoMore.error.code).toBe("stamp_daily_cap");
    // (the gift's row is written alone here: the card holds the counter's stamps only)
    expect((await stamped(stamp(cafe.cookie, ana.customerId))).stamps).toBe(4);

    // Yesterday's stamps do not count today.
    await age(ana.customerId, 24 * 60);
    expect((await stamped(stamp(cafe.cookie, ana.customerId, { quantity: 2 }))).stamps).toBe(6);
  });

  it("is per customer: another customer of the company still gets stamps", async () => {
    const cafe = await shop();
    await setCounterRules(t, cafe.cookie, { intervalMinutes: 0, dailyCap: 1 });
    const ana = await member(cafe);
    const bia = await member(cafe, "Bia");
    await stamped(stamp(cafe.cookie, ana.customerId));
    expect((await errorBody(await stamp(cafe.cookie, ana.customerId), 409)).error.code).toBe(
      "stamp_daily_cap",
    );
    await stamped(stamp(cafe.cookie, bia.customerId));
  });
});

describe("the override", () => {
  it("a Gerente passes the interval with a reason, kept on the stamp with who gave it and shown in the history", async () => {
    const cafe = await shop();
    const ana = await member(cafe);
    const manager = await t.staffSession(cafe.companyId, "manager", { name: "Marta" });
    const card = await stamped(stamp(manager.cookie, ana.customerId));
    const blocked = await errorBody(await stamp(manager.cookie, ana.customerId), 409);
    expect(blocked.error.code).toBe("stamp_too_soon");

    const reason = "Duas compras separadas";
    const passed = await stamped(stamp(manager.cookie, ana.customerId, { overrideReason: reason }));
    expect(passed.stamps).toBe(2);

    const details = await ok(
      apiAs(t, cafe.cookie).GET("/api/cards/{id}", { params: { path: { id: card.id } } }),
    );
    expect(details.history[0]).toMatchObject({ givenByName: "Marta", overrideReason: reason });
    expect(details.history[1]).toMatchObject({ givenByName: "Marta", overrideReason: null });
    const rows = await t.db
      .select({ givenBy: stamps.givenBy, reason: stamps.overrideReason })
      .from(stamps)
      .where(and(eq(stamps.customerId, ana.customerId), eq(stamps.overrideReason, reason)));
    expect(rows).toEqual([{ givenBy: manager.userId, reason }]);
  });

  it("a Dono passes the daily cap with a reason; a reason within the rules is not kept", async () => {
    const cafe = await shop();
    await setCounterRules(t, cafe.cookie, { intervalMinutes: 0, dailyCap: 1 });
    const ana = await member(cafe);
    await stamped(stamp(cafe.cookie, ana.customerId, { overrideReason: "Sem motivo" }));
    await stamped(stamp(cafe.cookie, ana.customerId, { overrideReason: "Aniversário da loja" }));
    const reasons = await t.db
      .select({ reason: stamps.overrideReason })
      .from(stamps)
      .where(eq(stamps.customerId, ana.customerId))
      .orderBy(stamps.createdAt);
    expect(reasons.map((r) => r.reason).sort()).toEqual(["Aniversário da loja", null]);
  });

  it("an Atendente's override is refused, and the Atendente is held by the rules", async () => {
    const cafe = await shop();
    const ana = await member(cafe);
    const attendant = await t.staffSession(cafe.companyId, "attendant");
    await stamped(stamp(attendant.cookie, ana.customerId));
    const refused = await stamp(attendant.cookie, ana.customerId, {
      overrideReason: "Cliente fiel",
    });
    expect((await errorBody(refused, 403)).error.code).toBe("override_not_allowed");
    const blocked = await stamp(attendant.cookie, ana.customerId);
    expect((await errorBody(blocked, 409)).error.code).toBe("stamp_too_soon");
    const rows = await t.db.select().from(stamps).where(eq(stamps.customerId, ana.customerId));
    expect(rows).toHaveLength(1);
  });

  it("a reason must say something", async () => {
    const cafe = await shop();
    const ana = await member(cafe);
    const res = await stamp(cafe.cookie, ana.customerId, { overrideReason: " a " });
    expect((await errorBody(res, 400)).error.fields?.overrideReason).toBe(
      "override_reason_required",
    );
  });
});

describe("quantity and stamps by value", () => {
  it("quantity gives the method's stamps times the purchases, never past the card's maximum", async () => {
    const cafe = await shop();
    await setCounterRules(t, cafe.cookie);
    const ana = await member(cafe);
    expect((await stamped(stamp(cafe.cookie, ana.customerId, { quantity: 3 }))).stamps).toBe(3);
    // a Google review is worth 2: 2 × 2
    const review = { method: "google_review", quantity: 2 };
    expect((await stamped(stamp(cafe.cookie, ana.customerId, review))).stamps).toBe(7);
    const full = await stamped(stamp(cafe.cookie, ana.customerId, { quantity: 20 }));
    expect(full).toMatchObject({ stamps: 10, status: "complete" });
    const res = await stamp(cafe.cookie, ana.customerId, { quantity: 21 });
    expect((await errorBody(res, 400)).error.fields?.quantity).toBe("stamp_quantity_invalid");
  });

  it("'1 carimbo a cada R$ X': the amount over X, at most the maximum per purchase; less than X is refused", async () => {
    const cafe = await shop();
    await setCounterRules(t, cafe.cookie, { stampValueCents: 1000, maxStampsPerPurchase: 3 });
    const ana = await member(cafe);
    let card = await stamped(stamp(cafe.cookie, ana.customerId, { amountCents: 2550 }));
    expect(card.stamps).toBe(2);
    card = await stamped(stamp(cafe.cookie, ana.customerId, { amountCents: 99_900 }));
    expect(card.stamps).toBe(5);
    const low = await errorBody(
      await stamp(cafe.cookie, ana.customerId, { amountCents: 999 }),
      422,
    );
    expect(low.error.code).toBe("stamp_amount_too_low");
    // Without an amount a purchase is worth the method's stamps, times the quantity.
    card = await stamped(stamp(cafe.cookie, ana.customerId, { quantity: 2 }));
    expect(card.stamps).toBe(7);

    // Without the rule the amount is not used.
    await setCounterRules(t, cafe.cookie);
    card = await stamped(stamp(cafe.cookie, ana.customerId, { amountCents: 99_900 }));
    expect(card.stamps).toBe(8);
  });
});

describe("where a stamp was given", () => {
  it("records the member's shop on the stamp and on a redemption, and who redeemed", async () => {
    const cafe = await shop();
    await setCounterRules(t, cafe.cookie);
    const ana = await member(cafe);
    const attendant = await t.staffSession(cafe.companyId, "attendant", { name: "Ana Paula" });
    const locationId = randomUUID();
    await t.db
      .insert(locations)
      .values({ id: locationId, companyId: cafe.companyId, name: "Centro" });
    await t.db
      .update(companyMembers)
      .set({ locationId })
      .where(eq(companyMembers.userId, attendant.userId));
    const { cookie } = attendant;

    const card = await stamped(stamp(cookie, ana.customerId, { quantity: 10 }));
    expect(card.status).toBe("complete");
    const [row] = await t.db.select().from(stamps).where(eq(stamps.cardId, card.id));
    expect(row).toMatchObject({ locationId, givenBy: attendant.userId, selfService: false });

    await ok(
      apiAs(t, cookie).POST("/api/cards/{id}/redeem", {
        params: { path: { id: card.id } },
        body: { bonusType: "", notes: "" },
      }),
    );
    const [redeemed] = await t.db
      .execute<{ redeemed_by: string; redeemed_location_id: string }>(
        sql`select redeemed_by, redeemed_location_id from loyalty_cards where id = ${card.id}`,
      )
      .then((r) => r.rows);
    expect(redeemed).toEqual({ redeemed_by: attendant.userId, redeemed_location_id: locationId });
  });
});
