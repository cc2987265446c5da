import { randomUUID } from "node:crypto";
import { saoPauloDate } from "@shared/dates";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, errorBody, ok } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, type TestApp } from "../../test/test-app";
import { companyMembers, locations } from "../team/team.table";

/**
 * /relatorios narrowed to a team member or a shop (issue 30): the figures and the exports count
 * what that member (or that shop) did: stamps given, cards completed, rewards redeemed.
 */

let t: TestApp;
type Session = { cookie: string; userId: string };
let cafe: { cookie: string; companyId: string };
let ana: Session;
let marta: Session;
let bia: { cookie: string; customerId: string };
let caio: { cookie: string; customerId: string };
const praia = randomUUID();
const centro = randomUUID();
const today = saoPauloDate();

const stamp = (who: Session, customerId: string, quantity = 1) =>
  ok(
    apiAs(t, who.cookie).POST("/api/customers/{id}/stamps", {
      params: { path: { id: customerId } },
      body: { method: "purchase", notes: "", quantity },
    }),
    201,
  );

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café Aurora", email: "aurora@example.com" });
  await setCounterRules(t, cafe.cookie);
  ana = await t.staffSession(cafe.companyId, "attendant", { name: "Ana" });
  marta = await t.staffSession(cafe.companyId, "manager", { name: "Marta" });
  await t.db.insert(locations).values([
    { id: praia, companyId: cafe.companyId, name: "Praia" },
    { id: centro, companyId: cafe.companyId, name: "Centro" },
  ]);
  await t.db
    .update(companyMembers)
    .set({ locationId: praia })
    .where(eq(companyMembers.userId, ana.userId));
  await t.db
    .update(companyMembers)
    .set({ locationId: centro })
    .where(eq(companyMembers.userId, marta.userId));
  const origin = { empresa_id: cafe.companyId, origem: "qrcode_empresa" };
  bia = await t.customerSession({ name: "Bia", email: "bia@example.com", origin });
  caio = await t.customerSession({ name: "Caio", email: "caio@example.com", origin });

  // Ana (Praia): 2 stamps to Bia, then the 8 that complete Bia's card, 1 to Caio.
  // Marta (Centro): 2 to Caio, and she redeems Bia's card.
  await stamp(ana, bia.customerId, 2);
  const complete = await stamp(ana, bia.customerId, 8);
  await stamp(ana, caio.customerId);
  await stamp(marta, caio.customerId, 2);
  await ok(
    apiAs(t, marta.cookie).POST("/api/cards/{id}/redeem", {
      params: { path: { id: complete.id } },
      body: { bonusType: "", notes: "" },
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

const report = (query: { memberId?: string; locationId?: string }, cookie = cafe.cookie) =>
  ok(
    apiAs(t, cookie).GET("/api/reports", {
      params: { query: { from: today, to: today, ...query } },
    }),
  );

describe("the filters' choices", () => {
  it("are the company's team and, with two shops or more, its shops", async () => {
    const filters = await ok(apiAs(t, cafe.cookie).GET("/api/reports/filters"));
    expect(filters.members.map((m) => m.name)).toEqual(["Ana", "Café Aurora", "Marta"]);
    expect(filters.locations.map((l) => l.name)).toEqual(["Centro", "Praia"]);
  });

  it("name no one of another company; an Atendente may not see reports", async () => {
    const rival = await t.companySession({ companyName: "Rival", email: "rival@example.com" });
    const filters = await ok(apiAs(t, rival.cookie).GET("/api/reports/filters"));
    expect(filters).toEqual({
      members: [{ userId: expect.any(String), name: "Rival" }],
      locations: [],
    });
    // the café's member as the rival's filter: nothing of the café is counted
    const theirs = await report({ memberId: ana.userId }, rival.cookie);
    expect(theirs.tiles.stampsGiven.current).toBe(0);
    const res = await t.request("/api/reports/filters", { cookie: ana.cookie });
    expect((await errorBody(res, 403)).error.code).toBe("role_forbidden");
  });
});

describe("a report narrowed to a member", () => {
  it("counts the stamps they gave, the cards they completed and the rewards they redeemed", async () => {
    const all = await report({});
    expect(all.tiles).toMatchObject({
      stampsGiven: { current: 13 },
      activeMembers: { current: 2 },
      cardsCompleted: { current: 1 },
      rewardsRedeemed: { current: 1 },
    });

    const byAna = await report({ memberId: ana.userId });
    expect(byAna.tiles).toMatchObject({
      stampsGiven: { current: 11, previous: 0 },
      activeMembers: { current: 2 },
      cardsCompleted: { current: 1 },
      rewardsRedeemed: { current: 0 },
    });
    expect(byAna.stampsByDay.find((d) => d.date === today)?.purchase).toBe(11);
    expect(byAna.topMembers.map((m) => [m.name, m.stamps])).toEqual([
      ["Bia", 10],
      ["Caio", 1],
    ]);
    expect(byAna.cardsByWeek.reduce((n, w) => n + w.completed, 0)).toBe(1);
    expect(byAna.cardsByWeek.reduce((n, w) => n + w.redeemed, 0)).toBe(0);
    // new members are no one's doing: company-wide
    expect(byAna.tiles.newMembers.current).toBe(2);

    const byMarta = await report({ memberId: marta.userId });
    expect(byMarta.tiles).toMatchObject({
      stampsGiven: { current: 2 },
      activeMembers: { current: 1 },
      cardsCompleted: { current: 0 },
      rewardsRedeemed: { current: 1 },
    });
    expect(byMarta.topMembers.map((m) => [m.name, m.stamps])).toEqual([["Caio", 2]]);
  });

  it("by shop counts what was done there", async () => {
    const atPraia = await report({ locationId: praia });
    expect(atPraia.tiles.stampsGiven.current).toBe(11);
    expect(atPraia.tiles.rewardsRedeemed.current).toBe(0);
    const atCentro = await report({ locationId: centro });
    expect(atCentro.tiles.stampsGiven.current).toBe(2);
    expect(atCentro.tiles.rewardsRedeemed.current).toBe(1);
    const both = await report({ memberId: ana.userId, locationId: centro });
    expect(both.tiles.stampsGiven.current).toBe(0);
  });
});

describe("the exports narrowed to a member", () => {
  const csv = async (file: string, query: string) => {
    const res = await t.request(`/api/reports/exports/${file}?from=${today}&to=${today}${query}`, {
      cookie: cafe.cookie,
    });
    expect(res.status).toBe(200);
    return (await res.text()).split("\r\n").filter(Boolean);
  };

  it("hold only what the member did", async () => {
    const stamps = await csv("carimbos.csv", `&memberId=${marta.userId}`);
    expect(stamps).toHaveLength(2); // the header and Marta's one grant
    expect(stamps[1]).toContain("Caio");
    expect(stamps[1]).toContain("Marta");
    const all = await csv("carimbos.csv", "");
    expect(all).toHaveLength(5);

    const members = await csv("membros.csv", `&memberId=${marta.userId}`);
    expect(members.slice(1).map((l) => l.split(";")[0])).toEqual(["Caio"]);
    expect(members[1]?.split(";").at(-1)).toBe("2");

    // the cards Marta stamped or redeemed: Caio's open card and Bia's redeemed one
    const cards = await csv("cartoes.csv", `&memberId=${marta.userId}`);
    expect(cards).toHaveLength(3);
    const byShop = await csv("cartoes.csv", `&locationId=${praia}`);
    expect(byShop).toHaveLength(3);
    expect(await csv("indicacoes.csv", `&memberId=${marta.userId}`)).toHaveLength(1);
  });

  it("messages: the ones the member (or the shop's team) answered", async () => {
    const sent = await ok(
      apiAs(t, bia.cookie).POST("/api/me/messages", {
        body: { companyId: cafe.companyId, body: "Vocês abrem domingo?" },
      }),
      201,
    );
    await ok(
      apiAs(t, marta.cookie).POST("/api/messages/{id}/reply", {
        params: { path: { id: sent.id } },
        body: { body: "Abrimos sim, das 8h às 12h." },
      }),
      201,
    );
    expect(await csv("mensagens.csv", `&memberId=${marta.userId}`)).toHaveLength(2);
    expect(await csv("mensagens.csv", `&locationId=${centro}`)).toHaveLength(2);
    expect(await csv("mensagens.csv", `&memberId=${ana.userId}`)).toHaveLength(1);
    expect(await csv("mensagens.csv", `&locationId=${praia}`)).toHaveLength(1);
  });
});
