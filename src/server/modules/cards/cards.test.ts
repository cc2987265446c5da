import type { CompanyCard } from "@shared/cards.schema";
import type { Program } from "@shared/programs.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, apiAs, errorBody, ok } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { errorCode } from "../../test/http";
import { createTestApp, type TestApp } from "../../test/test-app";
import { companies } from "../companies/companies.table";
import { loyaltyCards } from "./cards.table";

let t: TestApp;
let barber: { cookie: string; companyId: string };
let rival: { cookie: string; companyId: string };
let joao: { cookie: string; customerId: string };
let haircut: Program;
let beard: Program;

const createProgram = async (body: { name: string; stampsRequired: number; reward: string }) =>
  ok(apiAs(t, barber.cookie).POST("/api/programs", { body }), 201);

const editProgram = async (
  id: string,
  body: { name: string; stampsRequired: number; reward: string; description: string },
) => ok(apiAs(t, barber.cookie).PUT("/api/programs/{id}", { params: { path: { id } }, body }), 200);

const openCard = (customerId: string, programId: string, cookie = barber.cookie) =>
  t.request(`/api/customers/${customerId}/cards`, { cookie, body: { programId } });

const myCards = async (cookie = joao.cookie) => ok(apiAs(t, cookie).GET("/api/me/cards"), 200);

const companyCard = async (id: string) =>
  ok(apiAs(t, barber.cookie).GET("/api/cards/{id}", { params: { path: { id } } }), 200);

const searchCustomers = async (search: string) =>
  ok(apiAs(t, barber.cookie).GET("/api/customers", { params: { query: { search } } }), 200);

const stampCustomer = async (customerId: string, programId?: string) =>
  ok(
    apiAs(t, barber.cookie).POST("/api/customers/{id}/stamps", {
      params: { path: { id: customerId } },
      body: { method: "purchase", ...(programId ? { programId } : {}) },
    }),
    201,
  );

beforeAll(async () => {
  t = await createTestApp();
  barber = await t.companySession({ companyName: "Barbearia do Zé", email: "ze@example.com" });
  // These tests stamp cards again and again: the counter's interval and daily cap are off.
  await setCounterRules(t, barber.cookie);
  rival = await t.companySession({ companyName: "Rival", email: "rival@example.com" });
  haircut = await createProgram({
    name: "Corte de cabelo",
    stampsRequired: 6,
    reward: "Um corte grátis",
  });
  beard = await createProgram({ name: "Barba", stampsRequired: 4, reward: "Uma barba grátis" });
  await ok(
    apiAs(t, barber.cookie).POST("/api/programs/{id}/default", {
      params: { path: { id: haircut.id } },
    }),
    200,
  );
  joao = await t.customerSession({
    email: "joao@example.com",
    origin: { empresa_id: barber.companyId, origem: "qrcode_empresa" },
  });
});
afterAll(async () => {
  await t?.close();
});

describe("a card's size and reward are fixed when it opens", () => {
  it("joining copies the default programme's size and reward into the card", async () => {
    const [card] = await myCards();
    expect(card).toMatchObject({
      programName: "Corte de cabelo",
      reward: "Um corte grátis",
      maxStamps: 6,
    });
    const [row] = await t.db.select().from(loyaltyCards).where(eq(loyaltyCards.id, card!.id));
    expect(row).toMatchObject({ maxStamps: 6, reward: "Um corte grátis" });
  });

  it("editing a programme changes only the cards opened afterwards", async () => {
    const [before] = await myCards();
    await editProgram(haircut.id, {
      name: "Corte masculino",
      stampsRequired: 10,
      reward: "Corte + lavagem",
      description: "",
    });
    // the open card keeps its size and reward, on both sides; it shows the programme's name
    const [after] = await myCards();
    expect(after).toMatchObject({
      id: before!.id,
      maxStamps: 6,
      reward: "Um corte grátis",
      programName: "Corte masculino",
    });
    expect(await companyCard(before!.id)).toMatchObject({
      maxStamps: 6,
      reward: "Um corte grátis",
    });
    const [search] = await searchCustomers("joao");
    expect(search!.openCard).toMatchObject({
      id: before!.id,
      maxStamps: 6,
      reward: "Um corte grátis",
    });
    const list = await ok(apiAs(t, barber.cookie).GET("/api/cards"), 200);
    expect(list.find((c) => c.id === before!.id)).toMatchObject({ reward: "Um corte grátis" });

    // it still completes at its own size
    let card: CompanyCard | undefined;
    for (let i = 0; i < 6; i++) {
      card = await ok(
        apiAs(t, barber.cookie).POST("/api/cards/{id}/stamps", {
          params: { path: { id: before!.id } },
          body: { method: "purchase" },
        }),
        201,
      );
    }
    expect(card).toMatchObject({ stamps: 6, maxStamps: 6, status: "complete" });
    // Redeemed once; the same Idempotency-Key again (a retry after a lost answer) gets the same
    // answer, another key a 409.
    const redeem = (key: string) =>
      t.request(`/api/cards/${before!.id}/redeem`, {
        cookie: barber.cookie,
        body: {},
        headers: { "Idempotency-Key": key },
      });
    const first = await redeem("resgate-1");
    expect(first.status).toBe(200);
    const firstBody = (await first.json()) as CompanyCard;
    expect(firstBody.status).toBe("redeemed");
    const retry = await redeem("resgate-1");
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as CompanyCard).redeemedAt).toBe(firstBody.redeemedAt);
    expect((await errorBody(await redeem("resgate-2"), 409)).error.code).toBe("card_redeemed");

    // the next card (opened by the next stamp after the redemption) has the new size and reward
    const next = await stampCustomer(joao.customerId);
    expect(next.id).not.toBe(before!.id);
    expect(next).toMatchObject({
      stamps: 1,
      maxStamps: 10,
      reward: "Corte + lavagem",
      programName: "Corte masculino",
    });
    // and the redeemed one keeps its own
    expect((await myCards()).find((c) => c.id === before!.id)).toMatchObject({
      status: "redeemed",
      maxStamps: 6,
      reward: "Um corte grátis",
    });
  });
});

describe("several programmes", () => {
  it("staff open a card of another programme: two open cards in two programmes", async () => {
    const card = await answerOf<"/api/customers/{id}/cards", "post">(
      await openCard(joao.customerId, beard.id),
      201,
    );
    expect(card).toMatchObject({
      customerId: joao.customerId,
      programId: beard.id,
      programName: "Barba",
      reward: "Uma barba grátis",
      maxStamps: 4,
      stamps: 0,
      status: "active",
    });
    const open = (await myCards()).filter((c) => c.status !== "redeemed");
    expect(open.map((c) => c.programName).sort()).toEqual(["Barba", "Corte masculino"]);
    const [search] = await searchCustomers("joao");
    expect(search!.openCards.map((c) => c.programName).sort()).toEqual([
      "Barba",
      "Corte masculino",
    ]);
    // the default programme's card comes first as `openCard`
    expect(search!.openCard?.programId).toBe(haircut.id);
  });

  it("a second open card in the same programme is 409 card_already_open", async () => {
    expect(await errorCode(await openCard(joao.customerId, beard.id), 409)).toBe(
      "card_already_open",
    );
    expect(await errorCode(await openCard(joao.customerId, haircut.id), 409)).toBe(
      "card_already_open",
    );
    const results = await Promise.all([
      openCard(joao.customerId, beard.id),
      openCard(joao.customerId, beard.id),
    ]);
    for (const res of results) expect(res.status).toBe(409);
    const rows = await t.db
      .select()
      .from(loyaltyCards)
      .where(eq(loyaltyCards.customerId, joao.customerId));
    expect(rows.filter((r) => r.programId === beard.id)).toHaveLength(1);
  });

  it("'Adicionar Carimbo' stamps the open card of the chosen programme", async () => {
    const card = await stampCustomer(joao.customerId, beard.id);
    expect(card).toMatchObject({ programId: beard.id, stamps: 1 });
    // without a programme: the default programme's card
    const other = await stampCustomer(joao.customerId);
    expect(other).toMatchObject({ programId: haircut.id, stamps: 2 });
  });

  it("an archived programme opens no new card, while its open card goes on", async () => {
    const maria = await t.customerSession({
      name: "Maria",
      email: "maria@example.com",
      origin: { empresa_id: barber.companyId, origem: "qrcode_empresa" },
    });
    await ok(
      apiAs(t, barber.cookie).POST("/api/programs/{id}/archive", {
        params: { path: { id: beard.id } },
      }),
      200,
    );
    expect(await errorCode(await openCard(maria.customerId, beard.id), 409)).toBe(
      "program_archived",
    );
    // João's open Barba card is still stamped
    const card = await stampCustomer(joao.customerId, beard.id);
    expect(card).toMatchObject({ programId: beard.id, stamps: 2, status: "active" });
    expect((await myCards()).some((c) => c.id === card.id)).toBe(true);
    expect((await myCards(maria.cookie)).map((c) => c.programName)).toEqual(["Corte masculino"]);
  });

  it("an inactive customer gets no new card", async () => {
    const pedro = await t.customerSession({
      name: "Pedro",
      email: "pedro@example.com",
      origin: { empresa_id: barber.companyId, origem: "qrcode_empresa" },
    });
    const other = await createProgram({ name: "Sobrancelha", stampsRequired: 3, reward: "Design" });
    await ok(
      apiAs(t, barber.cookie).POST("/api/customers/{id}/status", {
        params: { path: { id: pedro.customerId } },
        body: { status: "inactive" },
      }),
      200,
    );
    expect(await errorCode(await openCard(pedro.customerId, other.id), 409)).toBe(
      "customer_inactive",
    );
  });
});

describe("scoping", () => {
  it("another company cannot open cards for this company's customers or in its programmes", async () => {
    const rivalProgram = (await ok(apiAs(t, rival.cookie).GET("/api/programs"), 200))[0]!;
    const attempts = [
      // the rival's programme for its (non-)member
      openCard(joao.customerId, rivalProgram.id, rival.cookie),
      // this company's programme through the rival's session
      openCard(joao.customerId, haircut.id, rival.cookie),
      // this company's customer with the rival's programme
      openCard(joao.customerId, rivalProgram.id),
      openCard("00000000-0000-4000-8000-000000000000", haircut.id),
      t.request(`/api/customers/${joao.customerId}/stamps`, {
        cookie: barber.cookie,
        body: { method: "purchase", programId: rivalProgram.id },
      }),
    ];
    for (const res of await Promise.all(attempts))
      expect(await errorCode(res, 404)).toBe("not_found");
    const rows = await t.db
      .select()
      .from(loyaltyCards)
      .where(eq(loyaltyCards.programId, rivalProgram.id));
    expect(rows).toEqual([]);
  });

  it("customers cannot open cards for anyone", async () => {
    const res = await openCard(joao.customerId, haircut.id, joao.cookie);
    expect(res.status).toBe(403);
  });

  it("validates the programme id", async () => {
    const res = await t.request(`/api/customers/${joao.customerId}/cards`, {
      cookie: barber.cookie,
      body: { programId: "" },
    });
    const error = await errorBody(res, 400);
    expect(error.error.fields?.programId).toBe("program_required");
  });
});

describe("the customer's card API", () => {
  it("gives the company's logo URL and card colour", async () => {
    const [before] = await myCards();
    expect(before).toMatchObject({ companyLogoUrl: null, brandColor: null });
    await t.db
      .update(companies)
      .set({ brandColor: "#0f766e", logoUrl: `/api/companies/${barber.companyId}/logo?v=f1` })
      .where(eq(companies.id, barber.companyId));
    for (const card of await myCards()) {
      expect(card).toMatchObject({
        companyLogoUrl: `/api/companies/${barber.companyId}/logo?v=f1`,
        brandColor: "#0f766e",
      });
    }
    const page = await ok(
      apiAs(t, joao.cookie).GET("/api/me/companies/{id}", {
        params: { path: { id: barber.companyId } },
      }),
      200,
    );
    expect(page.cards.length).toBeGreaterThan(1);
    expect(page.cards[0]).toMatchObject({ brandColor: "#0f766e" });
  });
});
