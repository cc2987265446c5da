import type { DirectoryPage, SpecialPromotion } from "@shared/companies.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyInput, createTestApp, type TestApp } from "../../test/test-app";
import { companies } from "./companies.table";

let t: TestApp;
let cafe: { cookie: string; companyId: string };
let barber: { cookie: string; companyId: string };
let pet: { cookie: string; companyId: string };
let ana: { cookie: string; customerId: string };

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({
    companyName: "Café Aurora",
    email: "cafe@example.com",
    city: "São Paulo",
    state: "SP",
    sector: "alimentacao",
  });
  barber = await t.companySession({
    companyName: "Barbearia Navalha",
    email: "barba@example.com",
    city: "Campinas",
    state: "SP",
    sector: "beleza",
  });
  pet = await t.companySession({
    companyName: "Pet Amigo",
    email: "pet@example.com",
    city: "Recife",
    state: "PE",
    sector: "pet",
  });
  ana = await t.customerSession({
    email: "ana@example.com",
    origin: { empresa_id: cafe.companyId },
  });
});
afterAll(async () => {
  await t?.close();
});

const directory = async (query = "", cookie = ana.cookie) => {
  const res = await t.request(`/api/directory/companies${query}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as DirectoryPage;
};
const names = (page: DirectoryPage) => page.companies.map((c) => c.tradeName);

describe("the customer's company directory", () => {
  it("lists the companies with an active subscription, by name, telling where the customer is a member", async () => {
    const page = await directory();
    expect(names(page)).toEqual(["Barbearia Navalha", "Café Aurora", "Pet Amigo"]);
    expect(page.total).toBe(3);
    expect(page.companies.find((c) => c.id === cafe.companyId)?.member).toBe(true);
    expect(page.companies.find((c) => c.id === pet.companyId)?.member).toBe(false);
  });

  it("filters by sector, state and city, the city ignoring case and accents", async () => {
    expect(names(await directory("?sector=beleza"))).toEqual(["Barbearia Navalha"]);
    expect(names(await directory("?state=SP"))).toEqual(["Barbearia Navalha", "Café Aurora"]);
    expect(names(await directory(`?city=${encodeURIComponent("sao paulo")}`))).toEqual([
      "Café Aurora",
    ]);
    expect(names(await directory("?state=SP&sector=pet"))).toEqual([]);
    const bad = await t.request("/api/directory/companies?state=XX", { cookie: ana.cookie });
    expect(bad.status).toBe(400);
  });

  it("leaves out a company without an active subscription, and its city", async () => {
    await t.db
      .update(companies)
      .set({ subscriptionActive: false })
      .where(eq(companies.id, pet.companyId));
    expect(names(await directory())).not.toContain("Pet Amigo");
    const cities = await (await t.request("/api/directory/cities", { cookie: ana.cookie })).json();
    expect(cities).toEqual(["Campinas", "São Paulo"]);
    await t.db
      .update(companies)
      .set({ subscriptionActive: true })
      .where(eq(companies.id, pet.companyId));
  });

  it("leaves out a company whose owner never confirmed their e-mail, and its city, until they do", async () => {
    const input = companyInput({
      companyName: "Padaria Fantasma",
      email: "fantasma@example.com",
      city: "Olinda",
      state: "PE",
    });
    expect((await t.request("/api/accounts/company", { body: input })).status).toBe(201);
    const cities = async () =>
      (await (await t.request("/api/directory/cities", { cookie: ana.cookie })).json()) as string[];
    expect(names(await directory())).not.toContain("Padaria Fantasma");
    expect((await directory()).total).toBe(3);
    expect(names(await directory("?state=PE"))).toEqual(["Pet Amigo"]);
    expect(await cities()).not.toContain("Olinda");
    await t.confirm(input.email);
    expect(names(await directory("?state=PE"))).toEqual(["Padaria Fantasma", "Pet Amigo"]);
    expect(await cities()).toContain("Olinda");
    await t.db.delete(companies).where(eq(companies.tradeName, "Padaria Fantasma"));
  });

  it("shows special promotions only while active and within their dates", async () => {
    const promotions = async () =>
      (await (
        await t.request("/api/directory/promotions", { cookie: ana.cookie })
      ).json()) as SpecialPromotion[];
    expect(await promotions()).toEqual([]);
    await t.db
      .update(companies)
      .set({
        promotionActive: true,
        promotionDescription: "Café em dobro às sextas",
        promotionStartsOn: "2020-01-01",
        promotionEndsOn: "2999-12-31",
      })
      .where(eq(companies.id, cafe.companyId));
    await t.db
      .update(companies)
      .set({
        promotionActive: true,
        promotionDescription: "Acabou",
        promotionStartsOn: "2020-01-01",
        promotionEndsOn: "2020-01-31",
      })
      .where(eq(companies.id, barber.companyId));
    await t.db
      .update(companies)
      .set({ promotionActive: false, promotionDescription: "Desligada" })
      .where(eq(companies.id, pet.companyId));
    const list = await promotions();
    expect(list).toEqual([
      expect.objectContaining({
        companyId: cafe.companyId,
        companyName: "Café Aurora",
        description: "Café em dobro às sextas",
      }),
    ]);
  });

  it("is for signed-in customers: a company gets 403, nobody signed in 401", async () => {
    for (const path of [
      "/api/directory/companies",
      "/api/directory/cities",
      "/api/directory/promotions",
    ]) {
      expect((await t.request(path, { cookie: cafe.cookie })).status, path).toBe(403);
      expect((await t.request(path)).status, path).toBe(401);
    }
  });
});
