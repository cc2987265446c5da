import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentStep, signStepToken, verifyStepToken } from "../../lib/step-token";
import { apiAs, errorBody, ok } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, TEST_APP_URL, TEST_AUTH_SECRET, type TestApp } from "../../test/test-app";
import { stamps } from "./stamps.table";

/**
 * Self-stamps (issue 30): the counter screen shows a code that changes every 30 seconds
 * (/balcao/qr); a signed-in customer who scans it gets one stamp, under the same interval and cap.
 */

let t: TestApp;
let cafe: { cookie: string; companyId: string };
let ana: { cookie: string; customerId: string };

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café Aurora", email: "aurora@example.com" });
  ana = await t.customerSession({
    name: "Ana",
    email: "ana@example.com",
    origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" },
  });
});
afterAll(async () => {
  await t?.close();
});

const code = (cookie = cafe.cookie) => t.request("/api/counter/self-stamp-code", { cookie });
const selfStamp = (token: string, cookie = ana.cookie) =>
  t.request("/api/me/self-stamps", { cookie, body: { token } });

async function counterCode(cookie = cafe.cookie) {
  return ok(apiAs(t, cookie).GET("/api/counter/self-stamp-code"));
}

describe("the counter screen's code", () => {
  it("is refused while the company's switch is off (the default)", async () => {
    expect((await errorBody(await code(), 403)).error.code).toBe("self_stamp_disabled");
  });

  it("once on, is a link to /carimbar signed for this 30-second step, for every role of the team", async () => {
    await setCounterRules(t, cafe.cookie, { selfStampEnabled: true, intervalMinutes: 30 });
    const shown = await counterCode();
    expect(shown.url).toBe(`${TEST_APP_URL}/carimbar?c=${encodeURIComponent(shown.token)}`);
    expect(shown.token).toBe(signStepToken(TEST_AUTH_SECRET, "self-stamp", cafe.companyId));
    const refreshAt = Date.parse(shown.refreshAt);
    expect(refreshAt).toBeGreaterThan(Date.now());
    expect(refreshAt - Date.now()).toBeLessThanOrEqual(30_000);

    const attendant = await t.staffSession(cafe.companyId, "attendant");
    const forAttendant = await counterCode(attendant.cookie);
    expect(verifyStepToken(TEST_AUTH_SECRET, "self-stamp", forAttendant.token)).toBe(
      cafe.companyId,
    );
    // a customer, or no one, gets no code
    expect((await errorBody(await code(ana.cookie), 403)).error.code).toBe("forbidden");
    expect((await code("")).status).toBe(401);
  });
});

describe("a customer's self-stamp", () => {
  it("gives one stamp on the open card, given by no one and marked self-service; the same code again stamps once", async () => {
    const { token } = await counterCode();
    const first = await ok(
      apiAs(t, ana.cookie).POST("/api/me/self-stamps", { body: { token } }),
      201,
    );
    expect(first).toMatchObject({
      added: 1,
      card: { companyId: cafe.companyId, companyName: "Café Aurora", stamps: 1, maxStamps: 10 },
    });
    // a reload of /carimbar posts the same code: the same answer, no second stamp
    const again = await ok(
      apiAs(t, ana.cookie).POST("/api/me/self-stamps", { body: { token } }),
      201,
    );
    expect(again).toEqual(first);
    const rows = await t.db.select().from(stamps).where(eq(stamps.customerId, ana.customerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      method: "purchase",
      count: 1,
      givenBy: null,
      selfService: true,
      status: "approved",
    });

    // the card's history says it: no one of the team, the customer by the counter's code
    const details = await ok(
      apiAs(t, cafe.cookie).GET("/api/cards/{id}", { params: { path: { id: first.card.id } } }),
    );
    expect(details.history[0]).toMatchObject({ selfService: true, givenByName: null });
    const mine = await ok(apiAs(t, ana.cookie).GET("/api/me/cards"));
    expect(mine[0]?.stamps).toBe(1);
  });

  it("is held by the interval like the team's stamps", async () => {
    // the previous step's code still works, and is another code: the interval refuses it
    const previous = signStepToken(
      TEST_AUTH_SECRET,
      "self-stamp",
      cafe.companyId,
      currentStep() - 1,
    );
    const refused = await errorBody(await selfStamp(previous), 409);
    expect(refused.error.code).toBe("stamp_too_soon");
    expect(Date.parse(refused.error.fields?.at ?? "")).toBeGreaterThan(Date.now());
  });

  it("refuses an expired code (410) and a forged one (400) alike: counter_code_expired", async () => {
    const old = signStepToken(TEST_AUTH_SECRET, "self-stamp", cafe.companyId, currentStep() - 2);
    expect((await errorBody(await selfStamp(old), 410)).error.code).toBe("counter_code_expired");
    const { token } = await counterCode();
    const [subject, step] = token.split(".");
    for (const forged of [
      `${subject}.${step}.AAAAAAAAAAAAAAAAAAAAAA`,
      signStepToken("another-secret-0123456789", "self-stamp", cafe.companyId),
      // a customer's own counter code is not a self-stamp code
      signStepToken(TEST_AUTH_SECRET, "customer-code", cafe.companyId),
      "abc",
    ]) {
      expect((await errorBody(await selfStamp(forged), 400)).error.code).toBe(
        "counter_code_expired",
      );
    }
  });

  it("refuses a customer who is not an active member, with no data", async () => {
    const { token } = await counterCode();
    const stranger = await t.customerSession({ email: "bruno@example.com" });
    const refused = await errorBody(await selfStamp(token, stranger.cookie), 404);
    expect(refused.error.code).toBe("customer_not_member");
    expect(JSON.stringify(refused)).not.toContain("Café Aurora");

    // an inactive member neither
    const carla = await t.customerSession({
      email: "carla@example.com",
      origin: { empresa_id: cafe.companyId },
    });
    await ok(
      apiAs(t, cafe.cookie).POST("/api/customers/{id}/status", {
        params: { path: { id: carla.customerId } },
        body: { status: "inactive" },
      }),
    );
    expect((await errorBody(await selfStamp(token, carla.cookie), 404)).error.code).toBe(
      "customer_not_member",
    );
  });

  it("is for signed-in customers only, and stops when the company turns the switch off", async () => {
    const { token } = await counterCode();
    expect((await selfStamp(token, "")).status).toBe(401);
    expect((await errorBody(await selfStamp(token, cafe.cookie), 403)).error.code).toBe(
      "forbidden",
    );
    await setCounterRules(t, cafe.cookie, { selfStampEnabled: false });
    const dani = await t.customerSession({
      email: "dani@example.com",
      origin: { empresa_id: cafe.companyId },
    });
    expect((await errorBody(await selfStamp(token, dani.cookie), 403)).error.code).toBe(
      "self_stamp_disabled",
    );
  });

  it("another company's code stamps at that company only", async () => {
    const rival = await t.companySession({ companyName: "Rival", email: "rival@example.com" });
    await setCounterRules(t, rival.cookie, { selfStampEnabled: true });
    const { token } = await counterCode(rival.cookie);
    // Ana is not the rival's member: nothing happens at either company
    const before = await t.db.select().from(stamps).where(eq(stamps.customerId, ana.customerId));
    expect((await errorBody(await selfStamp(token), 404)).error.code).toBe("customer_not_member");
    const after = await t.db.select().from(stamps).where(eq(stamps.customerId, ana.customerId));
    expect(after).toHaveLength(before.length);
  });
});
