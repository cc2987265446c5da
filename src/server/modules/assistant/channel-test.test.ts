import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, apiAs, ok } from "../../test/api";
import { startFakeGraph } from "../../test/fake-graph";
import { errorCode } from "../../test/http";
import { createTestApp, type TestApp } from "../../test/test-app";
import { problemOf } from "./channel-test";

/**
 * 'Testar conexão' on /ia-suprema (issue 29, point 19): the id and token typed (or the token
 * saved) tried on a fake Graph API; Meta's refusals said in the owner's terms; nothing saved.
 */

let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let t: TestApp;
let cafe: { cookie: string; companyId: string };

const PHONE_ID = "1098765432101";
const TOKEN = "EAAcafe-test-token-0001";

const test = (channel: string, body: unknown, cookie = cafe.cookie) =>
  t.request(`/api/assistant/${channel}/connection-test`, { method: "POST", cookie, body });
/** The answer of a connection test (the channel typed as text: some cases send an unknown one). */
const tested = async (res: Response | Promise<Response>) =>
  answerOf<"/api/assistant/{channel}/connection-test", "post">(await res);
const metaError = (status: number, code: number, subcode?: number, message = "Meta says no") => ({
  status,
  body: { error: { code, message, type: "OAuthException", error_subcode: subcode } },
});

beforeAll(async () => {
  graph = await startFakeGraph(() => ({
    id: PHONE_ID,
    display_phone_number: "+55 11 3000-0000",
    verified_name: "Café do Ponto",
    username: "cafedoponto",
    name: "Café do Ponto",
  }));
  t = await createTestApp({ graphApiBaseUrl: graph.url });
  cafe = await t.companySession();
});

afterAll(async () => {
  await t?.close();
  await graph?.close();
});

describe("POST /api/assistant/:channel/connection-test", () => {
  it("reads the WhatsApp number with the token typed and names it", async () => {
    const before = graph.requests.length;
    const result = await tested(test("whatsapp", { nodeId: PHONE_ID, accessToken: TOKEN }));
    expect(result).toEqual({
      ok: true,
      problem: null,
      account: "+55 11 3000-0000",
      name: "Café do Ponto",
      detail: null,
    });
    const sent = graph.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe(`/v21.0/${PHONE_ID}?fields=display_phone_number,verified_name`);
    expect(sent[0]?.authorization).toBe(`Bearer ${TOKEN}`);
    // Nothing saved: the channel is still not configured.
    const channel = await ok(apiAs(t, cafe.cookie).GET("/api/assistant/whatsapp"));
    expect(channel.configured).toBe(false);
  });

  it("names the Instagram account by its @username", async () => {
    const result = await tested(
      test("instagram", { nodeId: "17841400000000001", accessToken: TOKEN }),
    );
    expect(result.ok).toBe(true);
    expect(result.account).toBe("@cafedoponto");
  });

  it("says what is wrong in the owner's terms", async () => {
    const cases = [
      [metaError(401, 190, 463), "token_expired"],
      [metaError(400, 190), "token_invalid"],
      [metaError(400, 100, 33), "id_not_found"],
      [metaError(403, 10), "permission_missing"],
      [metaError(400, 80007), "rate_limited"],
    ] as const;
    for (const [reply, problem] of cases) {
      graph.replies.push(reply);
      const result = await tested(test("whatsapp", { nodeId: PHONE_ID, accessToken: TOKEN }));
      expect(result).toMatchObject({ ok: false, problem, account: null });
    }
    graph.replies.push(metaError(400, 131000, undefined, "Something went wrong"));
    const other = await tested(test("whatsapp", { nodeId: PHONE_ID, accessToken: TOKEN }));
    expect(other).toMatchObject({ ok: false, problem: "other", detail: "Something went wrong" });
  });

  it("says Meta cannot be reached when nobody answers", async () => {
    const down = await createTestApp({ graphApiBaseUrl: "http://127.0.0.1:9/v21.0" });
    try {
      const owner = await down.companySession();
      const res = await down.request("/api/assistant/whatsapp/connection-test", {
        method: "POST",
        cookie: owner.cookie,
        body: { nodeId: PHONE_ID, accessToken: TOKEN },
      });
      expect(await tested(res)).toMatchObject({ problem: "unreachable" });
    } finally {
      await down.close();
    }
  });

  it("tries the saved token when none is typed, and asks for one when none is saved", async () => {
    const missing = await tested(test("whatsapp", { nodeId: PHONE_ID, accessToken: "" }));
    expect(missing).toMatchObject({ ok: false, problem: "token_missing" });

    await ok(
      apiAs(t, cafe.cookie).PUT("/api/assistant/whatsapp", {
        body: {
          phoneNumberId: PHONE_ID,
          accessToken: "EAAsaved-token-0002",
          appSecret: "cafe-app-secret-0123456789abcdef",
          verifyToken: "cafe-verify-token",
          templateName: "",
          templateLanguage: "",
        },
      }),
    );
    const before = graph.requests.length;
    const saved = await tested(test("whatsapp", { nodeId: PHONE_ID, accessToken: "" }));
    expect(saved.ok).toBe(true);
    expect(graph.requests.at(-1)?.authorization).toBe("Bearer EAAsaved-token-0002");
    expect(graph.requests.length).toBeGreaterThan(before);
  });

  it("is the company admin's only, and checks the id", async () => {
    const customer = await t.customerSession();
    expect(
      await errorCode(
        await test("whatsapp", { nodeId: PHONE_ID, accessToken: TOKEN }, customer.cookie),
      ),
    ).toBe("forbidden");
    expect(
      await errorCode(await test("whatsapp", { nodeId: "abc", accessToken: TOKEN }), 400),
    ).toBe("validation_failed");
    expect(
      await errorCode(await test("telegram", { nodeId: PHONE_ID, accessToken: TOKEN }), 400),
    ).toBe("validation_failed");
  });
});

describe("'Testar conexão' limits", () => {
  it("calls Meta at most 30 times an hour for a company, then says to wait", async () => {
    const owner = await t.companySession({ email: "limites@cafe.example.com" });
    const call = () =>
      t.request("/api/assistant/whatsapp/connection-test", {
        method: "POST",
        cookie: owner.cookie,
        body: { nodeId: PHONE_ID, accessToken: TOKEN },
      });
    const before = graph.requests.length;
    for (let i = 0; i < 30; i++) expect((await call()).status).toBe(200);
    expect(await errorCode(await call(), 429)).toBe("rate_limited");
    expect(graph.requests.length - before).toBe(30);
  });
});

describe("problemOf", () => {
  it("reads no answer as unreachable and unknown codes as other", () => {
    expect(problemOf(null, null)).toBe("unreachable");
    expect(problemOf(190, 467)).toBe("token_expired");
    expect(problemOf(200, null)).toBe("permission_missing");
    expect(problemOf(1, null)).toBe("other");
  });
});
