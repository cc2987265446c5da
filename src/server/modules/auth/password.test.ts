import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  companyInput,
  createTestApp,
  customerInput,
  TEST_APP_URL,
  type TestApp,
} from "../../test/test-app";
import type { Mail } from "../mail/mail.service";
import { accounts, users, verifications } from "./auth.table";
import { profiles } from "./profiles.table";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    limits: {
      emailSends: {
        perSource: { bucket: "email-send-from", max: 1000, windowSeconds: 3600 },
        perAddress: { bucket: "email-send-to", max: 1000, windowSeconds: 3600 },
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const forgot = (email: string, extra: { ip?: string; language?: "pt" | "en" } = {}) =>
  t.request("/api/password/forgot", {
    body: { email, ...(extra.language ? { language: extra.language } : {}) },
    ip: extra.ip,
  });

const reset = (token: string, password: string, passwordConfirmation = password) =>
  t.request("/api/password/reset", { body: { token, password, passwordConfirmation } });

/** Waits for the next recovery e-mail to `email` (sent after the answer). */
async function nextResetMail(email: string, after: number): Promise<Mail> {
  return vi.waitFor(
    () => {
      const mail = t.mails.slice(after).findLast((m) => m.to === email);
      if (!mail) throw new Error(`no recovery e-mail to ${email} yet`);
      return mail;
    },
    { timeout: 10_000, interval: 50 },
  );
}

const linkOf = (mail: Mail) => new URL(mail.text.match(/https?:\/\/\S+/)![0]);
const tokenOf = (mail: Mail) => linkOf(mail).searchParams.get("token")!;

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; fields?: Record<string, string> } }).error;
}

// Each test does several scrypt hashes; a loaded machine needs more than the default 20 s.
describe("password recovery", { timeout: 60_000 }, () => {
  it("answers the same for an e-mail with and without an account, and e-mails only the account", async () => {
    await t.companySession(companyInput({ email: "dono@recupera.com.br" }));
    const before = t.mails.length;
    const known = await forgot("Dono@Recupera.com.br");
    // the answer does not wait for the lookup and the e-mail, which come after it
    expect(t.mails.length).toBe(before);
    const unknown = await forgot("ninguem@recupera.com.br");
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    expect([...unknown.headers.keys()].sort()).toEqual([...known.headers.keys()].sort());

    const mail = await nextResetMail("dono@recupera.com.br", before);
    expect(mail.subject).toBe("Redefina sua senha do Carimbou");
    expect(mail.text).toContain("O link vale por 1 hora e funciona uma única vez.");
    expect(linkOf(mail).origin + linkOf(mail).pathname).toBe(`${TEST_APP_URL}/redefinir-senha`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.mails.slice(before).filter((m) => m.to === "ninguem@recupera.com.br")).toEqual([]);
  });

  it("sets the new password with the link once: other sessions end, the old password stops working", async () => {
    const email = "dono@recupera.com.br";
    const other = await t.signIn(email, "segredo1");
    expect((await t.request("/api/me", { cookie: other })).status).toBe(200);

    const before = t.mails.length;
    await forgot(email);
    const token = tokenOf(await nextResetMail(email, before));

    const mismatch = await reset(token, "novasenha1", "novasenha2");
    expect(mismatch.status).toBe(400);
    expect((await errorOf(mismatch)).fields).toEqual({ passwordConfirmation: "password_mismatch" });
    const short = await reset(token, "12345");
    expect((await errorOf(short)).fields?.password).toBe("password_too_short");

    const done = await reset(token, "novasenha1");
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ role: "admin" });

    expect((await t.request("/api/me", { cookie: other })).status).toBe(401);
    const old = await t.request("/api/session", { body: { email, password: "segredo1" } });
    expect((await errorOf(old)).code).toBe("invalid_credentials");
    expect(
      (await t.request("/api/session", { body: { email, password: "novasenha1" } })).status,
    ).toBe(200);

    const again = await reset(token, "outrasenha1");
    expect(again.status).toBe(400);
    expect((await errorOf(again)).code).toBe("reset_token_invalid");
    expect(
      (await t.request("/api/session", { body: { email, password: "novasenha1" } })).status,
    ).toBe(200);
  });

  it("refuses a link older than one hour", async () => {
    const email = "dono@recupera.com.br";
    const before = t.mails.length;
    await forgot(email);
    const token = tokenOf(await nextResetMail(email, before));
    const [row] = await t.db
      .select({ expiresAt: verifications.expiresAt, createdAt: verifications.createdAt })
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime - 60 * 60 * 1000)).toBeLessThan(60_000);
    // an hour goes by
    await t.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const res = await reset(token, "maisumasenha1");
    expect((await errorOf(res)).code).toBe("reset_token_invalid");
    expect(
      (await t.request("/api/session", { body: { email, password: "novasenha1" } })).status,
    ).toBe(200);
    expect((await errorOf(await reset("forjado", "maisumasenha1"))).code).toBe(
      "reset_token_invalid",
    );
  });

  it("writes the e-mail in the user's language, else the page's, and returns a customer to the customer sign-in", async () => {
    await t.customerSession(customerInput({ email: "cliente@recupera.com.br" }));
    let before = t.mails.length;
    await forgot("cliente@recupera.com.br", { language: "en" });
    const english = await nextResetMail("cliente@recupera.com.br", before);
    expect(english.subject).toBe("Reset your Carimbou password");
    expect(linkOf(english).pathname).toBe("/reset-password-en");

    await t.db
      .update(profiles)
      .set({ language: "pt" })
      .where(eq(profiles.email, "cliente@recupera.com.br"));
    before = t.mails.length;
    await forgot("cliente@recupera.com.br", { language: "en" });
    const portuguese = await nextResetMail("cliente@recupera.com.br", before);
    expect(portuguese.subject).toBe("Redefina sua senha do Carimbou");
    const done = await reset(tokenOf(portuguese), "clientenova1");
    expect(await done.json()).toEqual({ role: "customer" });
  });

  it("lets a customer a company registered, who never set a password, recover the account", async () => {
    // what 'Novo Cliente' leaves when its invitation expires: user and profile, no password account
    const id = randomUUID();
    const email = "convidado@recupera.com.br";
    await t.db.insert(users).values({ id, name: "Convidado", email, emailVerified: false });
    await t.db.insert(profiles).values({ id, role: "customer", name: "Convidado", email });

    const before = t.mails.length;
    await forgot(email);
    const done = await reset(tokenOf(await nextResetMail(email, before)), "minhasenha1");
    expect(await done.json()).toEqual({ role: "customer" });

    const rows = await t.db.select().from(accounts).where(eq(accounts.userId, id));
    expect(rows).toMatchObject([{ providerId: "credential" }]);
    const [user] = await t.db.select().from(users).where(eq(users.id, id));
    expect(user?.emailVerified).toBe(true);
    expect(
      (await t.request("/api/session", { body: { email, password: "minhasenha1" } })).status,
    ).toBe(200);
  });

  it("forgets the account's failed sign-ins once the password is reset", async () => {
    const email = "dono@recupera.com.br";
    for (let i = 0; i < 10; i++) {
      await t.request("/api/session", {
        body: { email, password: `errada${i}x` },
        ip: `192.0.2.${i}`,
      });
    }
    const locked = await t.request("/api/session", { body: { email, password: "novasenha1" } });
    expect(locked.status).toBe(429);
    const before = t.mails.length;
    await forgot(email);
    await reset(tokenOf(await nextResetMail(email, before)), "depoisdobloqueio1");
    expect(
      (await t.request("/api/session", { body: { email, password: "depoisdobloqueio1" } })).status,
    ).toBe(200);
  });
});

describe("better-auth's own paths for these are closed over HTTP", () => {
  it.each([
    ["POST", "/api/auth/request-password-reset", { email: "dono@recupera.com.br" }],
    ["POST", "/api/auth/reset-password", { token: "x", newPassword: "segredo12" }],
    ["GET", "/api/auth/reset-password/abc?callbackURL=/", undefined],
    ["POST", "/api/auth/send-verification-email", { email: "dono@recupera.com.br" }],
    ["POST", "/api/auth/verify-password", { password: "segredo1" }],
    ["POST", "/api/auth/sign-in/email", { email: "dono@recupera.com.br", password: "segredo1" }],
  ])("%s %s → 404", async (method, path, body) => {
    const before = t.mails.length;
    const res = await t.request(path, { method, body });
    expect(res.status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.mails.length).toBe(before);
  });
});

describe("e-mail send limits (recovery and confirmation share them)", { timeout: 60_000 }, () => {
  it("limits per address, known or not, and per IP, with the same 429", async () => {
    const limited = await createTestApp({
      limits: {
        emailSends: {
          perSource: { bucket: "email-send-from", max: 4, windowSeconds: 3600 },
          perAddress: { bucket: "email-send-to", max: 2, windowSeconds: 3600 },
        },
      },
    });
    try {
      const send = (path: string, email: string, ip: string) =>
        limited.request(path, { body: { email }, ip });
      await limited.request("/api/accounts/customer", {
        body: customerInput({ email: "alvo@example.com" }),
      });
      // the address: two sends in the hour, whichever path, then 429 (from any IP)
      expect(
        (await send("/api/accounts/confirmation", "alvo@example.com", "192.0.2.1")).status,
      ).toBe(202);
      expect((await send("/api/password/forgot", "alvo@example.com", "192.0.2.2")).status).toBe(
        202,
      );
      const third = await send("/api/password/forgot", "alvo@example.com", "192.0.2.3");
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).toBe("3600");
      const refused = await third.text();
      expect(JSON.parse(refused).error.code).toBe("rate_limited");
      for (const ip of ["192.0.2.1", "192.0.2.2"]) {
        expect((await send("/api/password/forgot", "ninguem@example.com", ip)).status).toBe(202);
      }
      const unknown = await send("/api/password/forgot", "ninguem@example.com", "192.0.2.3");
      expect(unknown.status).toBe(429);
      expect(await unknown.text()).toBe(refused);

      // the IP: four sends in the hour, to any addresses
      for (let i = 0; i < 3; i++) {
        expect((await send("/api/password/forgot", `x${i}@example.com`, "192.0.2.9")).status).toBe(
          202,
        );
      }
      expect((await send("/api/accounts/confirmation", "y@example.com", "192.0.2.9")).status).toBe(
        202,
      );
      expect((await send("/api/accounts/confirmation", "z@example.com", "192.0.2.9")).status).toBe(
        429,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await limited.close();
    }
  }, 60_000);

  it("counts the confirmation re-send under the default limit: 30 in a row are refused long before the end", async () => {
    const limitedApp = await createTestApp();
    try {
      await limitedApp.request("/api/accounts/customer", {
        body: customerInput({ email: "reenvio@example.com" }),
      });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await limitedApp.request("/api/accounts/confirmation", {
          body: { email: "reenvio@example.com" },
        });
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 202)).toHaveLength(5);
      expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
      // 1 at sign-up + 5 re-sends
      expect(limitedApp.mails.filter((m) => m.to === "reenvio@example.com")).toHaveLength(6);
    } finally {
      await limitedApp.close();
    }
  }, 60_000);
});
