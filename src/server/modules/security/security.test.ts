import { createHmac } from "node:crypto";
import type { AccessLog, TwoFactorEnrolment } from "@shared/security.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, sessionCookie, type TestApp } from "../../test/test-app";
import { sessions } from "../auth/auth.table";

/** RFC 6238 (SHA-1, 6 digits, 30 s), as an authenticator app computes it from the base32 key. */
function totp(base32Secret: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of base32Secret.replace(/=+$/, "").toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  }
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = createHmac("sha1", key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const value = hmac.readUInt32BE(offset) & 0x7fffffff;
  return (value % 1_000_000).toString().padStart(6, "0");
}

/** A code that is certainly wrong now (the window accepts the previous and next periods too). */
const wrongCode = (secret: string) => {
  const valid = new Set([-1, 0, 1].map((step) => totp(secret, Date.now() + step * 30_000)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
};

/** The cookies a response sets (name=value), leaving out those it clears. */
const cookiesSet = (res: Response) =>
  res.headers
    .getSetCookie()
    .filter((cookie) => !/max-age=0/i.test(cookie))
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

const OWNER = { email: "dono@seguro.com.br", password: "segredo1" };
let t: TestApp;
let owner: { cookie: string; companyId: string };
let other: { cookie: string; companyId: string };
let secret: string;
let backupCodes: string[];

const me = (cookie: string) => t.request("/api/me", { cookie });
const status = async (cookie: string) =>
  (await (await t.request("/api/security", { cookie })).json()) as { twoFactorEnabled: boolean };
const accessLog = async (cookie: string) => {
  const res = await t.request("/api/security/access-log", { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as AccessLog).items;
};
const signInStart = (password = OWNER.password, headers: Record<string, string> = {}) =>
  t.request("/api/session", { body: { email: OWNER.email, password }, headers });

beforeAll(async () => {
  t = await createTestApp({
    limits: { signIn: { bucket: "sign-in", max: 1000, windowSeconds: 600 } },
  });
  owner = await t.companySession({ companyName: "Loja Segura", ...OWNER });
  other = await t.companySession({ companyName: "Outra Loja", email: "outra@example.com" });
});
afterAll(async () => {
  await t?.close();
});

describe("two-factor authentication", () => {
  it("starts off; enrolment asks for the password and gives a QR code URI, its key and backup codes", async () => {
    expect(await status(owner.cookie)).toEqual({ twoFactorEnabled: false });

    const wrong = await t.request("/api/security/two-factor", {
      cookie: owner.cookie,
      body: { password: "errada1" },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe("wrong_password");

    const res = await t.request("/api/security/two-factor", {
      cookie: owner.cookie,
      body: { password: OWNER.password },
    });
    expect(res.status).toBe(200);
    const enrolment = (await res.json()) as TwoFactorEnrolment;
    const uri = new URL(enrolment.totpUri);
    expect(uri.protocol).toBe("otpauth:");
    expect(decodeURIComponent(uri.pathname)).toContain(`Carimbou:${OWNER.email}`);
    expect(uri.searchParams.get("issuer")).toBe("Carimbou");
    expect(uri.searchParams.get("secret")).toBe(enrolment.secret);
    expect(enrolment.backupCodes).toHaveLength(10);
    secret = enrolment.secret;
    backupCodes = enrolment.backupCodes;

    // not on until a code of the app confirms it: sign-in still needs no code
    expect(await status(owner.cookie)).toEqual({ twoFactorEnabled: false });
    expect((await signInStart()).status).toBe(200);
  });

  it("is on once a right code of the app confirms it (a wrong code changes nothing)", async () => {
    const wrong = await t.request("/api/security/two-factor/confirm", {
      cookie: owner.cookie,
      body: { code: wrongCode(secret) },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe(
      "two_factor_invalid_code",
    );
    expect(await status(owner.cookie)).toEqual({ twoFactorEnabled: false });

    const res = await t.request("/api/security/two-factor/confirm", {
      cookie: owner.cookie,
      body: { code: totp(secret) },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ twoFactorEnabled: true });
    // the session goes on under a renewed cookie
    owner.cookie = sessionCookie(res);
    expect((await me(owner.cookie)).status).toBe(200);
    expect(await status(owner.cookie)).toEqual({ twoFactorEnabled: true });

    const again = await t.request("/api/security/two-factor", {
      cookie: owner.cookie,
      body: { password: OWNER.password },
    });
    expect(again.status).toBe(409);
  });

  it("makes sign-in ask for the code, with no usable session before it", async () => {
    const sessionsBefore = await t.db.select().from(sessions);
    const res = await signInStart();
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ twoFactorRequired: true });
    const challenge = cookiesSet(res);
    expect(challenge).toContain("two_factor");
    expect(challenge).not.toContain("session_token");
    expect(await t.db.select().from(sessions)).toHaveLength(sessionsBefore.length);
    expect((await me(challenge)).status).toBe(401);

    // a wrong password still fails as before, without a challenge
    const wrongPassword = await signInStart("errada1");
    expect(wrongPassword.status).toBe(401);
    expect(cookiesSet(wrongPassword)).toBe("");
  });

  it("refuses a wrong code, then signs in with the right one", async () => {
    const challenge = cookiesSet(await signInStart());
    const wrong = await t.request("/api/session/two-factor", {
      cookie: challenge,
      body: { code: wrongCode(secret) },
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe(
      "two_factor_invalid_code",
    );
    expect(cookiesSet(wrong)).not.toContain("session_token");

    const right = await t.request("/api/session/two-factor", {
      cookie: challenge,
      body: { code: totp(secret) },
    });
    expect(right.status).toBe(200);
    const body = (await right.json()) as { user: { email: string } };
    expect(body.user.email).toBe(OWNER.email);
    const session = sessionCookie(right);
    expect((await me(session)).status).toBe(200);

    // the challenge is spent
    const replay = await t.request("/api/session/two-factor", {
      cookie: challenge,
      body: { code: totp(secret) },
    });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { error: { code: string } }).error.code).toBe(
      "two_factor_challenge_expired",
    );
  });

  it("accepts a backup code once", async () => {
    const code = backupCodes[0]!;
    const first = await t.request("/api/session/two-factor", {
      cookie: cookiesSet(await signInStart()),
      body: { code, method: "backup" },
    });
    expect(first.status).toBe(200);
    expect((await me(sessionCookie(first))).status).toBe(200);

    const second = await t.request("/api/session/two-factor", {
      cookie: cookiesSet(await signInStart()),
      body: { code, method: "backup" },
    });
    expect(second.status).toBe(401);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe(
      "two_factor_invalid_code",
    );
  });

  it("signs in the account of the challenge, not another one signed in on the same browser", async () => {
    const challenge = cookiesSet(await signInStart());
    const res = await t.request("/api/session/two-factor", {
      cookie: `${other.cookie}; ${challenge}`,
      body: { code: totp(secret) },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { email: string } }).user.email).toBe(OWNER.email);
  });

  it("asks for the sign-in first, and keeps better-auth's own 2FA paths closed", async () => {
    const noChallenge = await t.request("/api/session/two-factor", { body: { code: "123456" } });
    expect(noChallenge.status).toBe(401);
    const direct = await t.request("/api/auth/two-factor/verify-totp", {
      cookie: cookiesSet(await signInStart()),
      body: { code: totp(secret) },
    });
    expect(direct.status).toBe(404);
    const directChange = await t.request("/api/auth/change-password", {
      cookie: owner.cookie,
      body: { currentPassword: OWNER.password, newPassword: "outra123" },
    });
    expect(directChange.status).toBe(404);
  });

  it("only the owner of a session can turn it off, with the password", async () => {
    expect(
      (await t.request("/api/security/two-factor/disable", { body: { password: "x" } })).status,
    ).toBe(401);
    const wrong = await t.request("/api/security/two-factor/disable", {
      cookie: owner.cookie,
      body: { password: "errada1" },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe("wrong_password");
    expect(await status(owner.cookie)).toEqual({ twoFactorEnabled: true });
    // another account turning its own 2FA off does not touch this one
    const others = await t.request("/api/security/two-factor/disable", {
      cookie: other.cookie,
      body: { password: "segredo1" },
    });
    expect(others.status).toBe(200);
    other.cookie = sessionCookie(others);
    expect(await status(owner.cookie)).toEqual({ twoFactorEnabled: true });

    const res = await t.request("/api/security/two-factor/disable", {
      cookie: owner.cookie,
      body: { password: OWNER.password },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ twoFactorEnabled: false });
    owner.cookie = sessionCookie(res);
    expect((await me(owner.cookie)).status).toBe(200);
    expect((await signInStart()).status).toBe(200);
  });
});

describe("password change", () => {
  it("refuses a wrong current password, a short new one and the same one again, changing nothing", async () => {
    const wrong = await t.request("/api/security/password", {
      cookie: owner.cookie,
      body: { currentPassword: "errada1", newPassword: "novasenha1" },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe("wrong_password");
    const short = await t.request("/api/security/password", {
      cookie: owner.cookie,
      body: { currentPassword: OWNER.password, newPassword: "12345" },
    });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({
      error: { code: "validation_failed", fields: { newPassword: "password_too_short" } },
    });
    // (another account: every request counts against the owner's per-account password checks)
    const same = await t.request("/api/security/password", {
      cookie: other.cookie,
      body: { currentPassword: "segredo1", newPassword: "segredo1" },
    });
    expect(same.status).toBe(400);
    expect(await same.json()).toMatchObject({
      error: { code: "validation_failed", fields: { newPassword: "password_unchanged" } },
    });
    expect((await me(owner.cookie)).status).toBe(200);
    expect((await signInStart()).status).toBe(200);
    expect(
      (
        await t.request("/api/security/password", {
          body: { currentPassword: OWNER.password, newPassword: "novasenha1" },
        })
      ).status,
    ).toBe(401);
  });

  it("signs out the other sessions, keeps this one, and the new password replaces the old", async () => {
    const elsewhere = sessionCookie(await signInStart());
    expect((await me(elsewhere)).status).toBe(200);

    const res = await t.request("/api/security/password", {
      cookie: owner.cookie,
      body: { currentPassword: OWNER.password, newPassword: "novasenha1" },
    });
    expect(res.status).toBe(200);
    const renewed = sessionCookie(res);
    expect((await me(renewed)).status).toBe(200);
    expect((await me(elsewhere)).status).toBe(401);
    // the other company's session is untouched
    expect((await me(other.cookie)).status).toBe(200);

    expect((await signInStart(OWNER.password)).status).toBe(401);
    expect((await signInStart("novasenha1")).status).toBe(200);
    owner.cookie = renewed;
    OWNER.password = "novasenha1";
  });
});

describe("access log", () => {
  it("lists this user's sign-ins and failed attempts, newest first, with address and device", async () => {
    const userAgent =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
    await t.request("/api/session", {
      body: { email: OWNER.email, password: "errada1" },
      ip: "203.0.113.7",
      headers: { "user-agent": userAgent },
    });
    // someone trying this user's password on another account, and an unknown e-mail
    await t.request("/api/session", { body: { email: "outra@example.com", password: "xxxxxx" } });
    await t.request("/api/session", { body: { email: "ninguem@example.com", password: "xxxxxx" } });

    const items = await accessLog(owner.cookie);
    expect(items.length).toBeGreaterThan(5);
    expect(items.length).toBeLessThanOrEqual(20);
    const times = items.map((item) => Date.parse(item.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    expect(items[0]).toMatchObject({
      success: false,
      failure: "invalid_credentials",
      ipAddress: "203.0.113.7",
      userAgent,
    });
    const failures = new Set(items.filter((item) => !item.success).map((item) => item.failure));
    expect(failures).toEqual(new Set(["invalid_credentials", "two_factor_failed"]));
    expect(items.some((item) => item.success)).toBe(true);
    expect(items.every((item) => item.ipAddress)).toBe(true);

    // the other account sees its own attempt, never this user's
    const others = await accessLog(other.cookie);
    expect(others.some((item) => item.failure === "invalid_credentials")).toBe(true);
    const ownIds = new Set(items.map((item) => item.id));
    expect(others.some((item) => ownIds.has(item.id))).toBe(false);
    expect(others.some((item) => item.ipAddress === "203.0.113.7")).toBe(false);
  });

  it("logs a sign-in that ends with the right 2FA code once, as a success", async () => {
    // turn 2FA on again for this account
    const enrol = await t.request("/api/security/two-factor", {
      cookie: owner.cookie,
      body: { password: OWNER.password },
    });
    const { secret: key } = (await enrol.json()) as TwoFactorEnrolment;
    const confirmed = await t.request("/api/security/two-factor/confirm", {
      cookie: owner.cookie,
      body: { code: totp(key) },
    });
    expect(confirmed.status).toBe(200);
    owner.cookie = sessionCookie(confirmed);

    const before = await accessLog(owner.cookie);
    const challenge = cookiesSet(await signInStart());
    // the password step alone logs nothing yet
    expect(await accessLog(owner.cookie)).toEqual(before);
    await t.request("/api/session/two-factor", {
      cookie: challenge,
      body: { code: wrongCode(key) },
    });
    await t.request("/api/session/two-factor", { cookie: challenge, body: { code: totp(key) } });
    const after = await accessLog(owner.cookie);
    expect(after.slice(0, 2)).toMatchObject([
      { success: true, failure: null },
      { success: false, failure: "two_factor_failed" },
    ]);
    expect(after[2]?.id).toBe(before[0]?.id);
  });

  it("needs a session and keeps only 20 rows", async () => {
    expect((await t.request("/api/security/access-log")).status).toBe(401);
    for (let i = 0; i < 22; i++) await signInStart("errada1");
    expect(await accessLog(owner.cookie)).toHaveLength(20);
  });
});

describe("password checks per account", () => {
  it("allow 10 attempts in 15 minutes from any IPs, then even the right password waits", async () => {
    const fresh = await t.companySession({
      companyName: "Loja Limite",
      email: "limite@example.com",
    });
    for (let i = 0; i < 10; i++) {
      const res = await t.request("/api/security/password", {
        cookie: fresh.cookie,
        body: { currentPassword: `errada${i}x`, newPassword: "qualquer1" },
        ip: `198.51.100.${i}`,
      });
      expect(res.status).toBe(400);
    }
    const right = await t.request("/api/security/password", {
      cookie: fresh.cookie,
      body: { currentPassword: "segredo1", newPassword: "qualquer1" },
      ip: "198.51.100.77",
    });
    expect(right.status).toBe(429);
    expect(((await right.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    const twoFactor = await t.request("/api/security/two-factor", {
      cookie: fresh.cookie,
      body: { password: "segredo1" },
    });
    expect(twoFactor.status).toBe(429);
    // another account's checks are not affected
    const owners = await t.request("/api/security/two-factor/disable", {
      cookie: owner.cookie,
      body: { password: "errada1" },
    });
    expect(owners.status).toBe(400);
  }, 60_000);
});
