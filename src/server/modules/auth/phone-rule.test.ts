import type { ReferralRules } from "@shared/settings.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, apiAs, errorBody, ok } from "../../test/api";
import { companyInput, createTestApp, customerInput, type TestApp } from "../../test/test-app";

/**
 * One Brazilian phone rule (issue 29, items 12 and 17; src/shared/phone.ts): every form that
 * takes a phone refuses what is not DDD + 8 or 9 digits, and the self-referral check knows one
 * number in all its spellings.
 */
let t: TestApp;
let cafe: { cookie: string; companyId: string };

beforeAll(async () => {
  t = await createTestApp({
    limits: { signUp: { bucket: "sign-up", max: 1000, windowSeconds: 3600 } },
  });
  cafe = await t.companySession();
});
afterAll(() => t?.close());

const companyData = (phones: { phone: string; whatsapp: string }) =>
  t.request("/api/company/data", {
    method: "PUT",
    cookie: cafe.cookie,
    body: {
      tradeName: "Café do Ponto",
      email: "",
      website: "",
      city: "Campinas",
      state: "SP",
      sector: "alimentacao",
      summary: "",
      instagram: "",
      facebook: "",
      linkedin: "",
      youtube: "",
      tiktok: "",
      x: "",
      googleReviewUrl: "",
      ...phones,
    },
  });

const newCustomer = (phone: string, email: string) =>
  t.request("/api/customers", {
    cookie: cafe.cookie,
    body: { name: "Cliente Novo", email, phone, birthDate: "", city: "Campinas", state: "SP" },
  });

describe("phones are Brazilian numbers: DDD + 8 or 9 digits", () => {
  it("refuses '123' at company sign-up, and takes '011 98888 0000'", async () => {
    const refused = await t.request("/api/accounts/company", {
      body: companyInput({ email: "fone@example.com", phone: "123" }),
    });
    expect((await errorBody(refused, 400)).error.fields).toEqual({ phone: "phone_invalid" });
    const taken = await t.request("/api/accounts/company", {
      body: companyInput({ email: "fone@example.com", phone: "011 98888 0000" }),
    });
    expect(taken.status).toBe(201);
  });

  it("refuses '12' in the company data, and takes a landline and a mobile", async () => {
    const refused = await companyData({ phone: "12", whatsapp: "(11) 9888" });
    expect((await errorBody(refused, 400)).error.fields).toEqual({
      phone: "phone_invalid",
      whatsapp: "phone_invalid",
    });
    const saved = await answerOf<"/api/company/data", "put">(
      await companyData({ phone: "(11) 3333-4444", whatsapp: "+55 11 98888-7777" }),
      200,
    );
    expect(saved).toMatchObject({ phone: "(11) 3333-4444", whatsapp: "+55 11 98888-7777" });
  });

  it("refuses '9' in 'Novo Cliente', and still takes no phone at all", async () => {
    const refused = await newCustomer("9", "nove@example.com");
    expect((await errorBody(refused, 400)).error.fields).toEqual({ phone: "phone_invalid" });
    expect((await newCustomer("", "sem-fone@example.com")).status).toBe(201);
    expect((await newCustomer("(19) 99876-5432", "com-fone@example.com")).status).toBe(201);
  });

  it("refuses a short phone at customer sign-up (the phone stays optional there)", async () => {
    const refused = await t.request("/api/accounts/customer", {
      body: customerInput({ email: "curto@example.com", phone: "9999-999" }),
    });
    expect((await errorBody(refused, 400)).error.fields).toEqual({ phone: "phone_invalid" });
  });
});

describe("a self-referral under another spelling of the referrer's phone", () => {
  let n = 0;
  async function signUp(origin: Record<string, string>, phone: string) {
    n++;
    const input = customerInput({ email: `fone${n}@example.com`, name: `Cliente ${n}`, phone });
    const res = await t.request("/api/accounts/customer", {
      body: { ...input, origin },
      ip: `10.9.0.${n}`,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    await t.confirm(input.email);
    const cookie = await t.signIn(input.email, input.password);
    const me = (await (await t.request("/api/me", { cookie })).json()) as { user: { id: string } };
    return me.user.id;
  }

  it.each(["011 98888 0000", "(11) 8888-0000", "+55 (11) 98888-0000"])(
    "%s is blocked against 11 98888-0000",
    async (spelling) => {
      const rules = await t.request("/api/settings/referral-rules", {
        method: "PUT",
        cookie: cafe.cookie,
        body: {
          enabled: true,
          referredStamps: 2,
          referrerStamps: 3,
          referredBonusCents: 0,
          referrerBonusCents: 0,
          monthlyCap: 10,
        } satisfies ReferralRules,
      });
      expect(rules.status).toBe(200);
      const referrer = await signUp({ empresa_id: cafe.companyId }, "11 98888-0000");
      const friend = await signUp({ empresa_id: cafe.companyId, indicador: referrer }, spelling);
      const page = await ok(apiAs(t, cafe.cookie).GET("/api/referrals"), 200);
      expect(page.items.find((r) => r.referredId === friend)).toMatchObject({
        state: "blocked",
        reason: "self_referral",
      });
    },
  );
});
