import type { DashboardStats } from "@shared/reports.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantBirthdayGifts } from "../../flows/birthday-gifts";
import { answerOf, apiAs, ok } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";

/** GET /api/dashboard: the figures of the company's dashboard, counted from its own data only. */

let t: TestApp;
let cafe: { cookie: string; companyId: string };
let rival: { cookie: string; companyId: string };
let ana: { cookie: string; customerId: string };
let bruno: { cookie: string; customerId: string };

const dashboard = async (cookie = cafe.cookie) => ok(apiAs(t, cookie).GET("/api/dashboard"), 200);

/** A purchase stamp on the customer's open card of the company's default programme. */
const stamp = async (customerId: string, cookie = cafe.cookie) =>
  answerOf<"/api/customers/{id}/stamps", "post">(
    await t.request(`/api/customers/${customerId}/stamps`, {
      cookie,
      body: { method: "purchase" },
    }),
    201,
  );

/** Today's São Paulo calendar day, as a birth date of a leap year (so 29 February works too). */
function birthdayToday(): string {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
  return `2000-${today.slice(5)}`;
}

/** A birth date that is not today in São Paulo (nor tomorrow or yesterday). */
function birthdayNotToday(): string {
  const day = new Date(Date.now() + 100 * 24 * 60 * 60 * 1000).toISOString().slice(5, 10);
  return `1991-${day === "02-29" ? "03-01" : day}`;
}

const EMPTY: DashboardStats = {
  totalCustomers: 0,
  activeCards: 0,
  rewardsRedeemed: 0,
  completionRate: 0,
  stampsToday: 0,
  pendingClaims: 0,
  cardsCompletedToday: 0,
  birthdaysToday: [],
};

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café do Ponto", email: "cafe@example.com" });
  rival = await t.companySession({ companyName: "Rival", email: "rival@example.com" });
  // These tests stamp cards again and again: the counter's interval and daily cap are off.
  await setCounterRules(t, cafe.cookie);
  await setCounterRules(t, rival.cookie);
  // Small cards, so one can complete in a few stamps.
  const [program] = await ok(apiAs(t, cafe.cookie).GET("/api/programs"), 200);
  await answerOf<"/api/programs/{id}", "put">(
    await t.request(`/api/programs/${program!.id}`, {
      method: "PUT",
      cookie: cafe.cookie,
      body: { name: program!.name, stampsRequired: 2, reward: "Um café", description: "" },
    }),
    200,
  );
});
afterAll(async () => {
  await t?.close();
});

describe("the dashboard's figures", () => {
  it("are all zero for a company without customers", async () => {
    expect(await dashboard()).toEqual(EMPTY);
  });

  it("count the customers who joined and their open cards; birthdays are today's, by name", async () => {
    ana = await t.customerSession({
      name: "Ana Souza",
      email: "ana@example.com",
      birthDate: birthdayToday(),
      origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" },
    });
    bruno = await t.customerSession({
      name: "Bruno Lima",
      email: "bruno@example.com",
      birthDate: birthdayNotToday(),
      origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" },
    });
    expect(await dashboard()).toEqual({
      ...EMPTY,
      totalCustomers: 2,
      activeCards: 2,
      birthdaysToday: [{ customerId: ana.customerId, name: "Ana Souza", gifted: false }],
    });
  });

  it("count today's stamps, the cards completed today and the completion rate", async () => {
    await stamp(bruno.customerId);
    const complete = await stamp(ana.customerId);
    expect((await stamp(ana.customerId)).id).toBe(complete.id);
    expect(await dashboard()).toMatchObject({
      activeCards: 1,
      stampsToday: 3,
      cardsCompletedToday: 1,
      // one of the two cards is complete
      completionRate: 50,
      rewardsRedeemed: 0,
    });
  });

  it("count redeemed rewards; a redeemed card still counts as completed", async () => {
    const [card] = await answerOf<"/api/cards", "get">(
      await t.request("/api/cards?status=complete", { cookie: cafe.cookie }),
      200,
    );
    await answerOf<"/api/cards/{id}/redeem", "post">(
      await t.request(`/api/cards/${card!.id}/redeem`, { cookie: cafe.cookie, body: {} }),
      200,
    );
    // The next stamp opens Ana's next card: three cards, one of them done.
    await stamp(ana.customerId);
    expect(await dashboard()).toMatchObject({
      totalCustomers: 2,
      activeCards: 2,
      rewardsRedeemed: 1,
      completionRate: 33.3,
      stampsToday: 4,
      cardsCompletedToday: 1,
    });
  });

  it("count the customers' claims waiting for an answer", async () => {
    const cards = await ok(apiAs(t, bruno.cookie).GET("/api/me/cards"), 200);
    const open = cards.find((c) => c.status === "active")!;
    await answerOf<"/api/me/cards/{id}/claims", "post">(
      await t.request(`/api/me/cards/${open.id}/claims`, {
        cookie: bruno.cookie,
        body: { method: "social", network: "instagram", link: "https://instagram.com/p/1" },
      }),
      201,
    );
    const stats = await dashboard();
    expect(stats.pendingClaims).toBe(1);
    // A claim is no stamp until approved.
    expect(stats.stampsToday).toBe(4);
  });
});

describe("scope", () => {
  it("another company sees only its own figures", async () => {
    const carla = await t.customerSession({
      name: "Carla Dias",
      email: "carla@example.com",
      birthDate: birthdayToday(),
      origin: { empresa_id: rival.companyId, origem: "qrcode_empresa" },
    });
    await stamp(carla.customerId, rival.cookie);
    expect(await dashboard(rival.cookie)).toEqual({
      ...EMPTY,
      totalCustomers: 1,
      activeCards: 1,
      stampsToday: 1,
      birthdaysToday: [{ customerId: carla.customerId, name: "Carla Dias", gifted: false }],
    });
    // The café's figures are untouched by the rival's customer and stamp.
    expect(await dashboard()).toMatchObject({
      totalCustomers: 2,
      stampsToday: 4,
      birthdaysToday: [{ customerId: ana.customerId, name: "Ana Souza", gifted: false }],
    });
  });

  it("is for the company only: a customer is refused, and so is an anonymous request", async () => {
    expect((await t.request("/api/dashboard", { cookie: ana.cookie })).status).toBe(403);
    expect((await t.request("/api/dashboard")).status).toBe(401);
  });
});

describe("'Aniversários Hoje'", () => {
  it("marks the members who got today's birthday gift", async () => {
    await grantBirthdayGifts({ db: t.db, appUrl: TEST_APP_URL });
    await t.deliverQueuedEmails();
    const mails = t.mails;
    expect((await dashboard()).birthdaysToday).toEqual([
      { customerId: ana.customerId, name: "Ana Souza", gifted: true },
    ]);
    expect(mails.map((m) => m.to)).toContain("ana@example.com");
  });
});
