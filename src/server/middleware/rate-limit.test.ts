import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";

const limits = { signIn: { bucket: "sign-in", max: 3, windowSeconds: 600 } };
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const attempt = (app: TestApp, ip: string, headers: Record<string, string> = {}) =>
  app.request("/api/session", {
    body: { email: "x@example.com", password: "errada12" },
    ip,
    headers,
  });

describe("sign-in rate limit per client IP", () => {
  it("answers 429 with a pt-BR message after too many attempts, even with a forged X-Forwarded-For", async () => {
    t = await createTestApp({ limits });
    for (let i = 0; i < 3; i++) expect((await attempt(t, "203.0.113.7")).status).toBe(401);
    const blocked = await attempt(t, "203.0.113.7", {
      "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 200)}`,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBe("600");
    expect(await blocked.json()).toEqual({
      error: {
        code: "rate_limited",
        message: "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
      },
    });
    // better-auth's own sign-in endpoint shares the limit
    const direct = await t.request("/api/auth/sign-in/email", {
      body: { email: "x@example.com", password: "errada12" },
      ip: "203.0.113.7",
    });
    expect(direct.status).toBe(429);
    // someone else is not locked out
    expect((await attempt(t, "203.0.113.8")).status).toBe(401);
  });

  it("behind a trusted proxy, limits the address the proxy saw and ignores what the client forged", async () => {
    t = await createTestApp({ limits, trustProxyHops: 1 });
    const proxy = "10.0.0.2";
    for (let i = 0; i < 3; i++) {
      const forged = `${i}.${i}.${i}.${i}, 198.51.100.20`;
      expect((await attempt(t, proxy, { "x-forwarded-for": forged })).status).toBe(401);
    }
    expect((await attempt(t, proxy, { "x-forwarded-for": "9.9.9.9, 198.51.100.20" })).status).toBe(
      429,
    );
    // another client behind the same proxy still signs in
    expect((await attempt(t, proxy, { "x-forwarded-for": "198.51.100.21" })).status).toBe(401);
  });

  it("limits sign-ups per IP too", async () => {
    t = await createTestApp({
      limits: { signUp: { bucket: "sign-up", max: 1, windowSeconds: 3600 } },
    });
    const body = { name: "" };
    expect((await t.request("/api/accounts/customer", { body, ip: "203.0.113.9" })).status).toBe(
      400,
    );
    expect((await t.request("/api/accounts/company", { body, ip: "203.0.113.9" })).status).toBe(
      429,
    );
  });
});
