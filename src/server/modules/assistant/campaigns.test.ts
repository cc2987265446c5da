import {
  ASSISTANT_DEFAULTS,
  type AssistantSettings,
  marketingConsentText,
} from "@shared/assistant.schema";
import { saoPauloDate } from "@shared/dates";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, apiAs, errorBody, ok } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, TEST_APP_URL, TEST_AUTH_SECRET, type TestApp } from "../../test/test-app";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import type { Mail } from "../mail/mail.service";
import { assistantSettings, campaignRuns, marketingConsents } from "./assistant.table";
import { runCampaigns } from "./campaigns.job";
import { optOutToken } from "./consents.service";

/**
 * Campaigns with consent (issue 20, point 6): the running promotion and card reminders reach only
 * members who agreed (explicitly, recorded with the text and the moment), once per period, each
 * e-mail with a one-click opt-out that works without signing in.
 */

let t: TestApp;
type Company = { cookie: string; companyId: string };
type Customer = { cookie: string; customerId: string };

/** Today in São Paulo (the company's trial runs from now: the job's days are near today). */
const TODAY = saoPauloDate(new Date());
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** `hhmm` in São Paulo (UTC-3) on `day`. */
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-03:00`);

/**
 * One run of the job as of `now`, then its e-mails out of the outbox; answers the new campaign
 * e-mails of `of` (its members' card link is in each).
 */
async function run(now: Date, of: Company): Promise<Mail[]> {
  const before = t.mails.length;
  await runCampaigns({ db: t.db, appUrl: TEST_APP_URL, authSecret: TEST_AUTH_SECRET }, now);
  await t.deliverQueuedEmails();
  return t.mails
    .slice(before)
    .filter(
      (m) =>
        m.headers?.["List-Unsubscribe"] &&
        m.text.includes(`/dashboard-cliente-cartao-fidelidade/${of.companyId}`),
    );
}

let companyCount = 0;
/** A company (trial) with the assistant on and a running promotion. */
async function company(
  settings: Partial<AssistantSettings> = {},
  promotion: Record<string, unknown> = {},
): Promise<Company & { name: string }> {
  companyCount++;
  const name = `Café ${companyCount}`;
  const c = await t.companySession({ email: `dono${companyCount}@cafe.com.br`, companyName: name });
  // Stamps here are not about the counter's interval and daily cap: off.
  await setCounterRules(t, c.cookie);
  await t.db.insert(assistantSettings).values({
    ...ASSISTANT_DEFAULTS,
    companyId: c.companyId,
    companyName: name,
    enabled: true,
    marketingPromotions: true,
    ...settings,
  });
  const res = await t.request("/api/settings/promotion", {
    method: "PUT",
    cookie: c.cookie,
    body: {
      active: true,
      title: "Café em dobro",
      description: "Na compra de um café, ganhe outro.",
      startsOn: null,
      endsOn: null,
      ...promotion,
    },
  });
  expect(res.status, await res.text()).toBe(200);
  return { ...c, name };
}

let customerCount = 0;
/** A customer signed up through the company's link, ticking the consent box or not. */
async function member(
  c: Company,
  consent: boolean | undefined,
  extra: Record<string, unknown> = {},
): Promise<Customer & { email: string }> {
  customerCount++;
  const email = `cliente${customerCount}@example.com`;
  const s = await t.customerSession({
    name: `Cliente ${customerCount}`,
    email,
    origin: { empresa_id: c.companyId, origem: "qrcode_empresa" },
    ...(consent === undefined ? {} : { marketingConsent: consent }),
    ...extra,
  });
  return { ...s, email };
}

const consentRows = (customerId: string, companyId: string) =>
  t.db
    .select()
    .from(marketingConsents)
    .where(
      and(eq(marketingConsents.customerId, customerId), eq(marketingConsents.companyId, companyId)),
    );

const setConsent = (cookie: string, companyId: string, consented: boolean, language = "pt") =>
  t.request(`/api/me/marketing-consents/${companyId}`, {
    method: "PUT",
    cookie,
    body: { consented, language },
  });

/** The consent saved (raw: some tests send a company id or a session the types cannot tell). */
const consentSaved = async (res: Promise<Response>) =>
  answerOf<"/api/me/marketing-consents/{companyId}", "put">(await res, 200);

const myConsents = (cookie: string) => ok(apiAs(t, cookie).GET("/api/me/marketing-consents"), 200);

const optOut = (token: string) =>
  ok(apiAs(t).POST("/api/marketing/opt-out", { body: { token } }), 200);

/** The opt-out token of the last campaign e-mail to `to` (from its visible link). */
function tokenOf(mails: Mail[], to: string): string {
  const mail = mails.findLast((m) => m.to === to);
  const link = mail?.text.match(/https?:\/\/\S+\/descadastrar\?token=\S+/)?.[0];
  if (!link) throw new Error(`no opt-out link to ${to}`);
  return new URL(link).searchParams.get("token")!;
}

beforeAll(async () => {
  t = await createTestApp({
    limits: { signUp: { bucket: "sign-up", max: 1000, windowSeconds: 3600 } },
  });
});
afterAll(async () => {
  await t?.close();
});

describe("consent at sign-up", () => {
  it("records the ticked box with the text shown, in the person's language, and nothing unticked", async () => {
    const cafe = await company();
    const before = Date.now();
    const yes = await member(cafe, true);
    const english = await member(cafe, true, { language: "en" });
    const no = await member(cafe, false);
    const silent = await member(cafe, undefined);

    const [row] = await consentRows(yes.customerId, cafe.companyId);
    expect(row).toMatchObject({
      consentText: `Quero receber promoções e novidades de ${cafe.name} por e-mail e WhatsApp. Posso cancelar quando quiser.`,
      source: "sign_up",
      revokedAt: null,
    });
    expect(row!.grantedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [en] = await consentRows(english.customerId, cafe.companyId);
    expect(en!.consentText).toBe(marketingConsentText("en", cafe.name));
    expect(en!.consentText).toMatch(/^I want to receive promotions/);
    expect(await consentRows(no.customerId, cafe.companyId)).toEqual([]);
    expect(await consentRows(silent.customerId, cafe.companyId)).toEqual([]);
  });

  it("records nothing when the sign-up names no company, whatever the box says", async () => {
    const s = await t.customerSession({ email: "solto@example.com", marketingConsent: true });
    expect(
      await t.db
        .select()
        .from(marketingConsents)
        .where(eq(marketingConsents.customerId, s.customerId)),
    ).toEqual([]);
  });
});

describe("consent when a signed-in customer joins", () => {
  it("records the ticked box of the join, and nothing when it is left unticked", async () => {
    const c = await company();
    const other = await company();
    const someone = await member(other, undefined);
    const joined = await t.request("/api/memberships", {
      cookie: someone.cookie,
      body: { companyId: c.companyId, marketingConsent: true, language: "en" },
    });
    expect(joined.status, await joined.clone().text()).toBe(200);
    const [row] = await consentRows(someone.customerId, c.companyId);
    expect(row).toMatchObject({ source: "join", revokedAt: null });
    expect(row!.consentText).toBe(marketingConsentText("en", c.name));

    const again = await member(other, undefined);
    const plain = await t.request("/api/memberships", {
      cookie: again.cookie,
      body: { companyId: c.companyId },
    });
    expect(plain.status).toBe(200);
    expect(await consentRows(again.customerId, c.companyId)).toEqual([]);
  });
});

describe("the customer's 'Comunicações'", () => {
  it("lists each company with the consent, and grants or withdraws it (a new row each time)", async () => {
    const cafe = await company();
    const other = await company();
    const ana = await member(cafe, true);
    // Ana joins the other company too, without consent.
    const joined = await t.request("/api/memberships", {
      cookie: ana.cookie,
      body: { companyId: other.companyId },
    });
    expect(joined.status).toBe(200);

    const list = await myConsents(ana.cookie);
    expect(list.map((c) => [c.companyName, c.consented])).toEqual(
      [
        [cafe.name, true],
        [other.name, false],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(list.find((c) => c.companyId === cafe.companyId)!.since).toBeTruthy();

    const off = await consentSaved(setConsent(ana.cookie, cafe.companyId, false));
    expect(off).toMatchObject({ consented: false, since: null });
    const on = await consentSaved(setConsent(ana.cookie, other.companyId, true, "en"));
    expect(on.consented).toBe(true);

    const cafeRows = await consentRows(ana.customerId, cafe.companyId);
    expect(cafeRows).toHaveLength(1);
    expect(cafeRows[0]).toMatchObject({ revokedVia: "settings" });
    expect(cafeRows[0]!.revokedAt).not.toBeNull();
    const [otherRow] = await consentRows(ana.customerId, other.companyId);
    expect(otherRow).toMatchObject({
      source: "settings",
      consentText: marketingConsentText("en", other.name),
      revokedAt: null,
    });
    // Agreeing again is a new row; agreeing twice records one.
    await consentSaved(setConsent(ana.cookie, cafe.companyId, true));
    await consentSaved(setConsent(ana.cookie, cafe.companyId, true));
    expect(await consentRows(ana.customerId, cafe.companyId)).toHaveLength(2);
  });

  it("never changes someone else's consent: only the customer's own memberships (404), customers only", async () => {
    const cafe = await company();
    const ana = await member(cafe, true);
    const intruder = await t.customerSession({ email: "intruso@example.com" });
    // Not a member of the company: 404, and Ana's consent stays.
    expect((await setConsent(intruder.cookie, cafe.companyId, false)).status).toBe(404);
    expect((await setConsent(intruder.cookie, "not-a-company", true)).status).toBe(404);
    const list = await myConsents(intruder.cookie);
    expect(list).toEqual([]);
    // A company account, and no session at all.
    expect((await setConsent(cafe.cookie, cafe.companyId, false)).status).toBe(403);
    expect((await t.request("/api/me/marketing-consents")).status).toBe(401);
    const [row] = await consentRows(ana.customerId, cafe.companyId);
    expect(row!.revokedAt).toBeNull();
  });
});

describe("campaigns", () => {
  it("reach only consenting members, with the promotion, the company's name and a one-click opt-out", async () => {
    const cafe = await company({ sendTime: "10:00" });
    const ana = await member(cafe, true);
    const bruno = await member(cafe, false);
    const carla = await member(cafe, true);
    await consentSaved(setConsent(carla.cookie, cafe.companyId, false));

    expect(await run(at(TODAY, "09:59"), cafe)).toEqual([]);
    const mails = await run(at(TODAY, "10:00"), cafe);
    expect(mails.map((m) => m.to)).toEqual([ana.email]);
    expect(mails.map((m) => m.to)).not.toContain(bruno.email);
    const [mail] = mails;
    expect(mail!.subject).toBe(`Café em dobro - ${cafe.name}`);
    expect(mail!.text).toContain("Na compra de um café, ganhe outro.");
    expect(mail!.text).toContain(cafe.name);
    expect(mail!.text).toContain(`${TEST_APP_URL}/descadastrar?token=`);
    expect(mail!.html).toContain("/descadastrar?token=");
    expect(mail!.headers).toEqual({
      "List-Unsubscribe": expect.stringMatching(
        /^<http:\/\/localhost:3999\/api\/marketing\/opt-out\/one-click\?token=[^>]+>$/,
      ),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });

    // The once-key: later the same day, nothing; a week later (semanal), again.
    expect(await run(at(TODAY, "10:05"), cafe)).toEqual([]);
    expect(await run(at(addDays(TODAY, 6), "10:05"), cafe)).toEqual([]);
    expect((await run(at(addDays(TODAY, 7), "10:05"), cafe)).map((m) => m.to)).toEqual([ana.email]);
    const runs = await t.db
      .select()
      .from(campaignRuns)
      .where(eq(campaignRuns.companyId, cafe.companyId));
    expect(runs.map((r) => [r.kind, r.periodKey, r.recipients])).toEqual([
      ["promotion", TODAY, 1],
      ["promotion", addDays(TODAY, 7), 1],
    ]);
  });

  it("go out once when two runs race (two app servers)", async () => {
    const cafe = await company();
    const ana = await member(cafe, true);
    const before = t.mails.length;
    const now = at(TODAY, "11:00");
    const results = await Promise.all([
      runCampaigns({ db: t.db, appUrl: TEST_APP_URL, authSecret: TEST_AUTH_SECRET }, now),
      runCampaigns({ db: t.db, appUrl: TEST_APP_URL, authSecret: TEST_AUTH_SECRET }, now),
    ]);
    await t.deliverQueuedEmails();
    expect(results.reduce((n, r) => n + r.campaigns, 0)).toBeGreaterThanOrEqual(1);
    const toAna = t.mails.slice(before).filter((m) => m.to === ana.email);
    expect(toAna).toHaveLength(1);
  });

  it("send nothing when the assistant is off, the switch is off, no promotion runs, or the plan lacks it", async () => {
    const off = await company({ enabled: false });
    const switchOff = await company({ marketingPromotions: false });
    const inactive = await company({}, { active: false });
    const ended = await company({}, { startsOn: addDays(TODAY, -10), endsOn: addDays(TODAY, -1) });
    const future = await company({}, { startsOn: addDays(TODAY, 1) });
    const expired = await company();
    await t.db
      .update(companies)
      // Ended before the run's 23:00 whatever the hour the suite runs (it was "a minute ago",
      // which is after 23:00 when the suite runs between 23:00 and midnight in São Paulo).
      .set({ trialEndsAt: at(TODAY, "00:00") })
      .where(eq(companies.id, expired.companyId));
    const members = await Promise.all(
      [off, switchOff, inactive, ended, future, expired].map((c) => member(c, true)),
    );
    const before = t.mails.length;
    await runCampaigns(
      { db: t.db, appUrl: TEST_APP_URL, authSecret: TEST_AUTH_SECRET },
      at(TODAY, "23:00"),
    );
    await t.deliverQueuedEmails();
    const to = t.mails.slice(before).map((m) => m.to);
    for (const m of members) expect(to).not.toContain(m.email);
  });

  it("remind consenting members of an unfinished card with no stamp in 30 days", async () => {
    const cafe = await company({ marketingPromotions: false, marketingReminders: true });
    const idle = await member(cafe, true);
    const fresh = await member(cafe, true);
    const noConsent = await member(cafe, false);
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    for (const m of [idle, noConsent])
      await t.db
        .update(loyaltyCards)
        .set({ createdAt: longAgo })
        .where(eq(loyaltyCards.customerId, m.customerId));
    const mails = await run(at(TODAY, "10:30"), cafe);
    expect(mails.map((m) => m.to)).toEqual([idle.email]);
    expect(mails[0]!.subject).toBe(`Seu cartão de ${cafe.name} está esperando por você`);
    expect(mails[0]!.text).toMatch(/Você tem 0 de \d+ carimbos/);
    expect(mails.map((m) => m.to)).not.toContain(fresh.email);
  });
});

describe("the one-click opt-out", () => {
  it("withdraws at once, without signing in, idempotently; the next campaign skips them", async () => {
    const cafe = await company();
    const ana = await member(cafe, true);
    const bia = await member(cafe, true);
    const first = await run(at(TODAY, "12:00"), cafe);
    expect(first.map((m) => m.to).sort()).toEqual([ana.email, bia.email].sort());
    const token = tokenOf(first, ana.email);

    const done = await optOut(token);
    expect(done).toEqual({ companyName: cafe.name });
    // Again: the same answer, nothing more withdrawn.
    expect(await optOut(token)).toEqual({ companyName: cafe.name });
    const rows = await consentRows(ana.customerId, cafe.companyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ revokedVia: "opt_out_link" });

    // The mail client's one-click POST (RFC 8058) works the same, for Bia.
    const header = first.find((m) => m.to === bia.email)!.headers!["List-Unsubscribe"]!;
    const oneClick = new URL(header.slice(1, -1));
    const res = await t.request(oneClick.pathname + oneClick.search, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status, await res.text()).toBe(200);

    const list = await myConsents(ana.cookie);
    expect(list.find((c) => c.companyId === cafe.companyId)!.consented).toBe(false);
    expect(await run(at(addDays(TODAY, 7), "12:00"), cafe)).toEqual([]);
  });

  it("refuses a forged, altered or malformed token with 400 opt_out_token_invalid, changing nothing", async () => {
    const cafe = await company();
    const ana = await member(cafe, true);
    const good = optOutToken(TEST_AUTH_SECRET, ana.customerId, cafe.companyId);
    const [payload, signature] = good.split(".") as [string, string];
    const otherPayload = Buffer.from(`${ana.customerId}:${cafe.companyId}x`).toString("base64url");
    const bad = [
      optOutToken("another-secret-another-secret-0123456789", ana.customerId, cafe.companyId),
      `${otherPayload}.${signature}`,
      `${payload}.${signature.slice(0, -2)}AA`,
      `${payload}`,
      "",
      "a.b.c",
      "%%%.###",
    ];
    for (const token of bad) {
      const res = await t.request("/api/marketing/opt-out", { body: { token } });
      const body = await errorBody(res, 400);
      expect(body.error.code).toBe("opt_out_token_invalid");
      expect(body.error.message).not.toContain(cafe.name);
    }
    expect((await t.request("/api/marketing/opt-out", { body: {} })).status).toBe(400);
    expect(
      (await t.request("/api/marketing/opt-out/one-click?token=x.y", { method: "POST" })).status,
    ).toBe(400);
    const [row] = await consentRows(ana.customerId, cafe.companyId);
    expect(row!.revokedAt).toBeNull();
  });
});
