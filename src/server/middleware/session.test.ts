import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../modules/auth/auth.table";
import { signedCookie } from "../session-cookie";
import { createTestApp, type TestApp } from "../test/test-app";

const SECRET = "test-secret-test-secret-test-secret-0123";
const NAME = "better-auth.session_token";
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const sign = (value: string, secret = SECRET) =>
  `${NAME}=${encodeURIComponent(`${value}.${createHmac("sha256", secret).update(value).digest("base64")}`)}`;

/** The session token inside a `name=value` cookie. */
const tokenOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;

const me = (cookie: string) => t.request("/api/me", { cookie });

let n = 0;
const company = () => t.companySession({ email: `dono${++n}@example.com` });

describe("session cookie", () => {
  it("a valid session reaches /api/me and the company routes", async () => {
    const { cookie } = await company();
    expect((await me(cookie)).status).toBe(200);
    expect((await t.request("/api/programs", { cookie })).status).toBe(200);
  });

  it("a tampered signature is not signed in", async () => {
    const { cookie } = await company();
    const token = tokenOf(cookie);
    const [, value] = cookie.split("=");
    const raw = decodeURIComponent(value!);
    // A character well inside the base64 HMAC (the last ones carry padding bits).
    const at = raw.length - 10;
    const flipped = raw.slice(0, at) + (raw[at] === "A" ? "B" : "A") + raw.slice(at + 1);
    expect((await me(`${NAME}=${encodeURIComponent(flipped)}`)).status).toBe(401);
    // The right token signed with another secret, and the token unsigned, are refused too.
    expect((await me(sign(token, "another-secret-another-secret-another-00"))).status).toBe(401);
    expect((await me(`${NAME}=${token}`)).status).toBe(401);
    expect((await me(cookie)).status).toBe(200);
  });

  it("a signed-out or deleted session stops working at once", async () => {
    const first = await company();
    expect((await me(first.cookie)).status).toBe(200);
    expect(
      (await t.request("/api/session", { method: "DELETE", cookie: first.cookie })).status,
    ).toBe(204);
    expect((await me(first.cookie)).status).toBe(401);

    const second = await company();
    expect((await me(second.cookie)).status).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.token, tokenOf(second.cookie)));
    expect((await me(second.cookie)).status).toBe(401);
    expect((await t.request("/api/programs", { cookie: second.cookie })).status).toBe(401);
  });

  it("an expired session is refused and removed", async () => {
    const { cookie } = await company();
    const token = tokenOf(cookie);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    expect((await me(cookie)).status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.token, token))).toHaveLength(0);
  });

  it("a session older than updateAge is still accepted and its expiry pushed forward", async () => {
    const { cookie } = await company();
    const token = tokenOf(cookie);
    const old = new Date(Date.now() + 28 * DAY_MS);
    await t.db.update(sessions).set({ expiresAt: old }).where(eq(sessions.token, token));
    expect((await me(cookie)).status).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it("a customer is a customer, not a company, with the role read alongside the session", async () => {
    const cafe = await company();
    const joao = await t.customerSession({
      email: "joao-session@example.com",
      origin: { empresa_id: cafe.companyId },
    });
    expect((await t.request("/api/me/cards", { cookie: joao.cookie })).status).toBe(200);
    expect((await t.request("/api/programs", { cookie: joao.cookie })).status).toBe(403);
    expect((await t.request("/api/me/cards", { cookie: cafe.cookie })).status).toBe(403);
  });
});

describe("signedCookie", () => {
  const value = "abc123";
  const signed = sign(value).split("=").slice(1).join("=");

  it("reads a URI-encoded signed value, the first of its name winning", () => {
    expect(signedCookie(`${NAME}=${signed}`, NAME, SECRET)).toBe(value);
    expect(signedCookie(`a=1; ${NAME}=${signed}; ${NAME}=x.y`, NAME, SECRET)).toBe(value);
    expect(signedCookie(`${NAME}=x.y; ${NAME}=${signed}`, NAME, SECRET)).toBeNull();
  });

  it("refuses missing, unsigned or malformed values", () => {
    expect(signedCookie(null, NAME, SECRET)).toBeNull();
    expect(signedCookie("other=1", NAME, SECRET)).toBeNull();
    expect(signedCookie(`${NAME}=${value}`, NAME, SECRET)).toBeNull();
    expect(signedCookie(`${NAME}=${value}.short=`, NAME, SECRET)).toBeNull();
    expect(signedCookie(`${NAME}=%E0%A4%A`, NAME, SECRET)).toBeNull();
    expect(signedCookie(`${NAME}=${signed}`, NAME, "wrong-secret")).toBeNull();
  });
});
