import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, apiAs, errorBody, ok } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, type TestApp } from "../../test/test-app";
import { loyaltyCards } from "../cards/cards.table";
import { memberships } from "../customers/memberships.table";
import { stamps } from "./stamps.table";

let t: TestApp;
let cafe: { cookie: string; companyId: string };
let joao: { cookie: string; customerId: string };

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café Aurora", email: "aurora@example.com" });
  // These tests stamp one card again and again: the counter's interval and daily cap are off.
  await setCounterRules(t, cafe.cookie);
  joao = await t.customerSession({
    email: "joao@example.com",
    origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" },
  });
});
afterAll(async () => {
  await t?.close();
});

const stamp = (customerId: string, method = "purchase", headers: Record<string, string> = {}) =>
  t.request(`/api/customers/${customerId}/stamps`, {
    body: { method, notes: "" },
    cookie: cafe.cookie,
    headers,
  });

/** A stamp given (raw: the method is a text here, as some tests send one the types refuse). */
const stamped = async (res: Promise<Response>) =>
  answerOf<"/api/customers/{id}/stamps", "post">(await res, 201);

const programs = async (cookie = cafe.cookie) => ok(apiAs(t, cookie).GET("/api/programs"), 200);
const myCards = async (cookie = joao.cookie) => ok(apiAs(t, cookie).GET("/api/me/cards"), 200);
const companyCard = async (id: string, cookie = cafe.cookie) =>
  ok(apiAs(t, cookie).GET("/api/cards/{id}", { params: { path: { id } } }), 200);

describe("programmes", () => {
  it("every company starts with a default programme of 10 stamps and can create more", async () => {
    const list = await programs();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ isDefault: true, stampsRequired: 10 });

    // Raw: the stamps are sent as text, as a form does.
    const created = await answerOf<"/api/programs", "post">(
      await t.request("/api/programs", {
        cookie: cafe.cookie,
        body: {
          name: "Cartão Café",
          stampsRequired: "8",
          reward: "Um café grátis",
          description: "",
        },
      }),
      201,
    );
    expect(created).toMatchObject({ name: "Cartão Café", stampsRequired: 8, isDefault: false });
    expect(await programs()).toHaveLength(2);
  });

  it.each([
    [{ name: "", stampsRequired: 10, reward: "x" }, "name", "program_name_required"],
    [{ name: "A", stampsRequired: 0, reward: "x" }, "stampsRequired", "program_stamps_range"],
    [{ name: "A", stampsRequired: 51, reward: "x" }, "stampsRequired", "program_stamps_range"],
    [{ name: "A", stampsRequired: 10, reward: " " }, "reward", "program_reward_required"],
  ])("refuses an invalid programme %#", async (body, field, message) => {
    const res = await t.request("/api/programs", { cookie: cafe.cookie, body });
    const error = await errorBody(res, 400);
    expect(error.error.fields?.[field]).toBe(message);
  });
});

describe("joining through the company's link", () => {
  it("a sign-up through the QR link makes the customer a member holding an active card", async () => {
    const cards = await myCards();
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      companyName: "Café Aurora",
      stamps: 0,
      maxStamps: 10,
      status: "active",
    });
  });

  it("joins once, however often (and however concurrently) the link is used", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        ok(apiAs(t, joao.cookie).POST("/api/memberships", { body: { companyId: cafe.companyId } })),
      ),
    );
    for (const joined of results) {
      expect(joined.joined).toBe(false);
    }
    const rows = await t.db
      .select()
      .from(memberships)
      .where(eq(memberships.customerId, joao.customerId));
    expect(rows).toHaveLength(1);
    expect(await myCards()).toHaveLength(1);
  });

  it("a signed-in customer who opens another company's link joins it", async () => {
    const other = await t.companySession({ companyName: "Barbearia", email: "barba@example.com" });
    const joined = await ok(
      apiAs(t, joao.cookie).POST("/api/memberships", { body: { companyId: other.companyId } }),
    );
    expect(joined.joined).toBe(true);
    const unknown = await t.request("/api/memberships", {
      cookie: joao.cookie,
      body: { companyId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.status).toBe(404);
  });
});

describe("staff stamps, completion and redemption", () => {
  it("finds the company's customers by name, e-mail or phone", async () => {
    for (const search of ["joão", "JOAO@example", ""]) {
      const found = await ok(
        apiAs(t, cafe.cookie).GET("/api/customers", { params: { query: { search } } }),
        200,
      );
      expect(
        found.map((c) => c.id),
        search,
      ).toContain(joao.customerId);
    }
    const none = await ok(
      apiAs(t, cafe.cookie).GET("/api/customers", { params: { query: { search: "zzz" } } }),
      200,
    );
    expect(none).toEqual([]);
  });

  it("counts stamps by the method's rule, completes at the maximum and refuses more until redeemed", async () => {
    let card = await stamped(stamp(joao.customerId, "purchase"));
    expect(card).toMatchObject({ stamps: 1, status: "active", maxStamps: 10 });
    card = await stamped(stamp(joao.customerId, "google_review"));
    expect(card.stamps).toBe(3);
    for (let i = 0; i < 6; i++) card = await stamped(stamp(joao.customerId, "social"));
    expect(card).toMatchObject({ stamps: 9, status: "active", completedAt: null });

    // 2 stamps for a review, but only 1 fits: the card never passes its maximum
    card = await stamped(stamp(joao.customerId, "google_review"));
    expect(card).toMatchObject({ stamps: 10, status: "complete" });
    expect(card.completedAt).not.toBeNull();
    const history = await companyCard(card.id);
    expect(history.history[0]).toMatchObject({
      count: 1,
      method: "google_review",
      givenByName: "Café Aurora",
    });
    expect(history.history.reduce((sum, s) => sum + s.count, 0)).toBe(10);

    const refused = await stamp(joao.customerId);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { code: "card_complete" } });
    const onCard = await t.request(`/api/cards/${card.id}/stamps`, {
      cookie: cafe.cookie,
      body: { method: "purchase" },
    });
    expect(onCard.status).toBe(409);

    // the customer sees it complete and asks for a voucher
    const mine = await myCards();
    expect(mine.find((c) => c.id === card.id)?.status).toBe("complete");
    const askVoucher = () =>
      ok(
        apiAs(t, joao.cookie).POST("/api/me/cards/{id}/voucher", {
          params: { path: { id: card.id } },
        }),
        200,
      );
    const voucher = await askVoucher();
    expect(voucher.code).toMatch(/^[A-Z2-9]{8}$/);
    const again = await askVoucher();
    expect(again.code).toBe(voucher.code);
    const byCode = await ok(
      apiAs(t, cafe.cookie).GET("/api/redemption-codes/{code}", {
        params: { path: { code: voucher.code.toLowerCase() } },
      }),
      200,
    );
    expect(byCode.id).toBe(card.id);

    const redeemed = await ok(
      apiAs(t, cafe.cookie).POST("/api/cards/{id}/redeem", {
        params: { path: { id: card.id } },
        body: { bonusType: "Café grátis", notes: "Entregue no balcão" },
      }),
      200,
    );
    expect(redeemed.status).toBe("redeemed");
    expect(redeemed.redeemedAt).not.toBeNull();
    const twice = await t.request(`/api/cards/${card.id}/redeem`, {
      cookie: cafe.cookie,
      body: {},
    });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ error: { code: "card_redeemed" } });

    // the next stamp opens a new card; the used one stays in the history
    const next = await stamped(stamp(joao.customerId));
    expect(next.id).not.toBe(card.id);
    expect(next).toMatchObject({ stamps: 1, status: "active" });
    const after = await myCards();
    expect(
      after
        .filter((c) => c.companyId === cafe.companyId)
        .map((c) => c.status)
        .sort(),
    ).toEqual(["active", "redeemed"]);
  });

  it("refuses to redeem a card that is not complete, and a voucher for it", async () => {
    const [open] = await ok(
      apiAs(t, cafe.cookie).GET("/api/cards", { params: { query: { sort: "progress_asc" } } }),
      200,
    );
    const res = await t.request(`/api/cards/${open!.id}/redeem`, { cookie: cafe.cookie, body: {} });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: "card_not_complete" } });
    const voucher = await t.request(`/api/me/cards/${open!.id}/voucher`, {
      cookie: joao.cookie,
      method: "POST",
    });
    expect(voucher.status).toBe(409);
  });

  it("answers a repeated Idempotency-Key with the first answer and adds nothing", async () => {
    const headers = { "idempotency-key": "stamp-abc-123" };
    const first = await stamped(stamp(joao.customerId, "purchase", headers));
    const repeat = await stamped(stamp(joao.customerId, "purchase", headers));
    expect(repeat).toEqual(first);
    const rows = await t.db.select().from(stamps).where(eq(stamps.cardId, first.id));
    expect(rows.reduce((sum, s) => sum + s.count, 0)).toBe(first.stamps);
  });

  it("counts the dashboard figures from the data", async () => {
    const stats = await ok(apiAs(t, cafe.cookie).GET("/api/dashboard"), 200);
    expect(stats).toMatchObject({
      totalCustomers: 1,
      activeCards: 1,
      rewardsRedeemed: 1,
      completionRate: 50,
      cardsCompletedToday: 1,
    });
    expect(stats.stampsToday).toBe(12);
    // the dashboard's 'Filtros' on 'Cartões Recentes': by status
    const redeemedOnly = await ok(
      apiAs(t, cafe.cookie).GET("/api/cards", {
        params: { query: { status: "redeemed", limit: 5 } },
      }),
      200,
    );
    expect(redeemedOnly.map((c) => c.status)).toEqual(["redeemed"]);
    // the /cartoes tiles: by status, and 'Templates' = the company's programmes
    expect(await ok(apiAs(t, cafe.cookie).GET("/api/cards/summary"), 200)).toEqual({
      active: 1,
      complete: 0,
      redeemed: 1,
      programs: 2,
    });
  });
});

describe("tenant isolation", () => {
  it("another company gets 404 on this company's cards, customers and vouchers, and changes nothing", async () => {
    const rival = await t.companySession({ companyName: "Rival", email: "rival@example.com" });
    const [card] = await ok(apiAs(t, cafe.cookie).GET("/api/cards"), 200);
    const attempts = [
      t.request(`/api/cards/${card!.id}`, { cookie: rival.cookie }),
      t.request(`/api/cards/${card!.id}/stamps`, {
        cookie: rival.cookie,
        body: { method: "purchase" },
      }),
      t.request(`/api/cards/${card!.id}/redeem`, { cookie: rival.cookie, body: {} }),
      t.request(`/api/customers/${joao.customerId}/stamps`, {
        cookie: rival.cookie,
        body: { method: "purchase" },
      }),
    ];
    // the voucher code of this company's redeemed card finds nothing for the rival
    const [withCode] = await t.db
      .select({ code: loyaltyCards.redemptionCode })
      .from(loyaltyCards)
      .where(eq(loyaltyCards.companyId, cafe.companyId))
      .orderBy(loyaltyCards.redemptionCode);
    expect(withCode?.code).toMatch(/^[A-Z2-9]{8}$/);
    attempts.push(t.request(`/api/redemption-codes/${withCode!.code}`, { cookie: rival.cookie }));
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    expect(await ok(apiAs(t, rival.cookie).GET("/api/cards"), 200)).toEqual([]);
    expect(await ok(apiAs(t, rival.cookie).GET("/api/customers"), 200)).toEqual([]);
    expect(await ok(apiAs(t, rival.cookie).GET("/api/cards/summary"), 200)).toEqual({
      active: 0,
      complete: 0,
      redeemed: 0,
      programs: 1,
    });
    const after = await companyCard(card!.id);
    expect(after.stamps).toBe(card!.stamps);
  });

  it("a customer sees only their own cards and cannot use company endpoints", async () => {
    const maria = await t.customerSession({ email: "maria@example.com" });
    expect(await myCards(maria.cookie)).toEqual([]);
    const [joaoCard] = await myCards();
    const voucher = await t.request(`/api/me/cards/${joaoCard!.id}/voucher`, {
      cookie: maria.cookie,
      method: "POST",
    });
    expect(voucher.status).toBe(404);
    for (const path of ["/api/cards", "/api/customers", "/api/programs", "/api/dashboard"]) {
      expect((await t.request(path, { cookie: maria.cookie })).status, path).toBe(403);
    }
    const stampByCustomer = await t.request(`/api/customers/${joao.customerId}/stamps`, {
      cookie: maria.cookie,
      body: { method: "purchase" },
    });
    expect(stampByCustomer.status).toBe(403);
    expect((await t.request("/api/me/cards", { cookie: cafe.cookie })).status).toBe(403);
    expect((await t.request("/api/cards")).status).toBe(401);
  });
});
