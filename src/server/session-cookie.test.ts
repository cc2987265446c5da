import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "./modules/auth/auth.table";
import { signCookieValue, signedCookie } from "./session-cookie";
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from "./test/test-app";

// session-cookie.ts re-implements better-call's signed cookies (better-auth's session cookie).
// Should an upgrade of better-auth or better-call change the format, these tests say so, before
// every fast-path session is refused or the demo's owner is signed out.
const changed = (what: string) =>
  `better-auth/better-call changed ${what}, which session-cookie.ts re-implements (decision 025): adapt it`;

const NAME = "better-auth.session_token";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("better-call's signed session cookie", () => {
  it("as better-auth sets it at sign-in, is read by signedCookie: the session's token", async () => {
    const { cookie } = await t.companySession({ email: "cookie@example.com" });
    expect(cookie, changed("the session cookie's name")).toContain(`${NAME}=`);
    const token = signedCookie(cookie, NAME, TEST_AUTH_SECRET);
    expect(token, changed("how a cookie is signed (value.base64(HMAC-SHA256))")).not.toBeNull();
    const [row] = await t.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.token, token!));
    expect(row, changed("what the session cookie holds (the session's token)")).toBeDefined();
  });

  it("as signCookieValue signs it, is accepted by better-auth itself", async () => {
    const { cookie } = await t.companySession({ email: "signed-here@example.com" });
    const token = signedCookie(cookie, NAME, TEST_AUTH_SECRET)!;
    const res = await t.request("/api/auth/get-session", {
      cookie: `${NAME}=${signCookieValue(token, TEST_AUTH_SECRET)}`,
    });
    const body = (await res.json()) as { session?: { token: string } } | null;
    expect(body?.session?.token, changed("how it verifies a signed cookie")).toBe(token);
  });
});
