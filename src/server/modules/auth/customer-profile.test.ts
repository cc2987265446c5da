import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, customerInput, type TestApp } from "../../test/test-app";

let t: TestApp;
let cafe: { cookie: string; companyId: string };

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ email: "perfil@example.com" });
});
afterAll(async () => {
  await t?.close();
});

const me = async (cookie: string) =>
  (await (await t.request("/api/me", { cookie })).json()) as {
    profile: { city: string | null; state: string | null };
  };

describe("the short customer sign-up (issue 31)", () => {
  it("joins through the company's link with only name, e-mail and password", async () => {
    const { city: _city, state: _state, ...input } = customerInput({ email: "curto@example.com" });
    const res = await t.request("/api/accounts/customer", {
      body: { ...input, phone: "", birthDate: "", origin: { empresa_id: cafe.companyId } },
    });
    expect(res.status).toBe(201);
    await t.confirm("curto@example.com");
    const cookie = await t.signIn("curto@example.com", "segredo1");
    expect((await me(cookie)).profile).toMatchObject({ city: null, state: null });
    const cards = (await (await t.request("/api/me/cards", { cookie })).json()) as unknown[];
    expect(cards).toHaveLength(1);
  });

  it("takes empty city and state as none, and still refuses an unknown state", async () => {
    const ok = await t.request("/api/accounts/customer", {
      body: customerInput({ email: "vazio@example.com", city: "", state: "" }),
    });
    expect(ok.status).toBe(201);
    const bad = await t.request("/api/accounts/customer", {
      body: customerInput({ email: "xx@example.com", city: "", state: "XX" }),
    });
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields,
    ).toEqual({
      state: "state_invalid",
    });
  });
});

/** Bia's own fields as `customerSession` made them (the tests below change city and state). */
const own = { name: "João da Silva", phone: "", birthDate: "1990-05-17" };

describe("'Meus dados': the customer's city and state", () => {
  it("saves the customer's own city and state, and clears them with empty values", async () => {
    const bia = await t.customerSession({ email: "bia@example.com", city: "", state: "" });
    const other = await t.customerSession({ email: "caio@example.com" });
    expect(await (await t.request("/api/me/profile", { cookie: bia.cookie })).json()).toEqual({
      ...own,
      city: "",
      state: "",
    });
    const saved = await t.request("/api/me/profile", {
      method: "PUT",
      cookie: bia.cookie,
      body: { ...own, city: "  Campinas ", state: "sp" },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ ...own, city: "Campinas", state: "SP" });
    expect((await me(bia.cookie)).profile).toMatchObject({ city: "Campinas", state: "SP" });
    // Another customer's data is untouched.
    expect((await me(other.cookie)).profile).toMatchObject({ city: "Campinas", state: "SP" });
    const other2 = await t.request("/api/me/profile", {
      method: "PUT",
      cookie: other.cookie,
      body: { ...own, name: "Caio", city: "Recife", state: "PE" },
    });
    expect(other2.status).toBe(200);
    expect((await me(bia.cookie)).profile).toMatchObject({ city: "Campinas", state: "SP" });
    const cleared = await t.request("/api/me/profile", {
      method: "PUT",
      cookie: bia.cookie,
      body: { ...own, city: "", state: "" },
    });
    expect(await cleared.json()).toEqual({ ...own, city: "", state: "" });
    expect((await me(bia.cookie)).profile).toMatchObject({ city: null, state: null });
  });

  it("refuses an unknown state, a city too long, a company account and no session", async () => {
    const bia = await t.customerSession({ email: "bia2@example.com" });
    const bad = await t.request("/api/me/profile", {
      method: "PUT",
      cookie: bia.cookie,
      body: { ...own, city: "x".repeat(200), state: "ZZ" },
    });
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields,
    ).toEqual({
      city: "city_too_long",
      state: "state_invalid",
    });
    const company = await t.request("/api/me/profile", {
      method: "PUT",
      cookie: cafe.cookie,
      body: { ...own, city: "Campinas", state: "SP" },
    });
    expect(company.status).toBe(403);
    const nobody = await t.request("/api/me/profile", {
      method: "PUT",
      body: { ...own, city: "Campinas", state: "SP" },
    });
    expect(nobody.status).toBe(401);
  });
});

describe("'Corrigir meus dados' (issue 34)", () => {
  it("corrects name, phone and birthday, and every company's view follows, its own copy too", async () => {
    const lia = await t.customerSession({ email: "lia@example.com", name: "Lia Errada" });
    await t.request("/api/memberships", {
      cookie: lia.cookie,
      body: { companyId: cafe.companyId },
    });
    // The café had typed another phone and city into its own record of her.
    const record = await t.request(`/api/customers/${lia.customerId}/record`, {
      cookie: cafe.cookie,
      body: { phone: "(11) 3333-4444", birthDate: "", city: "Santos", state: "SP", notes: "VIP" },
    });
    expect(record.status, await record.clone().text()).toBe(200);
    const saved = await t.request("/api/me/profile", {
      method: "PUT",
      cookie: lia.cookie,
      body: {
        name: "Lia Certa",
        phone: "(11) 97777-6666",
        birthDate: "1991-02-03",
        city: "Jundiaí",
        state: "SP",
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const details = (await (
      await t.request(`/api/customers/${lia.customerId}`, { cookie: cafe.cookie })
    ).json()) as Record<string, unknown>;
    expect(details).toMatchObject({
      name: "Lia Certa",
      phone: "(11) 97777-6666",
      city: "Jundiaí",
      notes: "VIP",
    });
    expect(String(details.birthDate)).toContain("1991-02-03");
    const bad = await t.request("/api/me/profile", {
      method: "PUT",
      cookie: lia.cookie,
      body: { name: "", phone: "123", birthDate: "2999-01-01", city: "", state: "" },
    });
    expect(bad.status).toBe(400);
    expect(
      Object.keys(
        ((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields,
      ).sort(),
    ).toEqual(["birthDate", "name", "phone"]);
  });
});
