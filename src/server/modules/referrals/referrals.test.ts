import type { ReferralRules } from "@shared/settings.schema";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, apiAs, ok } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, customerInput, type TestApp } from "../../test/test-app";

/**
 * Referrals (issue 16, point 3): the friend's welcome on joining through a member's link, the
 * referrer's reward after the friend's first staff stamp, and each rule that blocks or holds one.
 */

let t: TestApp;
type Company = { cookie: string; companyId: string };
type Customer = { cookie: string; customerId: string; email: string };
let cafe: Company;
let rival: Company;

const rules = (company: Company, values: Partial<ReferralRules>) =>
  t.request("/api/settings/referral-rules", {
    method: "PUT",
    cookie: company.cookie,
    body: {
      enabled: true,
      referredStamps: 2,
      referrerStamps: 3,
      referredBonusCents: 500,
      referrerBonusCents: 1000,
      monthlyCap: 10,
      ...values,
    } satisfies ReferralRules,
  });

let n = 0;
/** A confirmed, signed-in customer who signed up through `origin` from `ip`. */
async function signUp(
  origin: Record<string, string>,
  { ip, ...extra }: { ip?: string } & Record<string, unknown> = {},
): Promise<Customer> {
  n++;
  const input = customerInput({ name: `Cliente ${n}`, email: `cliente${n}@example.com`, ...extra });
  const res = await t.request("/api/accounts/customer", {
    body: { ...input, origin },
    ip: ip ?? `10.0.${Math.floor(n / 250)}.${n % 250}`,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  await t.confirm(input.email as string);
  const cookie = await t.signIn(input.email as string, input.password as string);
  const me = await ok(apiAs(t, cookie).GET("/api/me"), 200);
  return { cookie, customerId: me.user.id, email: input.email as string };
}

const member = (company: Company, extra: Record<string, unknown> = {}) =>
  signUp({ empresa_id: company.companyId, origem: "qrcode_empresa" }, extra);

const referredBy = (company: Company, referrer: Customer, extra: Record<string, unknown> = {}) =>
  signUp({ empresa_id: company.companyId, indicador: referrer.customerId }, extra);

async function cardAt(customer: Customer, company: Company) {
  const cards = await ok(apiAs(t, customer.cookie).GET("/api/me/cards"), 200);
  const card = cards.find((c) => c.companyId === company.companyId && c.status !== "redeemed");
  if (!card) throw new Error("no open card");
  return card;
}

const staffStamp = (company: Company, customer: Customer) =>
  t.request(`/api/customers/${customer.customerId}/stamps`, {
    cookie: company.cookie,
    body: { method: "purchase" },
  });

const list = async (company: Company, query: { state?: "held" } = {}) =>
  ok(apiAs(t, company.cookie).GET("/api/referrals", { params: { query } }), 200);

const referralOf = async (company: Company, friend: Customer) =>
  (await list(company)).items.find((r) => r.referredId === friend.customerId);

const bonus = async (company: Company, customer: Customer) =>
  ok(
    apiAs(t, company.cookie).GET("/api/customers/{id}/bonus", {
      params: { path: { id: customer.customerId } },
    }),
    200,
  );

/** The member's own referral page at the café (their link, what it gives, their counts). */
const myReferral = async (customer: Customer) =>
  ok(
    apiAs(t, customer.cookie).GET("/api/me/companies/{id}/referral", {
      params: { path: { id: cafe.companyId } },
    }),
    200,
  );

const decide = (company: Company, id: string, decision: string) =>
  t.request(`/api/referrals/${id}/decision`, { cookie: company.cookie, body: { decision } });

beforeAll(async () => {
  t = await createTestApp({
    limits: { signUp: { bucket: "sign-up", max: 1000, windowSeconds: 3600 } },
  });
  cafe = await t.companySession();
  rival = await t.companySession({ email: "dono@rival.com.br", companyName: "Café Rival" });
  // Stamps here are not about the counter's interval and daily cap: off.
  await setCounterRules(t, cafe.cookie);
  await setCounterRules(t, rival.cookie);
  expect((await rules(cafe, {})).status).toBe(200);
});
afterAll(() => t?.close());

describe("a friend joins through a member's link", () => {
  let ana: Customer;
  let bia: Customer;

  beforeAll(async () => {
    ana = await member(cafe, { phone: "(11) 97777-0001" });
    bia = await referredBy(cafe, ana, { phone: "(11) 97777-0002" });
  });

  it("gives the friend the welcome stamps and bonus at once, pending the first visit", async () => {
    const card = await cardAt(bia, cafe);
    expect(card.stamps).toBe(2);
    expect((await bonus(cafe, bia)).balanceCents).toBe(500);
    const referral = await referralOf(cafe, bia);
    expect(referral).toMatchObject({
      referrerId: ana.customerId,
      referrerName: expect.stringMatching(/^Cliente/),
      state: "pending",
      reason: null,
    });
    // Nothing for the referrer yet: the friend has not visited.
    expect((await cardAt(ana, cafe)).stamps).toBe(0);
    expect((await bonus(cafe, ana)).balanceCents).toBe(0);
  });

  it("shows the member their personal link, what it gives and their counts", async () => {
    const mine = await myReferral(ana);
    expect(mine).toMatchObject({
      enabled: true,
      linkPath: `/login-cliente?empresa_id=${cafe.companyId}&indicador=${ana.customerId}`,
      referredStamps: 2,
      referrerStamps: 3,
      friends: 1,
      rewarded: 0,
      balanceCents: 0,
    });
    // Not a member of the rival: no link there.
    const other = await t.request(`/api/me/companies/${rival.companyId}/referral`, {
      cookie: ana.cookie,
    });
    expect(other.status).toBe(404);
  });

  it("rewards the referrer once the friend has had a first stamp from staff", async () => {
    t.mails.length = 0;
    expect((await staffStamp(cafe, bia)).status).toBe(201);
    expect((await referralOf(cafe, bia))?.state).toBe("rewarded");
    const card = await cardAt(ana, cafe);
    expect(card.stamps).toBe(3);
    expect((await bonus(cafe, ana)).balanceCents).toBe(1000);

    const mail = t.mails.find((m) => m.to === ana.email);
    // "de Café do Ponto": no article that would give the company a gender.
    expect(mail?.subject).toMatch(/^Seu amigo Cliente \d+ entrou no cartão de Café do Ponto$/);
    expect(mail?.text).toContain("você ganhou 3 carimbos e R$ 10,00 de bônus");
    // One notice in the bell, 'Indicação premiada' (referral_reward), not a company reply as well.
    const replies = await ok(apiAs(t, ana.cookie).GET("/api/me/replies"), 200);
    expect(replies.some((r) => /Seu amigo Cliente \d+ entrou/.test(JSON.stringify(r)))).toBe(false);
    const bell = await ok(apiAs(t, ana.cookie).GET("/api/me/notifications"), 200);
    const types = bell.items.map((n) => n.type);
    expect(types.filter((type) => type === "referral_reward")).toHaveLength(1);
    expect(types).not.toContain("reply");

    // The friend's second visit gives the referrer nothing more.
    t.mails.length = 0;
    expect((await staffStamp(cafe, bia)).status).toBe(201);
    expect((await cardAt(ana, cafe)).stamps).toBe(3);
    expect(t.mails.filter((m) => m.to === ana.email)).toHaveLength(0);
  });

  it("records the referral stamps with the method 'referral' in the card's history", async () => {
    const card = await cardAt(ana, cafe);
    const details = await ok(
      apiAs(t, cafe.cookie).GET("/api/cards/{id}", { params: { path: { id: card.id } } }),
      200,
    );
    expect(details.history).toEqual([expect.objectContaining({ method: "referral", count: 3 })]);
  });

  it("keeps one referrer per friend: a second link joins nothing new", async () => {
    const carla = await member(cafe);
    const joined = await ok(
      apiAs(t, bia.cookie).POST("/api/memberships", {
        body: { companyId: cafe.companyId, referrerId: carla.customerId },
      }),
      200,
    );
    expect(joined.joined).toBe(false);
    const referral = await referralOf(cafe, bia);
    expect(referral?.referrerId).toBe(ana.customerId);
    expect((await list(cafe)).items.filter((r) => r.referredId === bia.customerId)).toHaveLength(1);
  });
});

describe("the rules that block or hold a referral", () => {
  it("blocks a self-referral (the same phone) and credits nothing", async () => {
    const dani = await member(cafe, { phone: "(11) 96666-1234" });
    const again = await referredBy(cafe, dani, { phone: "+55 11 96666-1234" });
    expect(await referralOf(cafe, again)).toMatchObject({
      state: "blocked",
      reason: "self_referral",
    });
    expect((await cardAt(again, cafe)).stamps).toBe(0);
    expect((await bonus(cafe, again)).balanceCents).toBe(0);
    // Its first visit rewards no one.
    expect((await staffStamp(cafe, again)).status).toBe(201);
    expect((await cardAt(dani, cafe)).stamps).toBe(0);
  });

  it("only counts a customer new to the company", async () => {
    const eva = await member(cafe);
    const fabio = await member(cafe);
    // Fábio, already a member, opens Eva's link signed in: nothing is recorded.
    await t.request("/api/memberships", {
      cookie: fabio.cookie,
      body: { companyId: cafe.companyId, referrerId: eva.customerId },
    });
    expect(await referralOf(cafe, fabio)).toBeUndefined();
    // Gabi, a customer of the rival only, joins the café through Eva's link: she counts.
    const gabi = await member(rival);
    const joined = await ok(
      apiAs(t, gabi.cookie).POST("/api/memberships", {
        body: { companyId: cafe.companyId, referrerId: eva.customerId },
      }),
      200,
    );
    expect(joined.joined).toBe(true);
    expect((await referralOf(cafe, gabi))?.state).toBe("pending");
    expect((await cardAt(gabi, cafe)).stamps).toBe(2);
  });

  it("blocks referrals past the referrer's monthly cap", async () => {
    expect((await rules(cafe, { monthlyCap: 2 })).status).toBe(200);
    const hugo = await member(cafe);
    const friends = [];
    for (let i = 0; i < 3; i++) friends.push(await referredBy(cafe, hugo));
    const states = await Promise.all(friends.map((f) => referralOf(cafe, f)));
    expect(states.map((r) => [r?.state, r?.reason])).toEqual([
      ["pending", null],
      ["pending", null],
      ["blocked", "monthly_cap"],
    ]);
    expect((await cardAt(friends[2]!, cafe)).stamps).toBe(0);
    expect((await rules(cafe, { monthlyCap: 10 })).status).toBe(200);
  });

  it("holds more than 5 referrals from one IP address in a day until the company decides", async () => {
    const referrers = await Promise.all([member(cafe), member(cafe)]);
    const friends = [];
    for (let i = 0; i < 7; i++)
      friends.push(await referredBy(cafe, referrers[i % 2]!, { ip: "203.0.113.9" }));
    const found = await Promise.all(friends.map((f) => referralOf(cafe, f)));
    expect(found.map((r) => r?.state)).toEqual([
      "pending",
      "pending",
      "pending",
      "pending",
      "pending",
      "held",
      "held",
    ]);
    expect(found[5]?.reason).toBe("ip_burst");
    // Held: nothing credited until the company approves.
    expect((await cardAt(friends[5]!, cafe)).stamps).toBe(0);
    const page = await list(cafe, { state: "held" });
    expect(page.held).toBe(2);
    expect(page.items.map((r) => r.referredId).sort()).toEqual(
      [friends[5]!.customerId, friends[6]!.customerId].sort(),
    );

    expect((await decide(cafe, found[5]!.id, "approve")).status).toBe(200);
    expect((await referralOf(cafe, friends[5]!))?.state).toBe("pending");
    expect((await cardAt(friends[5]!, cafe)).stamps).toBe(2);
    expect((await bonus(cafe, friends[5]!)).balanceCents).toBe(500);

    expect((await decide(cafe, found[6]!.id, "block")).status).toBe(200);
    expect(await referralOf(cafe, friends[6]!)).toMatchObject({
      state: "blocked",
      reason: "company",
    });
    expect((await cardAt(friends[6]!, cafe)).stamps).toBe(0);
    // A decided referral cannot be approved again.
    expect((await decide(cafe, found[6]!.id, "approve")).status).toBe(409);
    // Another company cannot see or decide it.
    expect((await decide(rival, found[5]!.id, "block")).status).toBe(404);
    expect((await list(rival)).items).toEqual([]);
  });

  it("with the rules off, the link still joins and nothing is credited", async () => {
    expect((await rules(cafe, { enabled: false })).status).toBe(200);
    const ivo = await member(cafe);
    const julia = await referredBy(cafe, ivo);
    expect((await cardAt(julia, cafe)).companyId).toBe(cafe.companyId);
    expect(await referralOf(cafe, julia)).toMatchObject({ state: "blocked", reason: "rules_off" });
    expect((await cardAt(julia, cafe)).stamps).toBe(0);
    expect((await staffStamp(cafe, julia)).status).toBe(201);
    expect((await cardAt(ivo, cafe)).stamps).toBe(0);
    const mine = await myReferral(ivo);
    expect(mine.enabled).toBe(false);
    expect((await rules(cafe, { enabled: true })).status).toBe(200);
  });

  it("keeps a referral qualified while the referrer is inactive, rewarded by hand later", async () => {
    const lia = await member(cafe);
    const mauro = await referredBy(cafe, lia);
    const status = (value: string) =>
      t.request(`/api/customers/${lia.customerId}/status`, {
        cookie: cafe.cookie,
        body: { status: value },
      });
    expect((await status("inactive")).status).toBe(200);
    expect((await staffStamp(cafe, mauro)).status).toBe(201);
    const referral = await referralOf(cafe, mauro);
    expect(referral).toMatchObject({ state: "qualified", reason: "referrer_unavailable" });
    expect((await decide(cafe, referral!.id, "reward")).status).toBe(409);
    expect((await status("active")).status).toBe(200);
    expect((await decide(cafe, referral!.id, "reward")).status).toBe(200);
    expect((await referralOf(cafe, mauro))?.state).toBe("rewarded");
    expect((await cardAt(lia, cafe)).stamps).toBe(3);
  });
});

describe("the bonus balance at the counter", () => {
  it("uses at most the balance, recording who and when, scoped to the company", async () => {
    const nina = await member(cafe);
    const otto = await referredBy(cafe, nina);
    expect((await bonus(cafe, otto)).balanceCents).toBe(500);
    const use = (company: Company, amountCents: number) =>
      t.request(`/api/customers/${otto.customerId}/bonus/use`, {
        cookie: company.cookie,
        body: { amountCents, note: "Café com leite" },
      });
    expect((await use(cafe, 600)).status).toBe(409);
    expect((await use(cafe, 0)).status).toBe(400);
    const after = await answerOf<"/api/customers/{id}/bonus/use", "post">(
      await use(cafe, 350),
      200,
    );
    expect(after.balanceCents).toBe(150);
    expect(after.entries[0]).toMatchObject({
      kind: "used",
      amountCents: -350,
      note: "Café com leite",
      byName: "Café do Ponto",
    });
    // Two uses at once never take more than there is.
    const both = await Promise.all([use(cafe, 100), use(cafe, 100)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await bonus(cafe, otto)).balanceCents).toBe(50);
    // Another company: not its customer.
    expect((await use(rival, 10)).status).toBe(404);
    expect(
      (await t.request(`/api/customers/${otto.customerId}/bonus`, { cookie: rival.cookie })).status,
    ).toBe(404);
  });
});

describe("the company's backup", () => {
  it("holds its referrals and bonus entries, never another company's", async () => {
    const res = await t.request("/api/settings/backup", { cookie: cafe.cookie });
    expect(res.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const rows = (name: string) =>
      JSON.parse(strFromU8(zip[`${name}.json`]!)) as Record<string, unknown>[];
    const page = await list(cafe);
    expect(rows("indicacoes")).toHaveLength(page.total);
    expect(rows("indicacoes")[0]).toMatchObject({ referrerId: expect.any(String) });
    expect(rows("bonus").some((r) => r.kind === "used" && r.amountCents === -350)).toBe(true);
    const rivalZip = unzipSync(
      new Uint8Array(
        await (await t.request("/api/settings/backup", { cookie: rival.cookie })).arrayBuffer(),
      ),
    );
    expect(JSON.parse(strFromU8(rivalZip["indicacoes.json"]!))).toEqual([]);
  });
});

describe("referral rules", () => {
  it("default to off with 1 + 1 stamps, no bonus and a cap of 10", async () => {
    const fresh = await t.companySession({ email: "dono@novo.com.br", companyName: "Novo" });
    const saved = await ok(apiAs(t, fresh.cookie).GET("/api/settings/referral-rules"), 200);
    expect(saved).toEqual({
      enabled: false,
      referredStamps: 1,
      referrerStamps: 1,
      referredBonusCents: 0,
      referrerBonusCents: 0,
      monthlyCap: 10,
    });
  });
});
