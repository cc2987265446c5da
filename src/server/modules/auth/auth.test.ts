import { verifyPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  companyInput,
  createTestApp,
  customerInput,
  sessionCookie,
  TEST_APP_URL,
  type TestApp,
  testPasswordHashing,
} from "../../test/test-app";
import { companies } from "../companies/companies.table";
import { RESEND_CONFIRMATION_FLOOR_MS } from "./auth.service";
import { accounts, users } from "./auth.table";
import { profiles } from "./profiles.table";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;

async function errorOf(res: Response) {
  const body = (await res.json()) as { error: { code: string; fields?: Record<string, string> } };
  return body.error;
}

describe("company sign-up", () => {
  it("creates the user, the admin profile and the company with a 30-day trial, and sends the confirmation", async () => {
    const res = await t.request("/api/accounts/company", {
      body: companyInput({ email: "  Dono@CafeDoPonto.com.BR ", state: "sp" }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ email: "dono@cafedoponto.com.br" });

    const [profile] = await t.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, "dono@cafedoponto.com.br"));
    expect(profile).toMatchObject({
      role: "admin",
      name: "Café do Ponto",
      city: "São Paulo",
      state: "SP",
    });
    const [company] = await t.db.select().from(companies).where(eq(companies.ownerId, profile!.id));
    expect(company).toMatchObject({
      tradeName: "Café do Ponto",
      sector: "alimentacao",
      subscriptionActive: true,
      defaultMaxStamps: 10,
      phone: "(11) 98888-7777",
    });
    const trialDays = (company!.trialEndsAt.getTime() - company!.createdAt.getTime()) / DAY;
    expect(trialDays).toBeCloseTo(30, 1);

    const mail = t.mails.findLast((m) => m.to === "dono@cafedoponto.com.br");
    expect(mail?.subject).toBe("Confirme seu email no Carimbou");
    expect(mail?.text).toContain("Olá, Café do Ponto!");
    expect(t.confirmationLink("dono@cafedoponto.com.br")).toContain(
      `callbackURL=${encodeURIComponent(`${TEST_APP_URL}/login-admin?confirmado=1`)}`,
    );
  });

  it("refuses an e-mail already registered, whatever its case", async () => {
    const res = await t.request("/api/accounts/company", {
      body: companyInput({ email: "DONO@cafedoponto.com.br", companyName: "Outro" }),
    });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("email_taken");
    const rows = await t.db.select().from(users).where(eq(users.email, "dono@cafedoponto.com.br"));
    expect(rows).toHaveLength(1);
  });

  it("leaves no half-created account when the company cannot be saved", async () => {
    await t.db.execute(sql`
      create function refuse_company() returns trigger language plpgsql as
      $$ begin if new.trade_name = 'Falha SA' then raise exception 'refused'; end if; return new; end $$`);
    await t.db.execute(sql`
      create trigger refuse_company before insert on companies for each row execute function refuse_company()`);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await t.request("/api/accounts/company", {
      body: companyInput({ companyName: "Falha SA", email: "falha@example.com" }),
    });
    expect(logged).toHaveBeenCalledWith(
      expect.stringMatching(/^POST \/api\/accounts\/company failed: .*refused/),
    );
    logged.mockRestore();
    expect(res.status).toBe(500);
    expect((await errorOf(res)).code).toBe("internal_error");
    expect(await t.db.select().from(users).where(eq(users.email, "falha@example.com"))).toEqual([]);
    expect(
      await t.db.select().from(profiles).where(eq(profiles.email, "falha@example.com")),
    ).toEqual([]);
    await t.db.execute(sql`drop trigger refuse_company on companies`);

    const retry = await t.request("/api/accounts/company", {
      body: companyInput({ companyName: "Falha SA", email: "falha@example.com" }),
    });
    expect(retry.status).toBe(201);
  });
});

describe("sign-up validation (same schema as the form, spec section 5)", () => {
  const companyCases: [string, Record<string, unknown>, string, string][] = [
    ["empty company name", { companyName: "  " }, "companyName", "company_name_required"],
    ["empty e-mail", { email: "" }, "email", "email_required"],
    ["malformed e-mail", { email: "dono@" }, "email", "email_invalid"],
    ["5-character password", { password: "12345" }, "password", "password_too_short"],
    ["129-character password", { password: "a".repeat(129) }, "password", "password_too_long"],
    ["empty city", { city: "" }, "city", "city_required"],
    ["empty state", { state: "" }, "state", "state_required"],
    ["unknown state", { state: "XX" }, "state", "state_invalid"],
    ["state over 2 characters", { state: "SPP" }, "state", "state_invalid"],
    ["empty phone", { phone: "" }, "phone", "phone_required_company"],
    ["phone with letters", { phone: "abc" }, "phone", "phone_invalid"],
    ["unknown sector", { sector: "minas" }, "sector", "sector_required"],
  ];
  it.each(companyCases)("company: %s", async (_label, override, field, message) => {
    const res = await t.request("/api/accounts/company", {
      body: companyInput({ email: "valida@example.com", ...override }),
    });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe("validation_failed");
    expect(error.fields?.[field]).toBe(message);
  });

  const customerCases: [string, Record<string, unknown>, string, string][] = [
    ["empty name", { name: "" }, "name", "name_required"],
    ["empty e-mail", { email: " " }, "email", "email_required"],
    ["malformed e-mail", { email: "joao.example.com" }, "email", "email_invalid"],
    ["short password", { password: "abc" }, "password", "password_too_short"],
    // City and state are optional for a customer (issue 31), but checked when given.
    ["unknown state", { state: "XX" }, "state", "state_invalid"],
    ["city over the limit", { city: "c".repeat(200) }, "city", "city_too_long"],
    ["impossible birthday", { birthDate: "2001-02-30" }, "birthDate", "birth_date_invalid"],
    ["birthday in the future", { birthDate: "2999-01-01" }, "birthDate", "birth_date_invalid"],
  ];
  it.each(customerCases)("customer: %s", async (_label, override, field, message) => {
    const res = await t.request("/api/accounts/customer", {
      body: customerInput({ email: "valida@example.com", ...override }),
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toBe(message);
  });

  it("reports every invalid field of an empty form at once", async () => {
    const res = await t.request("/api/accounts/company", {
      body: {
        companyName: "",
        email: "",
        password: "",
        city: "",
        state: "",
        phone: "",
        sector: "",
      },
    });
    expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual([
      "companyName",
      "email",
      "password",
      "city",
      "state",
      "phone",
      "sector",
    ]);
  });

  it("accepts a 6-character password and a customer without phone or birthday", async () => {
    const res = await t.request("/api/accounts/customer", {
      body: customerInput({
        email: "minimo@example.com",
        password: "123456",
        phone: "",
        birthDate: "",
      }),
    });
    expect(res.status).toBe(201);
    const [profile] = await t.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, "minimo@example.com"));
    expect(profile).toMatchObject({
      role: "customer",
      phone: null,
      birthDate: null,
      origin: "cadastro_direto",
    });
  });

  it("answers a body that is not JSON with validation_failed, not a crash", async () => {
    const res = await t.request("/api/accounts/customer", { body: "{not json" });
    expect(res.status).toBe(400);
  });
});

describe("sign-in, confirmation and sign-out", () => {
  it("refuses sign-in before the e-mail is confirmed, and refuses wrong credentials", async () => {
    await t.request("/api/accounts/customer", {
      body: customerInput({ email: "maria@example.com", name: "Maria" }),
    });

    const unconfirmed = await t.request("/api/session", {
      body: { email: "maria@example.com", password: "segredo1" },
    });
    expect(unconfirmed.status).toBe(403);
    expect((await errorOf(unconfirmed)).code).toBe("email_not_confirmed");
    expect(sessionCookie(unconfirmed)).toBe("");

    const wrongPassword = await t.request("/api/session", {
      body: { email: "maria@example.com", password: "outrasenha" },
    });
    expect(wrongPassword.status).toBe(401);
    expect((await errorOf(wrongPassword)).code).toBe("invalid_credentials");

    const unknown = await t.request("/api/session", {
      body: { email: "ninguem@example.com", password: "segredo1" },
    });
    expect(unknown.status).toBe(401);
    expect((await errorOf(unknown)).code).toBe("invalid_credentials");

    const empty = await t.request("/api/session", { body: { email: "", password: "" } });
    expect(await errorOf(empty)).toMatchObject({
      code: "validation_failed",
      fields: { email: "email_required", password: "password_required" },
    });
  });

  it("confirms the e-mail through the link, returning a customer to /login-cliente", async () => {
    const location = await t.confirm("maria@example.com");
    expect(location).toBe(`${TEST_APP_URL}/login-cliente?confirmado=1`);
    const [user] = await t.db.select().from(users).where(eq(users.email, "maria@example.com"));
    expect(user?.emailVerified).toBe(true);
  });

  it("sends a company's confirmation to the company sign-in, with the notice", async () => {
    expect(await t.confirm("dono@cafedoponto.com.br")).toBe(
      `${TEST_APP_URL}/login-admin?confirmado=1`,
    );
  });

  it("redirects a forged confirmation link with an error and confirms nothing", async () => {
    const res = await t.request(
      `/api/auth/verify-email?token=forged&callbackURL=${encodeURIComponent(`${TEST_APP_URL}/login-cliente?confirmado=1`)}`,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("error=");
  });

  it("signs in a confirmed customer, whose /api/me has the profile and no company", async () => {
    const cookie = await t.signIn(" MARIA@example.com ", "segredo1");
    const me = await t.request("/api/me", { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      user: { email: "maria@example.com", emailVerified: true },
      profile: {
        role: "customer",
        name: "Maria",
        city: "Campinas",
        state: "SP",
        birthDate: "1990-05-17",
      },
      company: null,
    });
  });

  it("signs in a confirmed company, whose /api/me includes its company", async () => {
    const cookie = await t.signIn("dono@cafedoponto.com.br", "segredo1");
    const me = (await (await t.request("/api/me", { cookie })).json()) as {
      profile: { role: string };
      company: { tradeName: string; defaultMaxStamps: number; subscriptionActive: boolean };
    };
    expect(me.profile.role).toBe("admin");
    expect(me.company).toMatchObject({
      tradeName: "Café do Ponto",
      defaultMaxStamps: 10,
      subscriptionActive: true,
    });
  });

  it("ends the session on the server at sign-out: the old cookie stops working", async () => {
    const cookie = await t.signIn("maria@example.com", "segredo1");
    expect((await t.request("/api/me", { cookie })).status).toBe(200);
    const out = await t.request("/api/session", { method: "DELETE", cookie });
    expect(out.status).toBe(204);
    const after = await t.request("/api/me", { cookie });
    expect(after.status).toBe(401);
    expect((await errorOf(after)).code).toBe("unauthenticated");
  });

  it("answers /api/me without a session with 401 unauthenticated", async () => {
    const res = await t.request("/api/me");
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("unauthenticated");
  });

  it("re-sends the confirmation only to an unconfirmed account, answering the same to everyone", async () => {
    await t.request("/api/accounts/customer", {
      body: customerInput({ email: "reenvio@example.com" }),
    });
    const before = t.mails.length;
    const resend = await t.request("/api/accounts/confirmation", {
      body: { email: "Reenvio@example.com" },
    });
    expect(resend.status).toBe(202);
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)?.to).toBe("reenvio@example.com");

    for (const email of ["maria@example.com", "ninguem@example.com"]) {
      const started = Date.now();
      const res = await t.request("/api/accounts/confirmation", { body: { email } });
      expect(res.status).toBe(202);
      // A confirmed or unknown e-mail is not answered sooner than one that gets the e-mail.
      expect(Date.now() - started).toBeGreaterThanOrEqual(RESEND_CONFIRMATION_FLOOR_MS);
    }
    expect(t.mails.length).toBe(before + 1);
    expect(await t.confirm("reenvio@example.com")).toContain("/login-cliente");
  });
});

describe("sign-in from a foreign origin", () => {
  it("is refused with forbidden, not a crash", async () => {
    const res = await t.request("/api/session", {
      body: { email: "dono@cafedoponto.com.br", password: "segredo1" },
      headers: { origin: "https://evil.example.com" },
    });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("forbidden");
  });
});

describe("passwords in the app (better-auth's scrypt at its full cost)", () => {
  it("stores a salted scrypt hash that better-auth checks, signs in with it and refuses a wrong one", async () => {
    // The other API tests hash with a cheap cost (test-app.ts); this one runs the app's own.
    const real = await createTestApp({ realPasswordHashing: true });
    try {
      const input = customerInput({ email: "custo@example.com", password: "segredo-real" });
      expect((await real.request("/api/accounts/customer", { body: input })).status).toBe(201);
      await real.confirm(input.email);
      const [user] = await real.db.select().from(users).where(eq(users.email, input.email));
      const [account] = await real.db.select().from(accounts).where(eq(accounts.userId, user!.id));
      const stored = account!.password!;
      expect(stored).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(stored).not.toContain("segredo-real");
      expect(await verifyPassword({ hash: stored, password: "segredo-real" })).toBe(true);
      // The tests' cheap hash of the same password and salt is another key: this is the real cost.
      expect(await testPasswordHashing.verify({ hash: stored, password: "segredo-real" })).toBe(
        false,
      );
      expect(await real.signIn(input.email, "segredo-real")).toContain("session_token");
      const wrong = await real.request("/api/session", {
        body: { email: input.email, password: "segredo-errado" },
      });
      expect(wrong.status).toBe(401);
    } finally {
      await real.close();
    }
  });
});
