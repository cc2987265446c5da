import type { ReferralRules } from "@shared/settings.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, ok } from "../../test/api";
import { createTestApp, customerInput, type TestApp } from "../../test/test-app";

/**
 * What the friend is told about a member's personal link (issue 29 item 15): the sign-up page's
 * 'Você foi indicado por um amigo!' only when the link would credit someone (the public
 * GET /api/companies/:id/referral-link), and after joining, plainly, when it gave nothing
 * (MyReferral.invitation), never why.
 */

let t: TestApp;
type Company = { cookie: string; companyId: string };
type Customer = { cookie: string; customerId: string };
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
      referredBonusCents: 0,
      referrerBonusCents: 0,
      monthlyCap: 10,
      ...values,
    } satisfies ReferralRules,
  });

let n = 0;
async function signUp(origin: Record<string, string>): Promise<Customer> {
  n++;
  const input = customerInput({ name: `Amigo ${n}`, email: `amigo${n}@example.com` });
  const res = await t.request("/api/accounts/customer", {
    body: { ...input, origin },
    ip: `10.9.0.${n}`,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  await t.confirm(input.email as string);
  const cookie = await t.signIn(input.email as string, input.password as string);
  const me = await ok(apiAs(t, cookie).GET("/api/me"), 200);
  return { cookie, customerId: me.user.id };
}

const member = (company: Company) => signUp({ empresa_id: company.companyId });
const referredBy = (company: Company, referrer: Customer) =>
  signUp({ empresa_id: company.companyId, indicador: referrer.customerId });

/** The public answer for a link, as the sign-up page asks it (no session). */
const credits = async (company: Company, referrerId: string) =>
  (
    await ok(
      apiAs(t).GET("/api/companies/{id}/referral-link", {
        params: { path: { id: company.companyId }, query: { indicador: referrerId } },
      }),
      200,
    )
  ).credits;

const invitation = async (customer: Customer, company: Company) =>
  (
    await ok(
      apiAs(t, customer.cookie).GET("/api/me/companies/{id}/referral", {
        params: { path: { id: company.companyId } },
      }),
      200,
    )
  ).invitation;

beforeAll(async () => {
  t = await createTestApp({
    limits: { signUp: { bucket: "sign-up", max: 1000, windowSeconds: 3600 } },
  });
  cafe = await t.companySession();
  rival = await t.companySession({ email: "dono@rival.com.br", companyName: "Café Rival" });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("a member's link while the company's programme is off (the default)", () => {
  it("credits nobody, and the friend who joins through it is told it gave nothing", async () => {
    const ana = await member(cafe);
    expect(await credits(cafe, ana.customerId)).toBe(false);
    const bia = await referredBy(cafe, ana);
    expect(await invitation(bia, cafe)).toBe("not_credited");
    expect(await invitation(ana, cafe)).toBeNull();
  });
});

describe("with the programme on", () => {
  it("credits a member's link, and the friend's welcome went through", async () => {
    expect((await rules(cafe, {})).status).toBe(200);
    const caio = await member(cafe);
    expect(await credits(cafe, caio.customerId)).toBe(true);
    const duda = await referredBy(cafe, caio);
    expect(await invitation(duda, cafe)).toBe("credited");
  });

  it("credits nobody through an unknown id, a non-member or another company's member", async () => {
    expect(await credits(cafe, "00000000-0000-4000-8000-000000000000")).toBe(false);
    const outsider = await member(rival);
    expect(await credits(cafe, outsider.customerId)).toBe(false);
    const unknownCompany = await ok(
      apiAs(t).GET("/api/companies/{id}/referral-link", {
        params: {
          path: { id: "00000000-0000-4000-8000-000000000000" },
          query: { indicador: outsider.customerId },
        },
      }),
      200,
    );
    expect(unknownCompany.credits).toBe(false);
  });

  it("credits nobody once the referrer reached the monthly cap: the next friend is told plainly", async () => {
    expect((await rules(cafe, { monthlyCap: 1 })).status).toBe(200);
    const edu = await member(cafe);
    expect(await credits(cafe, edu.customerId)).toBe(true);
    const first = await referredBy(cafe, edu);
    expect(await invitation(first, cafe)).toBe("credited");
    expect(await credits(cafe, edu.customerId)).toBe(false);
    const second = await referredBy(cafe, edu);
    expect(await invitation(second, cafe)).toBe("not_credited");
  });
});
