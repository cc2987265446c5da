import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { accounts, users } from "../modules/auth/auth.table";
import { profiles } from "../modules/auth/profiles.table";
import { createTestApp, type TestApp, testPasswordHashing } from "../test/test-app";

const limits = {
  signIn: { bucket: "sign-in-failures", max: 3, windowSeconds: 600 },
  signInAccount: { bucket: "sign-in-account", max: 1000, windowSeconds: 900 },
};
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const attempt = (
  app: TestApp,
  ip: string,
  headers: Record<string, string> = {},
  body = { email: "x@example.com", password: "errada12" },
) => app.request("/api/session", { body, ip, headers });

const TOO_MANY = {
  error: {
    code: "rate_limited",
    message: "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
  },
};

/** `count` confirmed customers with password `segredo1`, written straight to the database. */
async function seedCustomers(app: TestApp, count: number, prefix: string) {
  const hash = await testPasswordHashing.hash("segredo1");
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const email = `${prefix}${i}@example.com`;
    emails.push(email);
    await app.db.insert(users).values({ id, name: `Cliente ${i}`, email, emailVerified: true });
    await app.db.insert(accounts).values({
      id: randomUUID(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: hash,
    });
    await app.db.insert(profiles).values({ id, role: "customer", name: `Cliente ${i}`, email });
  }
  return emails;
}

describe("sign-in limit per client IP: failures only", { timeout: 60_000 }, () => {
  it("answers 429 with a pt-BR message after too many failures, even with a forged X-Forwarded-For", async () => {
    t = await createTestApp({ limits });
    for (let i = 0; i < 3; i++) expect((await attempt(t, "203.0.113.7")).status).toBe(401);
    const blocked = await attempt(t, "203.0.113.7", {
      "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 200)}`,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBe("600");
    expect(await blocked.json()).toEqual(TOO_MANY);
    // better-auth's own sign-in path is closed: /api/session is the only way in
    const direct = await t.request("/api/auth/sign-in/email", {
      body: { email: "x@example.com", password: "errada12" },
      ip: "203.0.113.99",
    });
    expect(direct.status).toBe(404);
    // someone else is not locked out
    expect((await attempt(t, "203.0.113.8")).status).toBe(401);
  }, 60_000);

  it("lets 50 customers sign in from one shared IP (a café's Wi-Fi): successes never count", async () => {
    t = await createTestApp({ limits });
    const emails = await seedCustomers(t, 50, "cafe");
    // two mistakes on the way, still under the ceiling of 3 failures
    expect((await attempt(t, "192.0.2.10")).status).toBe(401);
    for (const email of emails) {
      const res = await attempt(t, "192.0.2.10", {}, { email, password: "segredo1" });
      expect(res.status, email).toBe(200);
    }
    expect((await attempt(t, "192.0.2.10")).status).toBe(401);
    expect((await attempt(t, "192.0.2.10")).status).toBe(401);
    // the ceiling reached, even the right password waits
    const right = await attempt(t, "192.0.2.10", {}, { email: emails[0]!, password: "segredo1" });
    expect(right.status).toBe(429);
  }, 120_000);

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

/** The device cookie (name=value) a successful sign-in set, for the browser's next attempts. */
const deviceCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("carimbou_device="));

describe("sign-in throttle per account, across IPs", () => {
  it("after 10 failures from 5 IPs, the right password waits in a new browser but not in one it signed in from before; an unknown e-mail is throttled alike; others are not", async () => {
    t = await createTestApp({ trustProxyHops: 1 });
    const [victim, bystander] = await seedCustomers(t, 2, "conta");
    const from = (n: number) => ({ "x-forwarded-for": `198.51.100.${n}` });
    const proxy = "10.0.0.2";
    // The owner signed in on their phone last week: that browser holds its device cookie.
    const before = await attempt(t, proxy, from(77), { email: victim!, password: "segredo1" });
    expect(before.status).toBe(200);
    const phone = deviceCookie(before);
    expect(phone).toBeDefined();
    const setCookie = before.headers.getSetCookie().find((c) => c.startsWith("carimbou_device="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/api\/session/);
    const bystanderPhone = deviceCookie(
      await attempt(t, proxy, from(78), { email: bystander!, password: "segredo1" }),
    );

    for (let i = 0; i < 10; i++) {
      const wrong = { email: victim!, password: `errada${i}x` };
      expect((await attempt(t, proxy, from(i % 5), wrong)).status).toBe(401);
    }
    const right = await attempt(t, proxy, from(42), { email: victim!, password: "segredo1" });
    expect(right.status).toBe(429);
    expect(right.headers.get("retry-after")).toBe("900");
    expect(await right.json()).toEqual(TOO_MANY);

    // The owner's own browser: the right password is never refused because of the account,
    // from wherever it is now.
    for (const n of [77, 79]) {
      const known = await attempt(
        t,
        proxy,
        { ...from(n), cookie: phone! },
        { email: victim!, password: "segredo1" },
      );
      expect(known.status, await known.clone().text()).toBe(200);
    }
    // Another account's device cookie, or a forged one, vouches for nothing.
    for (const cookie of [bystanderPhone!, `carimbou_device=${"A".repeat(22)}.${"B".repeat(43)}`]) {
      const stranger = await attempt(
        t,
        proxy,
        { ...from(80), cookie },
        { email: victim!, password: "segredo1" },
      );
      expect(stranger.status).toBe(429);
    }

    // the same answer for an address no account has: nothing tells the two apart
    for (let i = 0; i < 10; i++) {
      const wrong = { email: "ninguem@example.com", password: `errada${i}x` };
      expect((await attempt(t, proxy, from(i % 5), wrong)).status).toBe(401);
    }
    const unknown = await attempt(t, proxy, from(43), {
      email: "ninguem@example.com",
      password: "segredo1",
    });
    expect(unknown.status).toBe(429);
    expect(await unknown.json()).toEqual(TOO_MANY);

    // another account signs in from the very same addresses
    const other = await attempt(t, proxy, from(0), { email: bystander!, password: "segredo1" });
    expect(other.status).toBe(200);
  }, 60_000);

  it("limits a known browser in its own bucket: 10 wrong passwords there, then it waits too", async () => {
    t = await createTestApp();
    const [owner] = await seedCustomers(t, 1, "aparelho");
    const signedIn = await attempt(t, "203.0.113.20", {}, { email: owner!, password: "segredo1" });
    const cookie = deviceCookie(signedIn)!;
    for (let i = 0; i < 10; i++) {
      const wrong = { email: owner!, password: `errada${i}x` };
      expect((await attempt(t, "203.0.113.20", { cookie }, wrong)).status).toBe(401);
    }
    const right = { email: owner!, password: "segredo1" };
    expect((await attempt(t, "203.0.113.20", { cookie }, right)).status).toBe(429);
    // …while the account's own bucket was never touched: a new browser still signs in.
    expect((await attempt(t, "203.0.113.21", {}, right)).status).toBe(200);
  }, 60_000);

  it("holds against a burst of parallel guesses", async () => {
    t = await createTestApp({ trustProxyHops: 1 });
    const burst = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        attempt(
          t!,
          "10.0.0.2",
          { "x-forwarded-for": `198.51.100.${i}` },
          { email: "alvo@example.com", password: `errada${i}x` },
        ),
      ),
    );
    const statuses = burst.map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  }, 60_000);
});
