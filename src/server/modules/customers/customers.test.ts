import { createHash, randomUUID } from "node:crypto";
import { type CreatedInvitation, INVITATIONS_PER_DAY } from "@shared/customers.schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCustomers } from "../../../../scripts/seed-customers";
import { leaveProgram } from "../../flows/leave-program";
import { answerOf, apiAs, errorBody, ok } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, type TestApp } from "../../test/test-app";
import { users } from "../auth/auth.table";
import { profiles } from "../auth/profiles.table";
import { customerMessages } from "../messages/messages.table";
import { customerInvitations } from "./invitations.table";
import { memberships } from "./memberships.table";

let t: TestApp;
let cafe: { cookie: string; companyId: string };
let barber: { cookie: string; companyId: string };

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café Aurora", email: "aurora@example.com" });
  barber = await t.companySession({ companyName: "Barbearia Sul", email: "barba@example.com" });
  // Stamps here are not about the counter's interval and daily cap: off.
  await setCounterRules(t, cafe.cookie);
  await setCounterRules(t, barber.cookie);
});
afterAll(async () => {
  await t?.close();
});

const newCustomer = (overrides: Record<string, unknown> = {}) => ({
  name: "Cliente Teste",
  email: `c-${randomUUID()}@example.com`,
  phone: "",
  birthDate: "",
  city: "Campinas",
  state: "SP",
  ...overrides,
});

/** 'Novo Cliente': the invitation, as the company sees it. */
async function invite(company: { cookie: string }, overrides: Record<string, unknown> = {}) {
  const res = await t.request("/api/customers", {
    cookie: company.cookie,
    body: newCustomer(overrides),
  });
  return answerOf<"/api/customers", "post">(res, 201);
}

/** The link of the last invitation e-mailed to `email`. */
const invitationToken = (email: string) =>
  new URL(
    t.mails.findLast((m) => m.to === email)!.text.match(/https?:\/\/\S+/)![0],
  ).searchParams.get("token")!;

/**
 * A customer of `company`: invited through 'Novo Cliente', then the person, without an account,
 * accepts on /convite with the same data. Returns the company's row of them.
 */
async function create(company: { cookie: string }, overrides: Record<string, unknown> = {}) {
  const input = newCustomer(overrides);
  await invite(company, input);
  const email = String(input.email).trim().toLowerCase();
  const { email: _email, ...own } = input;
  await answerOf<"/api/invitations/sign-up", "post">(
    await t.request("/api/invitations/sign-up", {
      body: { ...own, token: invitationToken(email), password: "segredo1" },
    }),
    200,
  );
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const customer = await customerOf(company, user!.id);
  return { customer };
}

/** The company's view of one customer (its record, their cards' summary, the conversation). */
const customerOf = (company: { cookie: string }, id: string) =>
  ok(apiAs(t, company.cookie).GET("/api/customers/{id}", { params: { path: { id } } }), 200);

type DirectoryQuery = { search?: string; page?: number; busca?: string; pagina?: number };
const directory = (company: { cookie: string }, query: DirectoryQuery = {}) =>
  ok(apiAs(t, company.cookie).GET("/api/customers/directory", { params: { query } }), 200);

const invitations = (company: { cookie: string }) =>
  ok(apiAs(t, company.cookie).GET("/api/customers/invitations"), 200);

const resend = (company: { cookie: string }, id: string) =>
  t.request(`/api/customers/invitations/${id}/resend`, { method: "POST", cookie: company.cookie });

const cancel = (company: { cookie: string }, id: string) =>
  t.request(`/api/customers/invitations/${id}`, { method: "DELETE", cookie: company.cookie });

const myInvitations = (cookie: string) => ok(apiAs(t, cookie).GET("/api/me/invitations"), 200);

const myCards = (cookie: string) => ok(apiAs(t, cookie).GET("/api/me/cards"), 200);

const me = (cookie: string) => ok(apiAs(t, cookie).GET("/api/me"), 200);

const invitationOf = (token: string) =>
  ok(apiAs(t).GET("/api/invitations/{token}", { params: { path: { token } } }), 200);

const stampSearchOf = (company: { cookie: string }, search: string) =>
  ok(apiAs(t, company.cookie).GET("/api/customers", { params: { query: { search } } }), 200);

const answerInvitation = (cookie: string, id: string, answer: "accept" | "decline") =>
  ok(
    apiAs(t, cookie).POST("/api/me/invitations/{id}/{answer}", {
      params: { path: { id, answer } },
    }),
    200,
  );

const search = async (company: { cookie: string }, term: string) =>
  (await directory(company, { busca: term })).items.map((c) => c.name);

const csv = async (company: { cookie: string }) =>
  (await t.request("/api/customers/export", { cookie: company.cookie })).text();

/** The São Paulo calendar month now, 1-12. */
const saoPauloMonth = () =>
  Number(
    new Intl.DateTimeFormat("en-US", { timeZone: "America/Sao_Paulo", month: "numeric" }).format(
      new Date(),
    ),
  );
const pad = (n: number) => String(n).padStart(2, "0");

/** The answer without what differs between any two invitations (ids, times, the e-mail). */
const shape = ({ invitation }: CreatedInvitation) => {
  const { id, createdAt, expiresAt, email, ...rest } = invitation;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(Date.parse(expiresAt)).toBeGreaterThan(Date.parse(createdAt));
  expect(email).toMatch(/@/);
  return rest;
};

describe("'Novo Cliente' with a new e-mail: invitation, account, card", () => {
  it("records only what was typed, e-mails '<name> no Carimbou', and the person creates the account", async () => {
    const email = "rita.nova@example.com";
    const created = await invite(cafe, {
      name: "Rita Nova",
      email: "  Rita.Nova@Example.com ",
      phone: "(19) 99876-5432",
      birthDate: "1992-03-04",
      city: "Campinas",
      state: "sp",
    });
    expect(created.invitation).toMatchObject({
      name: "Rita Nova",
      email,
      phone: "(19) 99876-5432",
      birthDate: "1992-03-04",
      city: "Campinas",
      state: "SP",
      status: "pending",
    });
    // no account and no customer yet
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await search(cafe, "rita")).toEqual([]);
    const pending = await invitations(cafe);
    expect(pending.find((i) => i.email === email)).toMatchObject({
      name: "Rita Nova",
      status: "pending",
    });

    const mail = t.mails.findLast((m) => m.to === email)!;
    expect(mail.subject).toBe("Convite de Café Aurora no Carimbou");
    expect(mail.text).toContain("Café Aurora no Carimbou convidou você");
    // nothing the company chose but its trade name: not the typed name, phone or city
    for (const typed of ["Rita", "99876", "Campinas"]) {
      expect(mail.text).not.toContain(typed);
      expect(mail.html).not.toContain(typed);
    }
    const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
    expect(link.origin + link.pathname).toBe("http://localhost:3999/convite");
    const token = link.searchParams.get("token")!;
    // only the hash is stored
    const [stored] = await t.db
      .select()
      .from(customerInvitations)
      .where(eq(customerInvitations.email, email));
    expect(stored!.tokenHash).not.toBe(token);

    const shown = await invitationOf(token);
    expect(shown).toEqual({
      id: stored!.id,
      kind: "consent",
      name: "Rita Nova",
      email,
      companyName: "Café Aurora",
      hasAccount: false,
      // what the company typed, to prefill the person's form ('confira e complete')
      phone: "(19) 99876-5432",
      birthDate: "1992-03-04",
      city: "Campinas",
      state: "SP",
    });

    const own = {
      token,
      name: "Rita Nova Silva",
      password: "minhasenha",
      phone: "(19) 90000-0000",
      birthDate: "1992-03-04",
      city: "Valinhos",
      state: "SP",
    };
    const short = await t.request("/api/invitations/sign-up", {
      body: { ...own, password: "12345" },
    });
    expect((await errorBody(short, 400)).error.fields?.password).toBe("password_too_short");

    expect(
      await answerOf<"/api/invitations/sign-up", "post">(
        await t.request("/api/invitations/sign-up", { body: own }),
        200,
      ),
    ).toEqual({ email });
    const cookie = await t.signIn(email, "minhasenha");
    const cards = await myCards(cookie);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ companyName: "Café Aurora", stamps: 0, status: "active" });
    const account = await me(cookie);
    // the account holds the person's own data
    expect(account.profile).toMatchObject({ name: "Rita Nova Silva", city: "Valinhos" });

    // the company now sees its customer, its own record being what it typed
    const [row] = (await directory(cafe, { busca: "rita" })).items;
    expect(row).toMatchObject({
      name: "Rita Nova Silva",
      email,
      phone: "(19) 99876-5432",
      city: "Campinas",
      totalCards: 1,
    });
    const [membership] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.companyId, cafe.companyId), eq(memberships.customerId, row!.id)));
    expect(membership!.origin).toBe("convite_empresa");
    const after = await invitations(cafe);
    expect(after.map((i) => i.email)).not.toContain(email);

    // the link works once
    const again = await t.request("/api/invitations/sign-up", { body: own });
    expect((await errorBody(again, 404)).error.code).toBe("invitation_invalid");
    expect((await t.request(`/api/invitations/${token}`)).status).toBe(404);
  });

  it("refuses an expired invitation; the company sees it as expired", async () => {
    const company = await t.companySession({ companyName: "Expira", email: "exp@example.com" });
    const email = "expira@example.com";
    await invite(company, { name: "Expira", email });
    const token = invitationToken(email);
    await t.db
      .update(customerInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerInvitations.email, email));
    const res = await t.request("/api/invitations/sign-up", {
      body: { ...newCustomer({ name: "Expira" }), email: undefined, token, password: "minhasenha" },
    });
    expect((await errorBody(res, 404)).error.code).toBe("invitation_invalid");
    const list = await invitations(company);
    expect(list.map((i) => [i.email, i.status])).toEqual([[email, "expired"]]);
  });

  it("declining (by the link) makes no membership and shows 'declined' to the company", async () => {
    const company = await t.companySession({ companyName: "Recusa", email: "rec@example.com" });
    const email = "nao-quero@example.com";
    await invite(company, { name: "Não Quero", email });
    const answer = await ok(
      apiAs(t).POST("/api/invitations/decline", { body: { token: invitationToken(email) } }),
      200,
    );
    expect(answer).toEqual({
      companyId: company.companyId,
      companyName: "Recusa",
      accepted: false,
    });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await directory(company)).total).toBe(0);
    const list = await invitations(company);
    expect(list.map((i) => [i.email, i.status])).toEqual([[email, "declined"]]);
    const late = await t.request("/api/invitations/sign-up", {
      body: {
        ...newCustomer(),
        email: undefined,
        token: invitationToken(email),
        password: "x1234567",
      },
    });
    expect(late.status).toBe(404);
  });

  it.each([
    [{ name: "" }, "name", "name_required"],
    [{ email: "" }, "email", "email_required"],
    [{ email: "nao-e-email" }, "email", "email_invalid"],
    [{ city: " " }, "city", "city_required"],
    [{ state: "" }, "state", "state_required"],
    [{ state: "XX" }, "state", "state_invalid"],
    [{ birthDate: "2999-01-01" }, "birthDate", "birth_date_invalid"],
  ])("validates the form with the shared schema %#", async (overrides, field, message) => {
    const res = await t.request("/api/customers", {
      cookie: cafe.cookie,
      body: newCustomer(overrides),
    });
    const error = await errorBody(res, 400);
    expect(error.error.fields?.[field]).toBe(message);
  });
});

describe("'Novo Cliente' reveals nothing about accounts (consent first)", () => {
  it("another company learns nothing of a customer until they accept; then it sees them", async () => {
    const typed = {
      name: "Como Digitado",
      phone: "(11) 93333-4444",
      birthDate: "1980-01-02",
      city: "Santos",
      state: "SP",
    };
    const carla = await t.customerSession({
      name: "Carla Antiga",
      email: "carla@example.com",
      phone: "(11) 91111-2222",
      city: "Santos",
      origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" },
    });
    await create(barber, { email: "ja-membro@example.com" });
    const unknown = await invite(barber, { ...typed, email: "ninguem@example.com" });
    const answers = {
      customerOfAnotherCompany: await invite(barber, { ...typed, email: "carla@example.com" }),
      companyAccount: await invite(barber, { ...typed, email: "aurora@example.com" }),
      alreadyMember: await invite(barber, { ...typed, email: "ja-membro@example.com" }),
      pendingAgain: await invite(barber, { ...typed, email: "ninguem@example.com" }),
    };
    for (const [kind, answer] of Object.entries(answers)) {
      expect(shape(answer), kind).toEqual(shape(unknown));
      expect(answer.invitation.status, kind).toBe("pending");
    }
    // the typed data, never the account's
    expect(answers.customerOfAnotherCompany.invitation).toMatchObject({
      name: "Como Digitado",
      phone: "(11) 93333-4444",
    });

    // nothing changed for Carla, and Barbearia has no trace of her
    const cards = () => myCards(carla.cookie);
    expect((await cards()).map((c) => c.companyName)).toEqual(["Café Aurora"]);
    expect((await directory(barber)).items.map((c) => c.email)).not.toContain("carla@example.com");
    expect(await search(barber, "carla")).toEqual([]);
    expect(await search(barber, "91111")).toEqual([]);
    expect(await csv(barber)).not.toContain("carla@example.com");
    expect(
      (await t.request(`/api/customers/${carla.customerId}`, { cookie: barber.cookie })).status,
    ).toBe(404);
    const addStamp = await stampSearchOf(barber, "carla");
    expect(addStamp).toEqual([]);

    // Carla sees the invitation in her area (her e-mail, confirmed) and accepts it there
    const mine = await myInvitations(carla.cookie);
    expect(mine.map((i) => i.companyName)).toEqual(["Barbearia Sul"]);
    // with an account, the link asks to sign in: it cannot create a second account
    const link = await invitationOf(invitationToken("carla@example.com"));
    expect(link).toMatchObject({ kind: "consent", hasAccount: true, id: mine[0]!.id });
    const signUp = await t.request("/api/invitations/sign-up", {
      body: {
        ...newCustomer(),
        email: undefined,
        token: invitationToken("carla@example.com"),
        password: "tomada123",
      },
    });
    expect((await errorBody(signUp, 409)).error.code).toBe("email_taken");
    // someone else's session cannot answer it
    const other = await t.customerSession({ email: "outra@example.com" });
    const stolen = await t.request(`/api/me/invitations/${mine[0]!.id}/accept`, {
      method: "POST",
      cookie: other.cookie,
    });
    expect((await errorBody(stolen, 404)).error.code).toBe("invitation_invalid");
    // nor a company
    expect(
      (
        await t.request(`/api/me/invitations/${mine[0]!.id}/accept`, {
          method: "POST",
          cookie: cafe.cookie,
        })
      ).status,
    ).toBe(403);

    const accepted = await answerInvitation(carla.cookie, mine[0]!.id, "accept");
    expect(accepted).toEqual({
      companyId: barber.companyId,
      companyName: "Barbearia Sul",
      accepted: true,
    });
    expect((await cards()).map((c) => c.companyName).sort()).toEqual([
      "Barbearia Sul",
      "Café Aurora",
    ]);
    // now Barbearia sees her: her name, its own record of what it typed
    const [row] = (await directory(barber, { busca: "carla" })).items;
    expect(row).toMatchObject({
      id: carla.customerId,
      name: "Carla Antiga",
      phone: "(11) 93333-4444",
      birthDate: "1980-01-02",
      totalCards: 1,
    });
    expect(await csv(barber)).toContain("carla@example.com");
    // her own profile is untouched
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, carla.customerId));
    expect(profile!.phone).toBe("(11) 91111-2222");
    expect(await myInvitations(carla.cookie)).toEqual([]);
    // a second answer is refused
    const twice = await t.request(`/api/me/invitations/${mine[0]!.id}/decline`, {
      method: "POST",
      cookie: carla.cookie,
    });
    expect(twice.status).toBe(404);
  });

  it("a customer who declines in their area does not become a member", async () => {
    const dani = await t.customerSession({ name: "Dani", email: "dani@example.com" });
    await invite(barber, { email: "dani@example.com" });
    const [mine] = await myInvitations(dani.cookie);
    await answerInvitation(dani.cookie, mine!.id, "decline");
    expect(await search(barber, "dani")).toEqual([]);
    const cards = await myCards(dani.cookie);
    expect(cards).toEqual([]);
  });

  it(`limits invitations to ${INVITATIONS_PER_DAY} per company per day (429)`, async () => {
    const company = await t.companySession({ companyName: "Muitos", email: "muitos@example.com" });
    for (let i = 0; i < INVITATIONS_PER_DAY; i++)
      await invite(company, { email: `m${i}@example.com` });
    const refused = await t.request("/api/customers", {
      cookie: company.cookie,
      body: newCustomer(),
    });
    expect((await errorBody(refused, 429)).error.code).toBe("rate_limited");
    // 'Reenviar' counts against the same daily limit
    const [waiting] = await invitations(company);
    const resent = await resend(company, waiting!.id);
    expect((await errorBody(resent, 429)).error.code).toBe("rate_limited");
  });

  it("re-sending refreshes the pending invitation, within the per-address e-mail limit (429)", async () => {
    const company = await t.companySession({
      companyName: "Reenvio",
      email: "reenvio@example.com",
    });
    const email = "reenvio-cliente@example.com";
    const first = await invite(company, { email, name: "Primeiro" });
    const firstToken = invitationToken(email);
    const second = await invite(company, { email, name: "Segundo" });
    expect(second.invitation.id).toBe(first.invitation.id);
    expect(second.invitation.name).toBe("Segundo");
    // the old link no longer works, the new one does
    expect((await t.request(`/api/invitations/${firstToken}`)).status).toBe(404);
    expect((await t.request(`/api/invitations/${invitationToken(email)}`)).status).toBe(200);
    for (let i = 0; i < 3; i++) await invite(company, { email });
    // 5 e-mails an hour to one address, whatever asks for them (the same for any address)
    expect(t.mails.filter((m) => m.to === email)).toHaveLength(5);
    const limited = await t.request("/api/customers", {
      cookie: company.cookie,
      body: newCustomer({ email }),
    });
    expect((await errorBody(limited, 429)).error.code).toBe("rate_limited");
    expect(t.mails.filter((m) => m.to === email)).toHaveLength(5);
  });
});

describe("the company's pending invitations: 'Reenviar' and 'Cancelar'", () => {
  it("resends a new link with a new expiry (the old link stops working), also once expired", async () => {
    const company = await t.companySession({ companyName: "Reenvia", email: "rv@example.com" });
    const email = "reenviar-me@example.com";
    const { invitation } = await invite(company, { name: "Lia", email });
    const oldToken = invitationToken(email);
    await t.db
      .update(customerInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerInvitations.id, invitation.id));
    expect((await invitations(company))[0]?.status).toBe("expired");
    const renewed = await answerOf<"/api/customers/invitations/{id}/resend", "post">(
      await resend(company, invitation.id),
      200,
    );
    expect(renewed).toMatchObject({ id: invitation.id, name: "Lia", email, status: "pending" });
    expect(Date.parse(renewed.expiresAt)).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    expect(t.mails.filter((m) => m.to === email)).toHaveLength(2);
    const newToken = invitationToken(email);
    expect(newToken).not.toBe(oldToken);
    expect((await t.request(`/api/invitations/${oldToken}`)).status).toBe(404);
    expect((await invitationOf(newToken)).name).toBe("Lia");
    expect((await invitations(company)).map((i) => i.status)).toEqual(["pending"]);
  });

  it("cancels: the invitation leaves the list and its link stops working", async () => {
    const company = await t.companySession({ companyName: "Cancela", email: "cc@example.com" });
    const email = "cancelar-me@example.com";
    const { invitation } = await invite(company, { email });
    const token = invitationToken(email);
    const res = await cancel(company, invitation.id);
    expect(res.status).toBe(204);
    expect(await invitations(company)).toEqual([]);
    expect((await t.request(`/api/invitations/${token}`)).status).toBe(404);
    const signUp = await t.request("/api/invitations/sign-up", {
      body: { ...newCustomer(), email: undefined, token, password: "segredo1" },
    });
    expect(signUp.status).toBe(404);
    // nothing left to cancel or resend
    expect((await errorBody(await cancel(company, invitation.id), 404)).error.code).toBe(
      "not_found",
    );
    expect((await resend(company, invitation.id)).status).toBe(404);
    expect(t.mails.filter((m) => m.to === email)).toHaveLength(1);
  });

  it("another company's invitation, an answered one or a bad id is a 404, changing nothing", async () => {
    const owner = await t.companySession({ companyName: "Dona", email: "dona@example.com" });
    const email = "de-outra@example.com";
    const { invitation } = await invite(owner, { email });
    const token = invitationToken(email);
    for (const res of [await resend(barber, invitation.id), await cancel(barber, invitation.id)])
      expect((await errorBody(res, 404)).error.code).toBe("not_found");
    expect(t.mails.filter((m) => m.to === email)).toHaveLength(1);
    expect((await invitationOf(token)).id).toBe(invitation.id);
    expect((await invitations(owner)).map((i) => i.id)).toEqual([invitation.id]);
    // a customer session may not
    const customer = await t.customerSession({ email: "so-cliente@example.com" });
    expect((await resend(customer, invitation.id)).status).toBe(403);
    // declined: nothing to resend or cancel
    await ok(apiAs(t).POST("/api/invitations/decline", { body: { token } }), 200);
    expect((await resend(owner, invitation.id)).status).toBe(404);
    expect((await cancel(owner, invitation.id)).status).toBe(404);
    expect((await resend(owner, "nao-e-um-id")).status).toBe(404);
  });
});

describe("legacy invitations (made before consent)", () => {
  it("still set the password of the account made by the old 'Novo Cliente'", async () => {
    const company = await t.companySession({ companyName: "Antiga", email: "antiga@example.com" });
    const userId = randomUUID();
    const email = "legado@example.com";
    await t.db
      .insert(users)
      .values({ id: userId, name: "Léo Legado", email, emailVerified: false });
    await t.db.insert(profiles).values({
      id: userId,
      role: "customer",
      name: "Léo Legado",
      email,
      city: "Campinas",
      state: "SP",
    });
    await t.db.insert(memberships).values({
      id: randomUUID(),
      companyId: company.companyId,
      customerId: userId,
      origin: "novo_cliente",
    });
    const token = "legacy-token-0123456789-abcdefghijklmnop";
    await t.db.insert(customerInvitations).values({
      id: randomUUID(),
      tokenHash: createHash("sha256").update(token).digest("hex"),
      userId,
      companyId: company.companyId,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const shown = await invitationOf(token);
    expect(shown).toMatchObject({
      kind: "password",
      name: "Léo Legado",
      email,
      companyName: "Antiga",
    });
    const early = await t.request("/api/session", { body: { email, password: "segredo1" } });
    expect(early.status).toBe(401);
    const short = await t.request("/api/invitations/accept", { body: { token, password: "123" } });
    expect((await errorBody(short, 400)).error.fields?.password).toBe("password_too_short");
    await ok(
      apiAs(t).POST("/api/invitations/accept", { body: { token, password: "minhasenha" } }),
      200,
    );
    await t.signIn(email, "minhasenha");
    const again = await t.request("/api/invitations/accept", {
      body: { token, password: "outrasenha" },
    });
    expect((await errorBody(again, 404)).error.code).toBe("invitation_invalid");
    // a consent invitation cannot be used as a legacy one, nor the reverse
    expect((await t.request("/api/invitations/decline", { body: { token } })).status).toBe(404);
  });

  it("an old account that never got a password takes one through a new invitation", async () => {
    const company = await t.companySession({
      companyName: "Nova Vez",
      email: "novavez@example.com",
    });
    const userId = randomUUID();
    const email = "sem-senha@example.com";
    await t.db
      .insert(users)
      .values({ id: userId, name: "Nome Antigo", email, emailVerified: false });
    await t.db.insert(profiles).values({
      id: userId,
      role: "customer",
      name: "Nome Antigo",
      email,
      city: "Campinas",
      state: "SP",
    });
    await invite(company, { email });
    const token = invitationToken(email);
    expect(await invitationOf(token)).toMatchObject({
      kind: "consent",
      hasAccount: false,
    });
    await answerOf<"/api/invitations/sign-up", "post">(
      await t.request("/api/invitations/sign-up", {
        body: {
          ...newCustomer({ name: "Nome Meu" }),
          email: undefined,
          token,
          password: "minhasenha",
        },
      }),
      200,
    );
    const cookie = await t.signIn(email, "minhasenha");
    const account = await me(cookie);
    expect(account.user.id).toBe(userId);
    expect(account.profile.name).toBe("Nome Meu");
    expect(await search(company, "meu")).toEqual(["Nome Meu"]);
  });
});

describe("search, pagination and counts", () => {
  let company: { cookie: string; companyId: string };
  beforeAll(async () => {
    company = await t.companySession({ companyName: "Padaria Busca", email: "busca@example.com" });
    await create(company, { name: "João da Silva", email: "joao.silva@example.com" });
    await create(company, {
      name: "Maria Conceição",
      email: "maria@example.com",
      phone: "(11) 98765-4321",
    });
    await create(company, { name: "Ana_Paula 100%", email: "ana@example.com" });
    for (let i = 0; i < 22; i++) {
      await create(company, { name: `Zeca ${pad(i)}`, email: `zeca${i}@example.com` });
    }
  });

  it("ignores case and accents, in both directions", async () => {
    expect(await search(company, "joao")).toEqual(["João da Silva"]);
    expect(await search(company, "JOÃO")).toEqual(["João da Silva"]);
    expect(await search(company, "conceicao")).toEqual(["Maria Conceição"]);
    expect(await search(company, "Conceiçao")).toEqual(["Maria Conceição"]);
  });

  it("finds by e-mail and by phone, as written or as digits", async () => {
    expect(await search(company, "joao.silva@")).toEqual(["João da Silva"]);
    expect(await search(company, "987654321")).toEqual(["Maria Conceição"]);
    expect(await search(company, "98765-4321")).toEqual(["Maria Conceição"]);
    expect(await search(company, "(11) 98765")).toEqual(["Maria Conceição"]);
  });

  it("takes % and _ literally", async () => {
    expect(await search(company, "100%")).toEqual(["Ana_Paula 100%"]);
    expect(await search(company, "_")).toEqual(["Ana_Paula 100%"]);
    expect(await search(company, "%")).toEqual(["Ana_Paula 100%"]);
    expect(await search(company, "nada-assim")).toEqual([]);
  });

  it("a term of one or two letters or digits matches the start of a word", async () => {
    expect(await search(company, "si")).toEqual(["João da Silva"]); // Silva, not "Conceição"
    expect(await search(company, "JO")).toEqual(["João da Silva"]);
    expect(await search(company, "il")).toEqual([]); // inside "Silva" only
    expect(await search(company, "ma")).toEqual(["Maria Conceição"]); // not "exa-m-ple"
    expect(await search(company, "11")).toEqual(["Maria Conceição", "Zeca 11"]); // "(11)", "Zeca 11"
    expect(await search(company, "ilv")).toEqual(["João da Silva"]); // three: anywhere
  });

  it("pages by name, 20 at a time, with the total", async () => {
    const first = await directory(company);
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    expect(first.items.slice(0, 4).map((c) => c.name)).toEqual([
      "Ana_Paula 100%",
      "João da Silva",
      "Maria Conceição",
      "Zeca 00",
    ]);
    const second = await directory(company, { pagina: 2 });
    expect(second.items.map((c) => c.name)).toEqual([
      "Zeca 17",
      "Zeca 18",
      "Zeca 19",
      "Zeca 20",
      "Zeca 21",
    ]);
    const zecas = await directory(company, { busca: "zeca", pagina: 2 });
    expect(zecas).toMatchObject({ total: 22, page: 2 });
    expect(zecas.items).toHaveLength(2);
  });

  it("the header search ('Buscar clientes...') lands on the same search", async () => {
    // /clientes?busca=... sends `busca` as it came from the header
    expect((await directory(company, { busca: "MARIA" })).items[0]?.email).toBe(
      "maria@example.com",
    );
  });

  it("takes `search` and `page` like the API's other lists, and still the first `busca`/`pagina`", async () => {
    const byNew = await directory(company, { search: "zeca", page: 2 });
    expect(byNew).toMatchObject({ total: 22, page: 2 });
    expect(byNew.items.map((c) => c.name)).toEqual(["Zeca 20", "Zeca 21"]);
    expect(await directory(company, { busca: "zeca", pagina: 2 })).toEqual(byNew);
    // Both spellings at once: the new names win.
    const both = await directory(company, { search: "maria", busca: "zeca", page: 1, pagina: 2 });
    expect(both).toMatchObject({ total: 1, page: 1 });
    // A bad term is refused under the name it came with.
    const bad = await t.request(`/api/customers/directory?search=${encodeURIComponent("\u0000")}`, {
      cookie: company.cookie,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { fields: { search: "text_invalid" } } });
  });
});

describe("large bases", () => {
  // Every seeded customer's e-mail ends in @exemplo.com.br, so that search matches them all and
  // its pages must be the unsearched list's pages.
  async function seeded(customers: number, email: string) {
    const company = await t.companySession({ companyName: `Base ${customers}`, email });
    await seedCustomers(t.db, company.companyId, customers);
    return company;
  }

  it.each([
    [1500, "sorted in one pass"],
    [5200, "read in name order"],
  ])("%i matches (%s): counted as 'more than 1,000', paged as the list is", async (n) => {
    const company = await seeded(n, `base${n}@example.com`);
    const all = await directory(company, { pagina: 4 });
    expect(all).toMatchObject({ total: n, totalCapped: false });
    const found = await directory(company, { busca: "exemplo.com", pagina: 4 });
    expect(found).toMatchObject({ total: 1000, totalCapped: true, page: 4 });
    expect(found.items.map((c) => c.id)).toEqual(all.items.map((c) => c.id));
    expect(found.items).toHaveLength(20);
  });

  it("the list's total follows the base as customers come and go", async () => {
    const company = await seeded(30, "vaivem@example.com");
    expect((await directory(company)).total).toBe(30);
    await create(company, { name: "Nova Cliente" });
    const page = await directory(company);
    expect(page.total).toBe(31);
    // a customer who leaves the programme (or deletes the account) leaves the company's base
    await leaveProgram(t.db, page.items[0]!.id, company.companyId);
    expect((await directory(company)).total).toBe(30);
    expect((await directory(company)).items).toHaveLength(20);
  });
});

describe("stats", () => {
  it("counts customers, active ones and birthdays of this São Paulo month (record first)", async () => {
    const company = await t.companySession({ companyName: "Conta", email: "conta@example.com" });
    const month = saoPauloMonth();
    const other = (month % 12) + 1;
    await create(company, { email: "b1@example.com", birthDate: `1990-${pad(month)}-01` });
    const b2 = await create(company, {
      email: "b2@example.com",
      birthDate: `1985-${pad(other)}-02`,
    });
    const b3 = await create(company, { email: "b3@example.com", birthDate: "" });
    await create(company, { email: "b4@example.com", birthDate: `1970-${pad(other)}-03` });
    // the company's record of b2 moves the birthday into this month
    await ok(
      apiAs(t, company.cookie).POST("/api/customers/{id}/record", {
        params: { path: { id: b2.customer.id } },
        body: { phone: "", birthDate: `1985-${pad(month)}-02`, city: "", state: "", notes: "" },
      }),
      200,
    );
    await ok(
      apiAs(t, company.cookie).POST("/api/customers/{id}/status", {
        params: { path: { id: b3.customer.id } },
        body: { status: "inactive" },
      }),
      200,
    );
    const stats = await ok(apiAs(t, company.cookie).GET("/api/customers/stats"), 200);
    expect(stats).toEqual({ total: 4, active: 3, birthdaysThisMonth: 2 });
  });
});

describe("status toggle", () => {
  it("an inactive customer leaves the add-stamp search and cannot be stamped; the history stays", async () => {
    const company = await t.companySession({ companyName: "Ativa", email: "ativa@example.com" });
    // Stamps here are not about the counter's interval and daily cap: off.
    await setCounterRules(t, company.cookie);
    const { customer } = await create(company, { name: "Paulo Pausa", email: "paulo@example.com" });
    const stampCustomer = () =>
      t.request(`/api/customers/${customer.id}/stamps`, {
        cookie: company.cookie,
        body: { method: "purchase", notes: "" },
      });
    expect((await stampCustomer()).status).toBe(201);
    const [card] = await ok(
      apiAs(t, company.cookie).GET("/api/customers/{id}/cards", {
        params: { path: { id: customer.id } },
      }),
      200,
    );
    expect(card).toMatchObject({ stamps: 1, maxStamps: 10, status: "active" });
    // the add-stamp search finds members as /clientes does: case and accents ignored
    await create(company, { name: "Conceição Araújo", email: "ceicao@example.com" });
    const stampSearch = async (term: string) =>
      (await stampSearchOf(company, term)).map((c) => c.name);
    expect(await stampSearch("conceicao ara")).toEqual(["Conceição Araújo"]);
    expect(await stampSearch("PAULO")).toEqual(["Paulo Pausa"]);

    const off = await ok(
      apiAs(t, company.cookie).POST("/api/customers/{id}/status", {
        params: { path: { id: customer.id } },
        body: { status: "inactive" },
      }),
      200,
    );
    expect(off.status).toBe("inactive");

    const found = await stampSearchOf(company, "paulo");
    expect(found).toEqual([]);
    expect((await stampCustomer()).status).toBe(404);
    const byCard = await t.request(`/api/cards/${card!.id}/stamps`, {
      cookie: company.cookie,
      body: { method: "purchase", notes: "" },
    });
    expect((await errorBody(byCard, 409)).error.code).toBe("customer_inactive");
    // still listed, with its card and stamp
    const rows = await directory(company, { busca: "paulo" });
    expect(rows.items[0]).toMatchObject({ status: "inactive", totalCards: 1, currentStamps: 1 });
    const cards = await ok(
      apiAs(t, company.cookie).GET("/api/customers/{id}/cards", {
        params: { path: { id: customer.id } },
      }),
      200,
    );
    expect(cards[0]!.stamps).toBe(1);

    await ok(
      apiAs(t, company.cookie).POST("/api/customers/{id}/status", {
        params: { path: { id: customer.id } },
        body: { status: "active" },
      }),
      200,
    );
    expect((await stampCustomer()).status).toBe(201);
  });
});

describe("'Ver Detalhes': the company's record and the messages", () => {
  it("edits the company's record without touching the customer's profile", async () => {
    const company = await t.companySession({ companyName: "Registro", email: "reg@example.com" });
    const lia = await t.customerSession({
      name: "Lia Perfil",
      email: "lia@example.com",
      phone: "(21) 90000-1111",
      city: "Niterói",
      state: "RJ",
      birthDate: "1991-01-10",
      origin: { empresa_id: company.companyId, origem: "qrcode_empresa" },
    });
    const saved = await ok(
      apiAs(t, company.cookie).POST("/api/customers/{id}/record", {
        params: { path: { id: lia.customerId } },
        body: {
          phone: "(21) 95555-6666",
          birthDate: "1991-02-11",
          city: "Rio de Janeiro",
          state: "rj",
          notes: "Prefere café sem açúcar",
        },
      }),
      200,
    );
    expect(saved).toMatchObject({
      phone: "(21) 95555-6666",
      birthDate: "1991-02-11",
      city: "Rio de Janeiro",
      state: "RJ",
      notes: "Prefere café sem açúcar",
      profile: { phone: "(21) 90000-1111", city: "Niterói", state: "RJ", birthDate: "1991-01-10" },
    });
    const account = await me(lia.cookie);
    expect(account.profile).toMatchObject({
      phone: "(21) 90000-1111",
      city: "Niterói",
      birthDate: "1991-01-10",
    });
    // the search follows the company's phone
    expect(await search(company, "955556666")).toEqual(["Lia Perfil"]);
    expect(await search(company, "900001111")).toEqual([]);

    // an empty field goes back to the profile
    const cleared = await ok(
      apiAs(t, company.cookie).POST("/api/customers/{id}/record", {
        params: { path: { id: lia.customerId } },
        body: { phone: "", birthDate: "", city: "", state: "", notes: "" },
      }),
      200,
    );
    expect(cleared).toMatchObject({ phone: "(21) 90000-1111", city: "Niterói", notes: null });

    const bad = await t.request(`/api/customers/${lia.customerId}/record`, {
      cookie: company.cookie,
      body: { phone: "abc", birthDate: "", city: "", state: "XX", notes: "" },
    });
    const error = await errorBody(bad, 400);
    expect(error.error.fields).toMatchObject({ phone: "phone_invalid", state: "state_invalid" });
  });

  it("counts the customer's messages with 'Nova' and shows the conversation", async () => {
    const company = await t.companySession({ companyName: "Fala", email: "fala@example.com" });
    const { customer } = await create(company, { name: "Rui Mensagem", email: "rui@example.com" });
    const first = randomUUID();
    await t.db.insert(customerMessages).values([
      {
        id: first,
        companyId: company.companyId,
        customerId: customer.id,
        sender: "customer",
        body: "Vocês abrem domingo?",
        status: "answered",
        createdAt: new Date(Date.now() - 60_000),
      },
      {
        id: randomUUID(),
        companyId: company.companyId,
        customerId: customer.id,
        sender: "company",
        body: "Abrimos sim!",
        status: "answered",
        replyToId: first,
        createdAt: new Date(Date.now() - 30_000),
      },
      {
        id: randomUUID(),
        companyId: company.companyId,
        customerId: customer.id,
        sender: "customer",
        body: "Obrigado!",
        status: "pending",
      },
    ]);
    const [row] = (await directory(company)).items;
    expect(row).toMatchObject({ messages: 2, pendingMessages: 1 });
    const details = await ok(
      apiAs(t, company.cookie).GET("/api/customers/{id}", {
        params: { path: { id: customer.id } },
      }),
      200,
    );
    expect(details.conversation.map((m) => [m.sender, m.body])).toEqual([
      ["customer", "Vocês abrem domingo?"],
      ["company", "Abrimos sim!"],
      ["customer", "Obrigado!"],
    ]);
  });
});

describe("'Exportar CSV'", () => {
  it("streams every customer as UTF-8 with BOM, ';' separated, dd/MM/yyyy, values escaped", async () => {
    const company = await t.companySession({ companyName: "Planilha", email: "csv@example.com" });
    const { customer } = await create(company, {
      name: 'Zé "Bigode"; Filho',
      email: "ze@example.com",
      phone: "(11) 3333-4444",
      birthDate: "1980-12-25",
      city: "São Paulo",
      state: "SP",
    });
    await create(company, { name: "=HYPERLINK(1)", email: "formula@example.com" });
    await ok(
      apiAs(t, company.cookie).POST("/api/customers/{id}/record", {
        params: { path: { id: customer.id } },
        body: {
          phone: "(11) 3333-4444",
          birthDate: "",
          city: "",
          state: "",
          notes: "linha 1\nlinha 2",
        },
      }),
      200,
    );
    const res = await t.request("/api/customers/export", { cookie: company.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="clientes.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "ID;Nome;Email;Telefone;Cidade;Estado;Aniversário;Cartões;Cartões Completos;Carimbos Atuais;Status;Mensagens;Mensagens Novas;Cadastro;Observações;Parceiro de origem",
    );
    const today = new Intl.DateTimeFormat("pt-BR", {
      timeZone: "America/Sao_Paulo",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
    }).format(new Date());
    // sorted by name: "=HYPERLINK(1)" sorts before "Zé"
    expect(lines[1]).toMatch(/^[0-9a-f-]{36};'=HYPERLINK\(1\);formula@example\.com;/);
    expect(text).toContain(
      `${customer.id};"Zé ""Bigode""; Filho";ze@example.com;(11) 3333-4444;São Paulo;SP;25/12/1980;1;0;0;Ativo;0;0;${today};"linha 1\nlinha 2";\r\n`,
    );
    expect(text.endsWith("\r\n")).toBe(true);
  });

  it("streams in batches: more customers than one batch all arrive once", async () => {
    const company = await t.companySession({ companyName: "Lote", email: "lote@example.com" });
    const { exportCustomerBatches } = await import("./customers.queries");
    for (let i = 0; i < 5; i++) await create(company, { name: `Lote ${i}` });
    const seen: string[] = [];
    let batches = 0;
    for await (const batch of exportCustomerBatches(t.db, company.companyId, 2)) {
      batches++;
      seen.push(...batch.map((r) => r.name));
    }
    expect(batches).toBe(3);
    expect(seen).toEqual(["Lote 0", "Lote 1", "Lote 2", "Lote 3", "Lote 4"]);
  });
});

describe("tenant isolation", () => {
  it("another company sees none of this company's customers; a customer session gets 403", async () => {
    const { customer } = await create(cafe, { name: "Só do Café", email: "socafe@example.com" });
    const other = barber.cookie;
    for (const [path, body] of [
      [`/api/customers/${customer.id}`, undefined],
      [`/api/customers/${customer.id}/cards`, undefined],
      [
        `/api/customers/${customer.id}/record`,
        { phone: "", birthDate: "", city: "X", state: "", notes: "" },
      ],
      [`/api/customers/${customer.id}/status`, { status: "inactive" }],
    ] as const) {
      const res = await t.request(path, { cookie: other, body });
      expect(res.status, path).toBe(404);
    }
    expect((await directory(barber)).items.map((c) => c.id)).not.toContain(customer.id);
    expect(await search(barber, "socafe")).toEqual([]);
    const csv = await (await t.request("/api/customers/export", { cookie: other })).text();
    expect(csv).not.toContain(customer.id);
    expect(csv).not.toContain("socafe@example.com");
    // untouched for its own company
    const mine = await ok(
      apiAs(t, cafe.cookie).GET("/api/customers/{id}", { params: { path: { id: customer.id } } }),
      200,
    );
    expect(mine).toMatchObject({ status: "active", city: "Campinas" });

    const shopper = await t.customerSession({ email: "shopper@example.com" });
    for (const path of [
      "/api/customers/directory",
      "/api/customers/stats",
      "/api/customers/export",
    ]) {
      expect((await t.request(path, { cookie: shopper.cookie })).status, path).toBe(403);
      expect((await t.request(path)).status, path).toBe(401);
    }
    const byCustomer = await t.request("/api/customers", {
      cookie: shopper.cookie,
      body: newCustomer(),
    });
    expect(byCustomer.status).toBe(403);
  });
});
