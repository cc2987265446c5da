import type { CustomerCard } from "@shared/cards.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEnv } from "../../test/test-env";
import { stamps } from "./stamps.table";

// PGlite runs one query at a time and hides races: the full load runs on PostgreSQL.
const onPostgres = Boolean(testEnv.TEST_DATABASE_URL);
const REQUESTS = onPostgres ? 200 : 30;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe(`${REQUESTS} concurrent add-stamp requests on one card of maximum 10`, () => {
  it("count exactly 10 stamps, complete the card once and answer the rest with a conflict", async () => {
    const cafe = await t.companySession({ email: "carga@example.com" });
    // Every stamp here is on one card at once: the counter's interval and daily cap are off.
    await setCounterRules(t, cafe.cookie);
    const ana = await t.customerSession({
      email: "ana@example.com",
      origin: { empresa_id: cafe.companyId },
    });
    const [card] = (await (
      await t.request("/api/me/cards", { cookie: ana.cookie })
    ).json()) as CustomerCard[];

    const results = await Promise.all(
      Array.from({ length: REQUESTS }, () =>
        t.request(`/api/cards/${card!.id}/stamps`, {
          cookie: cafe.cookie,
          body: { method: "purchase" },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(REQUESTS - 10);

    const rows = await t.db.select().from(stamps).where(eq(stamps.cardId, card!.id));
    expect(rows.reduce((sum, s) => sum + s.count, 0)).toBe(10);
    const completions = await Promise.all(
      results.filter((r) => r.status === 201).map((r) => r.json()),
    );
    expect(completions.filter((c: { status: string }) => c.status === "complete")).toHaveLength(1);
  });

  it("run the same Idempotency-Key concurrently only once", async () => {
    const cafe = await t.companySession({ email: "idem@example.com" });
    const bia = await t.customerSession({
      email: "bia@example.com",
      origin: { empresa_id: cafe.companyId },
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request(`/api/customers/${bia.customerId}/stamps`, {
          cookie: cafe.cookie,
          body: { method: "purchase" },
          headers: { "idempotency-key": "same-key" },
        }),
      ),
    );
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(new Set(bodies.map((b: { stamps: number }) => b.stamps))).toEqual(new Set([1]));
    const [card] = (await (
      await t.request("/api/me/cards", { cookie: bia.cookie })
    ).json()) as CustomerCard[];
    expect(card!.stamps).toBe(1);
  });
});

describe("the counter's rules under concurrent stamps", () => {
  const COUNT = onPostgres ? 40 : 10;

  it(`${COUNT} concurrent stamps on one card with the 30-minute interval: exactly one passes`, async () => {
    const cafe = await t.companySession({ email: "intervalo@example.com" });
    const caio = await t.customerSession({
      email: "caio@example.com",
      origin: { empresa_id: cafe.companyId },
    });
    const [card] = (await (
      await t.request("/api/me/cards", { cookie: caio.cookie })
    ).json()) as CustomerCard[];
    const results = await Promise.all(
      Array.from({ length: COUNT }, () =>
        t.request(`/api/cards/${card!.id}/stamps`, {
          cookie: cafe.cookie,
          body: { method: "purchase" },
        }),
      ),
    );
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(bodies.filter((b) => b.error?.code === "stamp_too_soon")).toHaveLength(COUNT - 1);
    const rows = await t.db.select().from(stamps).where(eq(stamps.cardId, card!.id));
    expect(rows).toHaveLength(1);
  });

  it(`${COUNT} concurrent stamps on a customer's two cards with a cap of 3 a day: exactly 3 pass`, async () => {
    const cafe = await t.companySession({ email: "limite@example.com" });
    await setCounterRules(t, cafe.cookie, { intervalMinutes: 0, dailyCap: 3 });
    const duda = await t.customerSession({
      email: "duda@example.com",
      origin: { empresa_id: cafe.companyId },
    });
    const program = await (
      await t.request("/api/programs", {
        cookie: cafe.cookie,
        body: { name: "Barba", stampsRequired: 10, reward: "Uma barba", description: "" },
      })
    ).json();
    await t.request(`/api/customers/${duda.customerId}/cards`, {
      cookie: cafe.cookie,
      body: { programId: program.id },
    });
    const cards = (await (
      await t.request("/api/me/cards", { cookie: duda.cookie })
    ).json()) as CustomerCard[];
    expect(cards).toHaveLength(2);
    const results = await Promise.all(
      Array.from({ length: COUNT }, (_, i) =>
        t.request(`/api/cards/${cards[i % 2]!.id}/stamps`, {
          cookie: cafe.cookie,
          body: { method: "purchase" },
        }),
      ),
    );
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(bodies.filter((b) => b.error?.code === "stamp_daily_cap")).toHaveLength(COUNT - 3);
    const rows = await t.db.select().from(stamps).where(eq(stamps.customerId, duda.customerId));
    expect(rows.reduce((sum, s) => sum + s.count, 0)).toBe(3);
  });
});

describe("50 concurrent redemptions of one complete card", () => {
  it("redeem it exactly once: one 200, 49 answered 409 card_redeemed, and the customer sees it redeemed at once", async () => {
    const cafe = await t.companySession({ email: "resgate@example.com" });
    await setCounterRules(t, cafe.cookie);
    const eva = await t.customerSession({
      email: "eva@example.com",
      origin: { empresa_id: cafe.companyId },
    });
    const complete = await (
      await t.request(`/api/customers/${eva.customerId}/stamps`, {
        cookie: cafe.cookie,
        body: { method: "purchase", quantity: 10 },
      })
    ).json();
    expect(complete.status).toBe("complete");
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.request(`/api/cards/${complete.id}/redeem`, {
          cookie: cafe.cookie,
          body: { bonusType: "", notes: "" },
        }),
      ),
    );
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    expect(bodies.filter((b) => b.error?.code === "card_redeemed")).toHaveLength(49);

    // the customer's own card query answers the redemption at once
    const page = await (
      await t.request(`/api/me/companies/${cafe.companyId}`, { cookie: eva.cookie })
    ).json();
    const card = page.cards.find((c: CustomerCard) => c.id === complete.id);
    expect(card).toMatchObject({ status: "redeemed" });
    expect(card.redeemedAt).not.toBeNull();
  });
});
