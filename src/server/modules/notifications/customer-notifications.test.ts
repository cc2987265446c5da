import { randomUUID } from "node:crypto";
import type { CustomerCard } from "@shared/cards.schema";
import { saoPauloDate } from "@shared/dates";
import type { CustomerNotification } from "@shared/notifications.schema";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, apiAs, ok, runJob } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, type TestApp } from "../../test/test-app";
import { referrals } from "../referrals/referrals.table";
import { stamps } from "../stamps/stamps.table";

/**
 * The customer's bell (issue 16, point 6): replies, stamps received, complete cards, birthday
 * gifts, referral rewards and welcomes, invitations, each for its customer only, with read marks
 * kept on the server.
 */

let t: TestApp;
type Company = { cookie: string; companyId: string };
type Customer = { cookie: string; customerId: string; email: string };
let cafe: Company;
let rival: Company;
let ana: Customer;
let bia: Customer;
let caio: Customer;
let dani: Customer;

let emails = 0;
async function customer(name: string, company: Company | null, extra = {}): Promise<Customer> {
  emails++;
  const email = `cliente${emails}@example.com`;
  const session = await t.customerSession({
    name,
    email,
    ...(company ? { origin: { empresa_id: company.companyId } } : {}),
    ...extra,
  });
  return { ...session, email };
}

const bell = async (who: { cookie: string }) =>
  ok(apiAs(t, who.cookie).GET("/api/me/notifications"), 200);

const ids = async (who: { cookie: string }) => (await bell(who)).items.map((n) => n.id);

async function cardOf(who: Customer, at: Company): Promise<CustomerCard> {
  const cards = await ok(apiAs(t, who.cookie).GET("/api/me/cards"), 200);
  return cards.find((c) => c.companyId === at.companyId && c.status !== "redeemed")!;
}

/** A staff stamp on the card; answers the stamp's row. */
async function stampCard(cardId: string) {
  await answerOf<"/api/cards/{id}/stamps", "post">(
    await t.request(`/api/cards/${cardId}/stamps`, {
      cookie: cafe.cookie,
      body: { method: "purchase" },
    }),
    201,
  );
  const [row] = await t.db
    .select({ id: stamps.id })
    .from(stamps)
    .where(eq(stamps.cardId, cardId))
    .orderBy(desc(stamps.createdAt))
    .limit(1);
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café do Ponto", email: "cafe@example.com" });
  rival = await t.companySession({ companyName: "Rival", email: "rival@example.com" });
  // Stamps here are not about the counter's interval and daily cap: off.
  await setCounterRules(t, cafe.cookie);
  await setCounterRules(t, rival.cookie);
  ana = await customer("Ana Souza", cafe);
  bia = await customer("Bia Lima", cafe);
  // Caio's birthday is today (São Paulo), with the café's birthday rule on (the default).
  caio = await customer("Caio Reis", cafe, { birthDate: `1992-${saoPauloDate().slice(5)}` });
  dani = await customer("Dani Prado", null);
});
afterAll(async () => {
  await t?.close();
});

describe("the customer's bell", () => {
  it("starts empty", async () => {
    expect(await bell(ana)).toEqual({ items: [], unread: 0 });
  });

  it("lists the company's reply to the customer's message, to that customer only", async () => {
    const sent = await answerOf<"/api/me/messages", "post">(
      await t.request("/api/me/messages", {
        cookie: ana.cookie,
        body: { companyId: cafe.companyId, body: "Vocês abrem domingo?" },
      }),
      201,
    );
    const reply = await answerOf<"/api/messages/{id}/reply", "post">(
      await t.request(`/api/messages/${sent.id}/reply`, {
        cookie: cafe.cookie,
        body: { body: "Abrimos sim, das 8h às 12h! Venha experimentar o bolo de fubá da casa." },
      }),
      201,
    );
    const list = await bell(ana);
    expect(list.unread).toBe(1);
    expect(list.items).toEqual([
      {
        id: `resposta_${reply.id}`,
        type: "reply",
        companyId: cafe.companyId,
        companyName: "Café do Ponto",
        detail: "Abrimos sim, das 8h às 12h! Venha experimentar o b…",
        stamps: 0,
        bonusCents: 0,
        createdAt: expect.any(String),
        read: false,
      },
    ]);
    expect(await ids(bia)).toEqual([]);
  });

  it("lists staff stamps and approved claims, and the complete card", async () => {
    const card = await cardOf(ana, cafe);
    const staff = await stampCard(card.id);
    let list = await bell(ana);
    expect(list.items[0]).toMatchObject({
      id: `carimbo_${staff.id}`,
      type: "stamps",
      companyName: "Café do Ponto",
      detail: "purchase",
      stamps: 1,
      read: false,
    });

    const claim = await answerOf<"/api/me/cards/{id}/claims", "post">(
      await t.request(`/api/me/cards/${card.id}/claims`, {
        cookie: ana.cookie,
        body: { method: "social", network: "instagram", link: "https://instagram.com/p/abc" },
      }),
      201,
    );
    // a pending claim is no notice yet
    expect(await ids(ana)).not.toContain(`carimbo_${claim.id}`);
    await answerOf<"/api/claims/{id}/approve", "post">(
      await t.request(`/api/claims/${claim.id}/approve`, { method: "POST", cookie: cafe.cookie }),
      200,
    );
    list = await bell(ana);
    expect(list.items[0]).toMatchObject({
      id: `carimbo_${claim.id}`,
      type: "stamps",
      detail: "social",
    });

    for (let i = (await cardOf(ana, cafe)).stamps; i < card.maxStamps; i++) {
      await stampCard(card.id);
    }
    list = await bell(ana);
    expect(list.items.find((n) => n.type === "card_complete")).toMatchObject({
      id: `cartao_${card.id}`,
      companyId: cafe.companyId,
      detail: card.reward,
    });
    // at most 10 listed, every unread one counted: the reply, 10 stamps, the complete card
    expect(list.items).toHaveLength(10);
    expect(list.unread).toBe(12);
    // Bia, of the same company, sees none of it
    expect(await ids(bia)).toEqual([]);
  });

  it("leaves out stamps older than 30 days", async () => {
    const before = await bell(ana);
    const oldest = before.items.filter((n) => n.type === "stamps").at(-1)!;
    await t.db
      .update(stamps)
      .set({ approvedAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(stamps.id, oldest.id.replace("carimbo_", "")));
    expect(await ids(ana)).not.toContain(oldest.id);
  });

  it("lists the birthday gift (not its stamps again) and the company's notice", async () => {
    await runJob(t, "birthday-gifts");
    const list = await bell(caio);
    const types = list.items.map((n) => n.type).sort();
    expect(types).toEqual(["birthday_gift", "reply"]);
    expect(list.items.find((n) => n.type === "birthday_gift")).toMatchObject({
      companyId: cafe.companyId,
      companyName: "Café do Ponto",
      stamps: 3,
    });
    expect(await ids(ana)).not.toContain(list.items[0]!.id);
    expect((await ids(bia)).some((id) => id.startsWith("aniversario_"))).toBe(false);
  });

  it("lists the referral's reward to the referrer and its welcome to the friend", async () => {
    const now = new Date();
    const rewarded = randomUUID();
    await t.db.insert(referrals).values([
      {
        id: rewarded,
        companyId: cafe.companyId,
        referrerId: ana.customerId,
        referredId: bia.customerId,
        state: "rewarded",
        referredStamps: 1,
        referrerStamps: 2,
        referrerBonusCents: 500,
        createdAt: now,
        qualifiedAt: now,
        rewardedAt: now,
      },
      // held (nobody got anything yet), and a welcome of nothing: no notice
      {
        id: randomUUID(),
        companyId: cafe.companyId,
        referrerId: ana.customerId,
        referredId: caio.customerId,
        state: "held",
        referredStamps: 1,
      },
    ]);
    const anas = await bell(ana);
    expect(anas.items.find((n) => n.type === "referral_reward")).toEqual<CustomerNotification>({
      id: `indicacao_${rewarded}`,
      type: "referral_reward",
      companyId: cafe.companyId,
      companyName: "Café do Ponto",
      detail: "Bia Lima",
      stamps: 2,
      bonusCents: 500,
      createdAt: now.toISOString(),
      read: false,
    });
    expect(anas.items.map((n) => n.type)).not.toContain("referral_welcome");
    const bias = await bell(bia);
    expect(bias.items).toEqual([
      expect.objectContaining({
        id: `boasvindas_${rewarded}`,
        type: "referral_welcome",
        stamps: 1,
        bonusCents: 0,
      }),
    ]);
    expect((await bell(caio)).items.map((n) => n.type)).not.toContain("referral_welcome");

    // a welcome of nothing (no stamps, no bonus) is no notice
    const rivalFriend = await customer("Eva Ramos", rival);
    await t.db.insert(referrals).values({
      id: randomUUID(),
      companyId: rival.companyId,
      referrerId: ana.customerId,
      referredId: rivalFriend.customerId,
      state: "pending",
    });
    expect(await ids(rivalFriend)).toEqual([]);
  });

  it("lists an invitation to join a company until it is answered", async () => {
    await answerOf<"/api/customers", "post">(
      await t.request("/api/customers", {
        cookie: rival.cookie,
        body: {
          name: "Dani Prado",
          email: dani.email,
          phone: "",
          birthDate: "",
          city: "Campinas",
          state: "SP",
        },
      }),
      201,
    );
    const list = await bell(dani);
    expect(list.items).toEqual([
      expect.objectContaining({
        type: "invitation",
        companyId: rival.companyId,
        companyName: "Rival",
        read: false,
      }),
    ]);
    expect(list.items[0]!.id).toMatch(/^convite_/);
    expect((await ids(ana)).some((id) => id.startsWith("convite_"))).toBe(false);

    const invitationId = list.items[0]!.id.replace("convite_", "");
    await answerOf<"/api/me/invitations/{id}/{answer}", "post">(
      await t.request(`/api/me/invitations/${invitationId}/decline`, {
        method: "POST",
        cookie: dani.cookie,
      }),
      200,
    );
    expect(await ids(dani)).toEqual([]);
  });
});

describe("read marks", () => {
  it("keeps a read mark on the server, for that customer only", async () => {
    const before = await bell(ana);
    const [first] = before.items;
    const marked = await answerOf<"/api/me/notifications/read", "post">(
      await t.request("/api/me/notifications/read", {
        cookie: ana.cookie,
        body: { ids: [first!.id] },
      }),
      200,
    );
    expect(marked.unread).toBe(before.unread - 1);
    expect(marked.items[0]).toMatchObject({ id: first!.id, read: true });
    // another device of the same customer sees it read
    const again = await t.signIn(ana.email, "segredo1");
    const list = await bell({ cookie: again });
    expect(list.items[0]).toMatchObject({ id: first!.id, read: true });
    expect(list.unread).toBe(before.unread - 1);
    // Bia marking Ana's id changes nothing for Ana
    await answerOf<"/api/me/notifications/read", "post">(
      await t.request("/api/me/notifications/read", {
        cookie: bia.cookie,
        body: { ids: [before.items[1]!.id] },
      }),
      200,
    );
    expect((await bell(ana)).unread).toBe(before.unread - 1);
  });

  it("marks all of them, and a new notice arrives unread", async () => {
    const all = await answerOf<"/api/me/notifications/read", "post">(
      await t.request("/api/me/notifications/read", { cookie: ana.cookie, body: { all: true } }),
      200,
    );
    expect(all.unread).toBe(0);
    expect(all.items.every((n) => n.read)).toBe(true);
    expect((await bell(ana)).unread).toBe(0);

    // a new answer from the café
    const sent = await answerOf<"/api/me/messages", "post">(
      await t.request("/api/me/messages", {
        cookie: ana.cookie,
        body: { companyId: cafe.companyId, body: "Obrigada!" },
      }),
      201,
    );
    const reply = await answerOf<"/api/messages/{id}/reply", "post">(
      await t.request(`/api/messages/${sent.id}/reply`, {
        cookie: cafe.cookie,
        body: { body: "Nós que agradecemos!" },
      }),
      201,
    );
    const list = await bell(ana);
    expect(list.unread).toBe(1);
    expect(list.items[0]).toMatchObject({ id: `resposta_${reply.id}`, read: false });
  });

  it("is the customer's only: a company gets 403, nobody signed in 401, bad ids 400", async () => {
    expect((await t.request("/api/me/notifications", { cookie: cafe.cookie })).status).toBe(403);
    expect((await t.request("/api/me/notifications")).status).toBe(401);
    const bad = await t.request("/api/me/notifications/read", {
      cookie: ana.cookie,
      body: { ids: ["msg_abc"] },
    });
    expect(bad.status).toBe(400);
  });
});
