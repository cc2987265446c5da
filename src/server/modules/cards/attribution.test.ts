import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, errorBody, ok } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, type TestApp } from "../../test/test-app";
import { companies } from "../companies/companies.table";
import { stamps } from "../stamps/stamps.table";

/**
 * Who did it (issue 30): every stamp, redemption and claim decision records the team member, and
 * the card's history and the customer's details say it ("por Ana").
 */

let t: TestApp;
let cafe: { cookie: string; companyId: string };
let bia: { cookie: string; customerId: string };
let ana: { cookie: string; userId: string };
let marta: { cookie: string; userId: string };
let cardId: string;

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café Aurora", email: "aurora@example.com" });
  await setCounterRules(t, cafe.cookie, { selfStampEnabled: true });
  // Google reviews earn stamps (the review link is set in the company's data)
  await t.db
    .update(companies)
    .set({ allowsReviewStamps: true, googleReviewUrl: "https://g.page/r/cafe-aurora/review" })
    .where(eq(companies.id, cafe.companyId));
  bia = await t.customerSession({
    name: "Bia",
    email: "bia@example.com",
    origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" },
  });
  ana = await t.staffSession(cafe.companyId, "attendant", { name: "Ana" });
  marta = await t.staffSession(cafe.companyId, "manager", { name: "Marta" });

  // Ana stamps 8, Bia takes one herself by the counter's code, the birthday rule gives one,
  // Marta refuses a claim and gives the last one past the interval, then redeems.
  const first = await ok(
    apiAs(t, ana.cookie).POST("/api/customers/{id}/stamps", {
      params: { path: { id: bia.customerId } },
      body: { method: "purchase", notes: "", quantity: 8 },
    }),
    201,
  );
  cardId = first.id;
  const { token } = await ok(apiAs(t, ana.cookie).GET("/api/counter/self-stamp-code"));
  await ok(apiAs(t, bia.cookie).POST("/api/me/self-stamps", { body: { token } }), 201);
  await t.db.insert(stamps).values({
    id: randomUUID(),
    cardId,
    companyId: cafe.companyId,
    customerId: bia.customerId,
    method: "birthday",
    count: 0,
    status: "approved",
    approvedAt: new Date(),
  });
  const claim = await ok(
    apiAs(t, bia.cookie).POST("/api/me/cards/{id}/claims", {
      params: { path: { id: cardId } },
      body: { method: "google_review" },
    }),
    201,
  );
  await ok(
    apiAs(t, marta.cookie).POST("/api/claims/{id}/reject", {
      params: { path: { id: claim.id } },
      body: { reason: "Avaliação não encontrada" },
    }),
  );
  await setCounterRules(t, cafe.cookie, { selfStampEnabled: true, intervalMinutes: 30 });
  await ok(
    apiAs(t, marta.cookie).POST("/api/customers/{id}/stamps", {
      params: { path: { id: bia.customerId } },
      body: { method: "purchase", notes: "", overrideReason: "Compra do almoço" },
    }),
    201,
  );
  await ok(
    apiAs(t, marta.cookie).POST("/api/cards/{id}/redeem", {
      params: { path: { id: cardId } },
      body: { bonusType: "", notes: "" },
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

describe("the card's history", () => {
  it("names who gave each stamp and who redeemed; a self-stamp and a rule's stamp name no one", async () => {
    const card = await ok(
      apiAs(t, cafe.cookie).GET("/api/cards/{id}", { params: { path: { id: cardId } } }),
    );
    expect(card.redeemedByName).toBe("Marta");
    const lines = card.history.map((s) => [s.method, s.status, s.givenByName, s.selfService]);
    expect(lines).toEqual([
      ["purchase", "approved", "Marta", false],
      ["google_review", "rejected", "Marta", false],
      ["birthday", "approved", null, false],
      ["purchase", "approved", null, true],
      ["purchase", "approved", "Ana", false],
    ]);
    expect(card.history[0]?.overrideReason).toBe("Compra do almoço");
  });
});

describe("the customer's details ('Ver Detalhes')", () => {
  it("list the latest stamps, decisions and redemptions with who did each", async () => {
    const activity = await ok(
      apiAs(t, marta.cookie).GET("/api/customers/{id}/activity", {
        params: { path: { id: bia.customerId } },
      }),
    );
    expect(activity.map((a) => [a.kind, a.method, a.byName, a.selfService])).toEqual([
      ["redemption", null, "Marta", false],
      ["stamp", "purchase", "Marta", false],
      ["stamp", "google_review", "Marta", false],
      ["stamp", "birthday", null, false],
      ["stamp", "purchase", null, true],
      ["stamp", "purchase", "Ana", false],
    ]);
    expect(activity[0]).toMatchObject({ programName: "Cartão Fidelidade", count: 10 });
    expect(activity[1]?.overrideReason).toBe("Compra do almoço");
  });

  it("are the company's own: another company gets 404, an Atendente 403", async () => {
    const rival = await t.companySession({ companyName: "Rival", email: "rival@example.com" });
    const path = `/api/customers/${bia.customerId}/activity`;
    expect((await errorBody(await t.request(path, { cookie: rival.cookie }), 404)).error.code).toBe(
      "not_found",
    );
    expect((await errorBody(await t.request(path, { cookie: ana.cookie }), 403)).error.code).toBe(
      "role_forbidden",
    );
    expect((await t.request(path, { cookie: bia.cookie })).status).toBe(403);
  });
});
