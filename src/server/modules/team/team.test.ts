import { randomUUID } from "node:crypto";
import { STAFF_INVITATIONS_PER_DAY } from "@shared/team.schema";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, errorBody, ok } from "../../test/api";
import { createTestApp, sessionCookie, type TestApp } from "../../test/test-app";
import { loyaltyCards } from "../cards/cards.table";
import { stamps } from "../stamps/stamps.table";
import { companyMembers, staffInvitations } from "./team.table";

let t: TestApp;
let cafe: { cookie: string; companyId: string };
let barber: { cookie: string; companyId: string };

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café Aurora", email: "aurora@example.com" });
  barber = await t.companySession({ companyName: "Barbearia Sul", email: "barba@example.com" });
});
afterAll(async () => {
  await t?.close();
});

type Role = "owner" | "manager" | "attendant";
const email = (prefix = "pessoa") => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

const team = (cookie: string) => ok(apiAs(t, cookie).GET("/api/team"), 200);

const invite = (cookie: string, body: { email: string; role: Role; locationId?: string | null }) =>
  t.request("/api/team/invitations", { cookie, body });

/** The token of the last team invitation e-mailed to `to`. */
function tokenOf(to: string) {
  const mail = t.mails.findLast((m) => m.to === to && m.text.includes("/equipe/convite"));
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No team invitation e-mailed to ${to}`);
  return new URL(link).searchParams.get("token")!;
}

const details = (token: string) =>
  t.request(`/api/team/invitations/by-token/${encodeURIComponent(token)}`);

const signUp = (token: string, name = "Ana Atendente", password = "segredo1") =>
  t.request("/api/team/invitations/sign-up", { body: { token, name, password } });

const accept = (cookie: string, token: string) =>
  t.request("/api/team/invitations/accept", { cookie, body: { token } });

const me = (cookie: string) => ok(apiAs(t, cookie).GET("/api/me"), 200);

/** Invited by `company` with `role`, then signs up on /equipe/convite: their cookie and e-mail. */
async function newMember(company: { cookie: string }, role: Role, name = "Pessoa da Equipe") {
  const address = email(role);
  expect((await invite(company.cookie, { email: address, role })).status).toBe(201);
  const res = await signUp(tokenOf(address), name);
  expect(res.status, await res.clone().text()).toBe(200);
  return { cookie: sessionCookie(res), email: address, password: "segredo1" };
}

const memberId = async (company: { cookie: string }, address: string) =>
  (await team(company.cookie)).members.find((m) => m.email === address)!.id;

describe("an invitation, from 'Convidar' to the member's first sign-in", () => {
  it("e-mails a link; without an account the person creates a password, is signed in with the role and an Atendente is refused the export", async () => {
    const address = email("ana");
    const res = await invite(cafe.cookie, { email: address.toUpperCase(), role: "attendant" });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = (await res.json()) as { email: string; role: string; expired: boolean };
    expect(created).toMatchObject({ email: address, role: "attendant", expired: false });

    const mail = t.mails.findLast((m) => m.to === address)!;
    expect(mail.subject).toContain("Café Aurora");
    expect(mail.text).toContain("Atendente");
    expect(mail.text).toMatch(/\/equipe\/convite\?token=/);
    expect((await team(cafe.cookie)).invitations.map((i) => i.email)).toContain(address);

    const token = tokenOf(address);
    const view = await details(token);
    expect(await view.json()).toEqual({
      companyName: "Café Aurora",
      role: "attendant",
      email: address,
      account: "none",
    });

    const joined = await signUp(token, "Ana Atendente");
    expect(joined.status, await joined.clone().text()).toBe(200);
    expect(await joined.json()).toEqual({
      companyId: cafe.companyId,
      companyName: "Café Aurora",
      role: "attendant",
    });
    const cookie = sessionCookie(joined);
    expect((await me(cookie)).member).toEqual({
      role: "attendant",
      locationId: null,
      home: "/balcao",
    });

    // The link is used: it shows nothing and makes no second account.
    expect((await errorBody(await details(token), 410)).error.code).toBe(
      "staff_invitation_invalid",
    );
    expect((await errorBody(await signUp(token), 410)).error.code).toBe("staff_invitation_invalid");

    // Signing in later on /login-admin works with the password chosen, with the same role.
    const again = await t.signIn(address, "segredo1");
    expect((await me(again)).member?.role).toBe("attendant");
    expect((await me(again)).company?.id).toBe(cafe.companyId);

    // The counter only: no export, no team page.
    const exported = await t.request("/api/customers/export", { cookie: again });
    expect((await errorBody(exported, 403)).error.code).toBe("role_forbidden");
    const teamPage = await t.request("/api/team", { cookie: again });
    expect((await errorBody(teamPage, 403)).error.code).toBe("role_forbidden");

    const list = await team(cafe.cookie);
    expect(list.invitations.map((i) => i.email)).not.toContain(address);
    expect(list.members.find((m) => m.email === address)).toMatchObject({
      name: "Ana Atendente",
      role: "attendant",
      locationId: null,
    });
  });

  it("a Gerente may export the customers", async () => {
    const manager = await newMember(cafe, "manager", "Gui Gerente");
    expect((await me(manager.cookie)).member?.role).toBe("manager");
    expect((await t.request("/api/customers/export", { cookie: manager.cookie })).status).toBe(200);
  });

  it("the sign-up checks the password with the shared rules", async () => {
    const address = email();
    await invite(cafe.cookie, { email: address, role: "attendant" });
    const res = await signUp(tokenOf(address), "Bia", "123");
    expect((await errorBody(res, 400)).error.fields).toEqual({ password: "password_too_short" });
  });

  it("an unknown link is 404, a cancelled, replaced or expired one 410", async () => {
    expect((await errorBody(await details("x".repeat(43)), 404)).error.code).toBe(
      "staff_invitation_invalid",
    );

    const address = email();
    const created = (await (
      await invite(cafe.cookie, { email: address, role: "manager" })
    ).json()) as { id: string };
    const first = tokenOf(address);

    // 'Reenviar': a new link; the old one stops working.
    const resent = await t.request(`/api/team/invitations/${created.id}/resend`, {
      method: "POST",
      cookie: cafe.cookie,
    });
    expect(resent.status).toBe(200);
    const second = tokenOf(address);
    expect(second).not.toBe(first);
    expect((await details(first)).status).toBe(404);
    expect((await details(second)).status).toBe(200);

    // 'Cancelar': the link stops working and the invitation leaves the list.
    const canceled = await t.request(`/api/team/invitations/${created.id}`, {
      method: "DELETE",
      cookie: cafe.cookie,
    });
    expect(canceled.status).toBe(204);
    expect((await errorBody(await details(second), 410)).error.code).toBe(
      "staff_invitation_invalid",
    );
    expect((await team(cafe.cookie)).invitations.map((i) => i.id)).not.toContain(created.id);

    // Expired (7 days): listed as expired, its link refused; a resend renews it.
    const late = email();
    const old = (await (await invite(cafe.cookie, { email: late, role: "attendant" })).json()) as {
      id: string;
    };
    await t.db
      .update(staffInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(staffInvitations.id, old.id));
    expect((await errorBody(await signUp(tokenOf(late)), 410)).error.code).toBe(
      "staff_invitation_invalid",
    );
    expect((await team(cafe.cookie)).invitations.find((i) => i.id === old.id)?.expired).toBe(true);
    await t.request(`/api/team/invitations/${old.id}/resend`, {
      method: "POST",
      cookie: cafe.cookie,
    });
    expect((await details(tokenOf(late))).status).toBe(200);
  });

  it("inviting the same e-mail again renews the open invitation (one in the list, the new role)", async () => {
    const address = email();
    await invite(cafe.cookie, { email: address, role: "attendant" });
    const first = tokenOf(address);
    await invite(cafe.cookie, { email: address, role: "manager" });
    const open = (await team(cafe.cookie)).invitations.filter((i) => i.email === address);
    expect(open.map((i) => i.role)).toEqual(["manager"]);
    expect((await details(first)).status).toBe(404);
    expect(((await (await details(tokenOf(address))).json()) as { role: string }).role).toBe(
      "manager",
    );
  });
});

describe("accepting with an account", () => {
  it("an admin account in no team signs in and joins (the e-mail in any case); it cannot also sign up", async () => {
    // Someone who left another team: an admin account in none.
    const person = await newMember(barber, "manager", "Carla");
    const removed = await t.request(`/api/team/members/${await memberId(barber, person.email)}`, {
      method: "DELETE",
      cookie: barber.cookie,
    });
    expect(removed.status).toBe(204);

    await invite(cafe.cookie, { email: person.email, role: "manager" });
    const token = tokenOf(person.email);
    expect(await (await details(token)).json()).toMatchObject({ account: "admin" });
    expect((await errorBody(await signUp(token), 409)).error.code).toBe("email_taken");

    const cookie = await t.signIn(person.email.toUpperCase(), person.password);
    expect((await me(cookie)).member).toBeNull();
    const res = await accept(cookie, token);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ companyId: cafe.companyId, role: "manager" });
    // The role counts from the next request, with the same cookie.
    expect((await me(cookie)).member?.role).toBe("manager");
    expect((await me(cookie)).company?.id).toBe(cafe.companyId);
    expect((await errorBody(await accept(cookie, token), 410)).error.code).toBe(
      "staff_invitation_invalid",
    );
  });

  it("a customer's account is refused: the two roles never mix", async () => {
    const address = email("cliente");
    const customer = await t.customerSession({ email: address });
    await invite(cafe.cookie, { email: address, role: "attendant" });
    const token = tokenOf(address);
    expect(await (await details(token)).json()).toMatchObject({ account: "customer" });
    expect((await errorBody(await accept(customer.cookie, token), 409)).error.code).toBe(
      "staff_email_is_customer",
    );
    expect((await errorBody(await signUp(token), 409)).error.code).toBe("email_taken");
    expect((await me(customer.cookie)).member).toBeNull();
  });

  it("signed in as another e-mail is 403; an account already in a team 409", async () => {
    const address = email();
    await invite(cafe.cookie, { email: address, role: "attendant" });
    const token = tokenOf(address);
    const other = await t.staffSession(barber.companyId, "attendant");
    expect((await errorBody(await accept(other.cookie, token), 403)).error.code).toBe("forbidden");

    // The barber's owner is invited to the café: already in a team.
    await invite(cafe.cookie, { email: "barba@example.com", role: "manager" });
    const owners = tokenOf("barba@example.com");
    expect((await errorBody(await accept(barber.cookie, owners), 409)).error.code).toBe(
      "already_in_team",
    );
    expect((await me(barber.cookie)).company?.id).toBe(barber.companyId);

    expect((await errorBody(await accept("", token), 401)).error.code).toBe("unauthenticated");
  });

  it("an e-mail already in this team cannot be invited (409), whatever its case", async () => {
    const member = await newMember(cafe, "attendant");
    const res = await invite(cafe.cookie, { email: member.email.toUpperCase(), role: "manager" });
    expect((await errorBody(res, 409)).error.code).toBe("already_in_team");
    const owner = await invite(cafe.cookie, { email: "aurora@example.com", role: "manager" });
    expect((await errorBody(owner, 409)).error.code).toBe("already_in_team");
  });
});

describe("members: role, removal, the last owner", () => {
  it("a role change counts on the member's next request", async () => {
    const member = await newMember(cafe, "attendant");
    expect((await t.request("/api/customers/export", { cookie: member.cookie })).status).toBe(403);
    const changed = await ok(
      apiAs(t, cafe.cookie).PATCH("/api/team/members/{id}", {
        params: { path: { id: await memberId(cafe, member.email) } },
        body: { role: "manager" },
      }),
      200,
    );
    expect(changed).toMatchObject({ email: member.email, role: "manager" });
    expect((await t.request("/api/customers/export", { cookie: member.cookie })).status).toBe(200);
  });

  it("removing a member ends every session of theirs at once", async () => {
    const member = await newMember(cafe, "manager");
    const second = await t.signIn(member.email, member.password);
    expect((await t.request("/api/customers/stats", { cookie: member.cookie })).status).toBe(200);
    const res = await t.request(`/api/team/members/${await memberId(cafe, member.email)}`, {
      method: "DELETE",
      cookie: cafe.cookie,
    });
    expect(res.status).toBe(204);
    for (const cookie of [member.cookie, second]) {
      expect((await t.request("/api/me", { cookie })).status).toBe(401);
      expect((await t.request("/api/customers/stats", { cookie })).status).toBe(401);
    }
    expect((await team(cafe.cookie)).members.map((m) => m.email)).not.toContain(member.email);
  });

  it("the last owner can be neither demoted nor removed; with a second owner they can", async () => {
    const shop = await t.companySession({ companyName: "Loja Única", email: email("dono") });
    const ownerId = (await team(shop.cookie)).members[0]!.id;
    const demote = await t.request(`/api/team/members/${ownerId}`, {
      method: "PATCH",
      cookie: shop.cookie,
      body: { role: "manager" },
    });
    expect((await errorBody(demote, 409)).error.code).toBe("last_owner");
    const remove = await t.request(`/api/team/members/${ownerId}`, {
      method: "DELETE",
      cookie: shop.cookie,
    });
    expect((await errorBody(remove, 409)).error.code).toBe("last_owner");
    expect((await me(shop.cookie)).member?.role).toBe("owner");

    const partner = await newMember(shop, "owner", "Sócia");
    const demoted = await t.request(`/api/team/members/${ownerId}`, {
      method: "PATCH",
      cookie: partner.cookie,
      body: { role: "manager" },
    });
    expect(demoted.status).toBe(200);
    expect((await me(shop.cookie)).member?.role).toBe("manager");
    expect((await t.request("/api/team", { cookie: shop.cookie })).status).toBe(403);
    // The partner is now the last owner.
    const self = await t.request(`/api/team/members/${await memberId(partner, partner.email)}`, {
      method: "DELETE",
      cookie: partner.cookie,
    });
    expect((await errorBody(self, 409)).error.code).toBe("last_owner");
  });

  it("after the trial, without a plan, the owner can still take someone out of the team", async () => {
    const shop = await t.companySession({ companyName: "Vencida", email: email("vencida") });
    const member = await newMember(shop, "attendant");
    await t.db.execute(
      sql`update companies set trial_ends_at = now() - interval '1 day' where id = ${shop.companyId}`,
    );
    const invite = await t.request("/api/team/invitations", {
      cookie: shop.cookie,
      body: { email: email("novo"), role: "attendant" },
    });
    expect((await errorBody(invite, 402)).error.code).toBe("plan_expired");
    const res = await t.request(`/api/team/members/${await memberId(shop, member.email)}`, {
      method: "DELETE",
      cookie: shop.cookie,
    });
    expect(res.status).toBe(204);
    expect((await t.request("/api/me", { cookie: member.cookie })).status).toBe(401);
  });

  it("no seat limit: a team grows past any plan's size", async () => {
    const shop = await t.companySession({ companyName: "Muitos", email: email("muitos") });
    for (let i = 0; i < 6; i++) await t.staffSession(shop.companyId, "attendant");
    await newMember(shop, "attendant");
    expect((await team(shop.cookie)).members).toHaveLength(8);
  });
});

describe("limits and walls", () => {
  it(`${STAFF_INVITATIONS_PER_DAY} invitations a day per company, resends counted (429 team_invitations_limited)`, async () => {
    const shop = await t.companySession({ companyName: "Convites", email: email("convites") });
    let last = { id: "" };
    for (let i = 0; i < STAFF_INVITATIONS_PER_DAY; i++) {
      const res = await invite(shop.cookie, { email: email(`c${i}`), role: "attendant" });
      expect(res.status).toBe(201);
      last = (await res.json()) as { id: string };
    }
    const over = await invite(shop.cookie, { email: email(), role: "attendant" });
    expect((await errorBody(over, 429)).error.code).toBe("team_invitations_limited");
    const resend = await t.request(`/api/team/invitations/${last.id}/resend`, {
      method: "POST",
      cookie: shop.cookie,
    });
    expect((await errorBody(resend, 429)).error.code).toBe("team_invitations_limited");
    // Another company's count is its own.
    expect((await invite(barber.cookie, { email: email(), role: "attendant" })).status).toBe(201);
  });

  it("another company's member, invitation and shop are 404; only the owner reaches the team", async () => {
    const member = await newMember(cafe, "attendant");
    const id = await memberId(cafe, member.email);
    const open = (await (
      await invite(cafe.cookie, { email: email(), role: "attendant" })
    ).json()) as { id: string };
    const shop = await ok(
      apiAs(t, cafe.cookie).POST("/api/team/locations", { body: { name: "Centro" } }),
      201,
    );
    const as = barber.cookie;
    const wrong = [
      t.request(`/api/team/members/${id}`, {
        method: "PATCH",
        cookie: as,
        body: { role: "owner" },
      }),
      t.request(`/api/team/members/${id}`, { method: "DELETE", cookie: as }),
      t.request(`/api/team/invitations/${open.id}/resend`, { method: "POST", cookie: as }),
      t.request(`/api/team/invitations/${open.id}`, { method: "DELETE", cookie: as }),
      t.request(`/api/team/locations/${shop.id}`, {
        method: "PATCH",
        cookie: as,
        body: { name: "X" },
      }),
      t.request(`/api/team/locations/${shop.id}`, { method: "DELETE", cookie: as }),
      invite(as, { email: email(), role: "attendant", locationId: shop.id }),
    ];
    for (const res of await Promise.all(wrong)) {
      expect((await errorBody(res, 404)).error.code).toBe("not_found");
    }
    // Nothing changed at the café.
    expect((await me(member.cookie)).member?.role).toBe("attendant");
    const cafeTeam = await team(cafe.cookie);
    expect(cafeTeam.invitations.map((i) => i.id)).toContain(open.id);
    expect(cafeTeam.locations.map((l) => l.name)).toContain("Centro");
    expect((await team(barber.cookie)).members.map((m) => m.email)).not.toContain(member.email);

    // A manager is not the owner.
    const manager = await t.staffSession(cafe.companyId, "manager");
    for (const path of ["/api/team", "/api/team/activity", "/api/team/locations"]) {
      const res = await t.request(path, { cookie: manager.cookie });
      expect((await errorBody(res, 403)).error.code).toBe("role_forbidden");
    }
    const customer = await t.customerSession({ email: email("cli") });
    expect(
      (await errorBody(await t.request("/api/team", { cookie: customer.cookie }), 403)).error.code,
    ).toBe("forbidden");
    expect((await t.request("/api/team")).status).toBe(401);
  });
});

describe("locations ('Unidades')", () => {
  it("the owner lists shops and ties a member and an invitation to one; a deleted shop unties them", async () => {
    const shop = await t.companySession({ companyName: "Duas Lojas", email: email("lojas") });
    const api = apiAs(t, shop.cookie);
    expect((await team(shop.cookie)).locations).toEqual([]);
    const centro = await ok(
      api.POST("/api/team/locations", { body: { name: " Centro ", address: "Rua A, 1" } }),
      201,
    );
    const bairro = await ok(api.POST("/api/team/locations", { body: { name: "Bairro" } }), 201);
    expect(centro).toMatchObject({ name: "Centro", address: "Rua A, 1" });
    expect(bairro.address).toBeNull();
    const renamed = await ok(
      api.PATCH("/api/team/locations/{id}", {
        params: { path: { id: bairro.id } },
        body: { name: "Jardim", address: "" },
      }),
      200,
    );
    expect(renamed).toEqual({ id: bairro.id, name: "Jardim", address: null });
    expect((await ok(api.GET("/api/team/locations"), 200)).map((l) => l.name)).toEqual([
      "Centro",
      "Jardim",
    ]);
    const empty = await t.request("/api/team/locations", {
      cookie: shop.cookie,
      body: { name: " " },
    });
    expect((await errorBody(empty, 400)).error.fields).toEqual({ name: "location_name_required" });

    // An invitation tied to a shop: the member joins there.
    const address = email();
    await invite(shop.cookie, { email: address, role: "attendant", locationId: centro.id });
    expect((await team(shop.cookie)).invitations[0]?.locationId).toBe(centro.id);
    const joined = await signUp(tokenOf(address));
    expect((await me(sessionCookie(joined))).member).toEqual({
      role: "attendant",
      home: "/balcao",
      locationId: centro.id,
    });
    const id = await memberId(shop, address);
    const moved = await ok(
      api.PATCH("/api/team/members/{id}", {
        params: { path: { id } },
        body: { locationId: bairro.id },
      }),
      200,
    );
    expect(moved).toMatchObject({ role: "attendant", locationId: bairro.id });

    expect(
      await ok(
        api.DELETE("/api/team/locations/{id}", { params: { path: { id: bairro.id } } }),
        204,
      ),
    ).toBeUndefined();
    const after = await team(shop.cookie);
    expect(after.locations.map((l) => l.id)).toEqual([centro.id]);
    expect(after.members.find((m) => m.id === id)?.locationId).toBeNull();
  });
});

describe("the activity list", () => {
  it("counts stamps and redemptions per member per day and flags today's stamps past 3× the average", async () => {
    const shop = await t.companySession({ companyName: "Atividade", email: email("atividade") });
    const customer = await t.customerSession({
      email: email("freguesa"),
      origin: { empresa_id: shop.companyId },
    });
    const [card] = await t.db
      .select({ id: loyaltyCards.id })
      .from(loyaltyCards)
      .where(eq(loyaltyCards.companyId, shop.companyId));
    const people = {
      veteranHigh: await t.staffSession(shop.companyId, "attendant", { name: "Vera" }),
      veteranOk: await t.staffSession(shop.companyId, "attendant", { name: "Valter" }),
      newHigh: await t.staffSession(shop.companyId, "attendant", { name: "Nina" }),
      newOk: await t.staffSession(shop.companyId, "attendant", { name: "Nando" }),
    };
    // The veterans joined 20 days ago.
    for (const p of [people.veteranHigh, people.veteranOk]) {
      await t.db
        .update(companyMembers)
        .set({ createdAt: sql`now() - interval '20 days'` })
        .where(eq(companyMembers.userId, p.userId));
    }
    const give = (userId: string, count: number, daysAgo: number) =>
      t.db.insert(stamps).values({
        id: randomUUID(),
        cardId: card!.id,
        companyId: shop.companyId,
        customerId: customer.customerId,
        method: "purchase",
        count,
        status: "approved",
        givenBy: userId,
        createdAt: sql`now() - make_interval(days => ${daysAgo})`,
        approvedAt: sql`now() - make_interval(days => ${daysAgo})`,
      });
    // 4 stamps a day for the 14 days before today: an average of 4.
    for (let day = 1; day <= 14; day++) {
      await give(people.veteranHigh.userId, 4, day);
      await give(people.veteranOk.userId, 4, day);
    }
    await give(people.veteranHigh.userId, 10, 0);
    await give(people.veteranHigh.userId, 3, 0); // 13 > 3 × 4
    await give(people.veteranOk.userId, 12, 0); // 12, not more than 3 × 4
    await give(people.newHigh.userId, 10, 0); // no history: more than 3 × 3
    await give(people.newOk.userId, 9, 0);
    // A pending claim and another company's stamps never count.
    await t.db.insert(stamps).values({
      id: randomUUID(),
      cardId: card!.id,
      companyId: shop.companyId,
      customerId: customer.customerId,
      method: "receipt",
      count: 50,
      status: "pending",
      givenBy: people.newOk.userId,
    });
    await t.db
      .update(loyaltyCards)
      .set({ status: "redeemed", redeemedAt: sql`now()`, redeemedBy: people.newOk.userId })
      .where(eq(loyaltyCards.id, card!.id));

    const activity = await ok(
      apiAs(t, shop.cookie).GET("/api/team/activity", { params: { query: { days: 14 } } }),
      200,
    );
    const today = activity.rows.filter((r) => r.day === activity.today);
    expect(today.map((r) => [r.name, r.stamps, r.redemptions, r.flagged])).toEqual([
      ["Nando", 9, 1, false],
      ["Nina", 10, 0, true],
      ["Valter", 12, 0, false],
      ["Vera", 13, 0, true],
    ]);
    expect(today.find((r) => r.name === "Vera")?.average).toBe(4);
    expect(today.find((r) => r.name === "Nina")?.average).toBe(0);
    // The days before: 13 of them shown (14 days with today), unflagged, no average.
    const vera = activity.rows.filter((r) => r.name === "Vera");
    expect(vera).toHaveLength(14);
    expect(vera.filter((r) => r.day !== activity.today).every((r) => r.stamps === 4)).toBe(true);
    expect(vera.some((r) => r.day !== activity.today && (r.flagged || r.average !== null))).toBe(
      false,
    );
    // Newest day first.
    expect(activity.rows[0]?.day).toBe(activity.today);

    const todayOnly = await ok(
      apiAs(t, shop.cookie).GET("/api/team/activity", { params: { query: { days: 1 } } }),
      200,
    );
    expect(todayOnly.rows.every((r) => r.day === todayOnly.today)).toBe(true);
    expect(todayOnly.rows.find((r) => r.name === "Vera")?.flagged).toBe(true);

    // The café sees none of it.
    const other = await ok(apiAs(t, cafe.cookie).GET("/api/team/activity"), 200);
    expect(other.rows.map((r) => r.name)).not.toContain("Vera");
    const tooMany = await t.request("/api/team/activity?days=61", { cookie: shop.cookie });
    expect((await errorBody(tooMany, 400)).error.code).toBe("validation_failed");
  });
});
