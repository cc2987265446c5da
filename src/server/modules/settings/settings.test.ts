import type { Me } from "@shared/auth.schema";
import type { CustomerCard } from "@shared/cards.schema";
import type { SpecialPromotion } from "@shared/companies.schema";
import type {
  LoyaltyRules,
  NotificationSettings,
  PromotionSettings,
  ReferralRules,
} from "@shared/settings.schema";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { companies } from "../companies/companies.table";

let t: TestApp;
let shop: { cookie: string; companyId: string };
let other: { cookie: string; companyId: string };
let ana: { cookie: string; customerId: string };

beforeAll(async () => {
  t = await createTestApp();
  shop = await t.companySession({ companyName: "Pet Shop Bidu", email: "bidu@example.com" });
  other = await t.companySession({ companyName: "Café Vizinho", email: "vizinho@example.com" });
  ana = await t.customerSession({
    name: "Ana Lima",
    email: "ana@example.com",
    origin: { empresa_id: shop.companyId },
  });
});
afterAll(async () => {
  await t?.close();
});

const get = async <T>(path: string, cookie: string, status = 200) => {
  const res = await t.request(path, { cookie });
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as T;
};
const put = async <T>(path: string, cookie: string, body: unknown, status = 200) => {
  const res = await t.request(path, { cookie, body, method: "PUT" });
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
};
const fieldsOf = async (path: string, body: unknown, cookie = shop.cookie) =>
  (await put<{ error: { code: string; fields: Record<string, string> } }>(path, cookie, body, 400))
    .error;

const RULES: LoyaltyRules = {
  purchaseStamps: 2,
  review: { enabled: true, stamps: 3, bonus: "Um petisco grátis" },
  social: { enabled: false, stamps: 1, bonus: "", networks: ["instagram", "tiktok"] },
  birthday: { enabled: true, stamps: 4, message: "Feliz aniversário!" },
};

describe("loyalty rules", () => {
  it("start at the spec's defaults, are saved and read back", async () => {
    expect(await get<LoyaltyRules>("/api/settings/loyalty-rules", shop.cookie)).toEqual({
      purchaseStamps: 1,
      review: { enabled: true, stamps: 2, bonus: "" },
      social: {
        enabled: true,
        stamps: 1,
        bonus: "",
        networks: ["instagram", "facebook", "x", "tiktok", "youtube", "linkedin"],
      },
      birthday: { enabled: true, stamps: 3, message: "" },
    });
    expect(await put("/api/settings/loyalty-rules", shop.cookie, RULES)).toEqual(RULES);
    expect(await get("/api/settings/loyalty-rules", shop.cookie)).toEqual(RULES);
  });

  it("refuse counts under 1 (spec section 5) and keep what was saved", async () => {
    const error = await fieldsOf("/api/settings/loyalty-rules", {
      ...RULES,
      purchaseStamps: 0,
      birthday: { ...RULES.birthday, stamps: 1.5 },
    });
    expect(error.code).toBe("validation_failed");
    expect(error.fields).toMatchObject({
      purchaseStamps: "rule_stamps_range",
      "birthday.stamps": "rule_stamps_range",
    });
    expect(await get("/api/settings/loyalty-rules", shop.cookie)).toEqual(RULES);
  });

  it("drive the stamps a purchase gives and the claim options customers see", async () => {
    const [card] = await get<CustomerCard[]>("/api/me/cards", ana.cookie);
    await t.request(`/api/cards/${card!.id}/stamps`, {
      cookie: shop.cookie,
      body: { method: "purchase", notes: "" },
    });
    const [after] = await get<CustomerCard[]>("/api/me/cards", ana.cookie);
    expect(after!.stamps).toBe(2); // purchaseStamps: 2
    const page = await get<{
      claimOptions: { socialNetworks: string[]; review: { stamps: number; bonus: string | null } };
    }>(`/api/me/companies/${shop.companyId}`, ana.cookie);
    expect(page.claimOptions.socialNetworks).toEqual([]); // social turned off
    // 'Bônus (opcional)' acts: the customer is told what a review earns besides its stamps.
    expect(page.claimOptions.review).toEqual({ stamps: 3, bonus: "Um petisco grátis" });
  });
});

describe("referral rules", () => {
  it("save stamps and bonuses in cents, at least 0", async () => {
    const rules: ReferralRules = {
      enabled: true,
      referredStamps: 0,
      referrerStamps: 2,
      referredBonusCents: 1050,
      referrerBonusCents: 0,
      monthlyCap: 3,
    };
    expect(await put("/api/settings/referral-rules", shop.cookie, rules)).toEqual(rules);
    expect(await get("/api/settings/referral-rules", shop.cookie)).toEqual(rules);
    const error = await fieldsOf("/api/settings/referral-rules", {
      ...rules,
      referrerStamps: -1,
      referredBonusCents: 10.5,
      monthlyCap: 0,
    });
    expect(error.fields).toMatchObject({
      referrerStamps: "referral_stamps_range",
      referredBonusCents: "referral_bonus_range",
      monthlyCap: "referral_cap_range",
    });
    expect(await get("/api/settings/referral-rules", shop.cookie)).toEqual(rules);
  });
});

describe("special promotion", () => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(
    new Date(),
  );
  const promotion: PromotionSettings = {
    active: true,
    title: "Banho em dobro",
    description: "Dois banhos pelo preço de um",
    startsOn: today,
    endsOn: "2099-12-31",
  };

  it("needs a title and a description while active, and an end not before the start", async () => {
    const error = await fieldsOf("/api/settings/promotion", {
      ...promotion,
      title: " ",
      description: "",
      startsOn: "2026-05-10",
      endsOn: "2026-05-09",
    });
    expect(error.fields).toEqual({
      title: "promotion_title_required",
      description: "promotion_description_required",
      endsOn: "promotion_end_before_start",
    });
    // inactive, a draft without a title is fine
    expect(
      await put("/api/settings/promotion", shop.cookie, {
        active: false,
        title: "",
        description: "rascunho",
        startsOn: null,
        endsOn: null,
      }),
    ).toMatchObject({ active: false, description: "rascunho" });
  });

  it("is persisted whole and reaches customers while active and within its dates", async () => {
    expect(await put("/api/settings/promotion", shop.cookie, promotion)).toEqual(promotion);
    expect(await get("/api/settings/promotion", shop.cookie)).toEqual(promotion);
    const list = await get<SpecialPromotion[]>("/api/directory/promotions", ana.cookie);
    expect(list).toEqual([
      expect.objectContaining({
        companyId: shop.companyId,
        title: "Banho em dobro",
        description: "Dois banhos pelo preço de um",
      }),
    ]);
    const page = await get<{ promotion: SpecialPromotion | null }>(
      `/api/me/companies/${shop.companyId}`,
      ana.cookie,
    );
    expect(page.promotion).toMatchObject({ title: "Banho em dobro" });

    // starting tomorrow: not yet
    await put("/api/settings/promotion", shop.cookie, { ...promotion, startsOn: "2099-01-01" });
    expect(await get<SpecialPromotion[]>("/api/directory/promotions", ana.cookie)).toEqual([]);
    const later = await get<{ promotion: SpecialPromotion | null }>(
      `/api/me/companies/${shop.companyId}`,
      ana.cookie,
    );
    expect(later.promotion).toBeNull();
  });
});

describe("notification switches", () => {
  it("are all on by default, saved and read back", async () => {
    const defaults: NotificationSettings = {
      push: true,
      email: true,
      messages: true,
      stamps: true,
      completedCards: true,
    };
    expect(await get("/api/settings/notifications", shop.cookie)).toEqual(defaults);
    const changed = { ...defaults, email: false, completedCards: false };
    expect(await put("/api/settings/notifications", shop.cookie, changed)).toEqual(changed);
    expect(await get("/api/settings/notifications", shop.cookie)).toEqual(changed);
  });
});

describe("appearance", () => {
  it("is kept per user, for companies and customers alike", async () => {
    expect(await get("/api/me/appearance", shop.cookie)).toEqual({ theme: null, language: null });
    await put("/api/me/appearance", shop.cookie, { theme: "dark", language: "en" });
    await put("/api/me/appearance", ana.cookie, { theme: "light", language: "pt" });
    expect(await get("/api/me/appearance", shop.cookie)).toEqual({ theme: "dark", language: "en" });
    expect(await get("/api/me/appearance", ana.cookie)).toEqual({
      theme: "light",
      language: "pt",
    });
    await put("/api/me/appearance", shop.cookie, { theme: "sepia", language: "en" }, 400);
  });
});

describe("isolation", () => {
  it("another company neither reads nor changes this company's settings", async () => {
    const before = await get("/api/settings/loyalty-rules", shop.cookie);
    expect(await get<LoyaltyRules>("/api/settings/loyalty-rules", other.cookie)).toMatchObject({
      purchaseStamps: 1,
    });
    await put("/api/settings/loyalty-rules", other.cookie, { ...RULES, purchaseStamps: 9 });
    expect(await get("/api/settings/loyalty-rules", shop.cookie)).toEqual(before);
    expect(await get<PromotionSettings>("/api/settings/promotion", other.cookie)).toMatchObject({
      active: false,
      title: "",
    });
  });

  it("customers and visitors cannot use the settings", async () => {
    for (const path of [
      "/api/settings/loyalty-rules",
      "/api/settings/referral-rules",
      "/api/settings/promotion",
      "/api/settings/notifications",
    ]) {
      expect((await t.request(path, { cookie: ana.cookie })).status).toBe(403);
      expect((await t.request(path)).status).toBe(401);
    }
    expect((await t.request("/api/me/appearance")).status).toBe(401);
  });
});

describe("after the trial", () => {
  it("the company reads and stamps, but other changes answer plan_expired", async () => {
    const shopNow = await t.companySession({
      companyName: "Fim do Teste",
      email: "fim@example.com",
    });
    const bia = await t.customerSession({
      email: "bia@example.com",
      origin: { empresa_id: shopNow.companyId },
    });
    await t.db
      .update(companies)
      .set({ trialEndsAt: sql`now() - interval '1 day'` })
      .where(eq(companies.id, shopNow.companyId));

    const me = await get<Me>("/api/me", shopNow.cookie);
    expect(me.company?.planStatus).toBe("expired");
    expect(await get<LoyaltyRules>("/api/settings/loyalty-rules", shopNow.cookie)).toMatchObject({
      purchaseStamps: 1,
    });
    const refused = await t.request("/api/settings/loyalty-rules", {
      cookie: shopNow.cookie,
      method: "PUT",
      body: RULES,
    });
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("plan_expired");
    // stamping goes on, and the customer's own actions too
    const [card] = await get<CustomerCard[]>("/api/me/cards", bia.cookie);
    const stamped = await t.request(`/api/cards/${card!.id}/stamps`, {
      cookie: shopNow.cookie,
      body: { method: "purchase", notes: "" },
    });
    expect(stamped.status).toBe(201);
    await put("/api/me/appearance", bia.cookie, { theme: "dark", language: "pt" });

    // a paid period lifts it
    await t.db
      .update(companies)
      .set({ paidUntil: sql`now() + interval '30 days'` })
      .where(eq(companies.id, shopNow.companyId));
    expect((await get<Me>("/api/me", shopNow.cookie)).company?.planStatus).toBe("paid");
    await put("/api/settings/loyalty-rules", shopNow.cookie, RULES);
  });
});
