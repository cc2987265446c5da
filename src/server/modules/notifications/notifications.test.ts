import type { CustomerCard } from "@shared/cards.schema";
import type { Claim } from "@shared/claims.schema";
import type { NotificationList } from "@shared/notifications.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, type TestApp } from "../../test/test-app";
import { loyaltyCards } from "../cards/cards.table";

let t: TestApp;
let shop: { cookie: string; companyId: string };
let other: { cookie: string; companyId: string };
let ana: { cookie: string; customerId: string };
let cardId: string;

beforeAll(async () => {
  t = await createTestApp();
  shop = await t.companySession({ companyName: "Barbearia Navalha", email: "navalha@example.com" });
  other = await t.companySession({ companyName: "Café Outro", email: "outro@example.com" });
  // Stamps here are not about the counter's interval and daily cap: off.
  await setCounterRules(t, shop.cookie);
  await setCounterRules(t, other.cookie);
  ana = await t.customerSession({
    name: "Ana Souza",
    email: "ana@example.com",
    origin: { empresa_id: shop.companyId },
  });
  const cards = (await (
    await t.request("/api/me/cards", { cookie: ana.cookie })
  ).json()) as CustomerCard[];
  cardId = cards[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

const bell = async (cookie = shop.cookie) => {
  const res = await t.request("/api/notifications", { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as NotificationList;
};

describe("the bell", () => {
  it("starts empty, then lists a customer's pending claim as unread", async () => {
    expect(await bell()).toEqual({ items: [], unread: 0, muted: false });
    const res = await t.request(`/api/me/cards/${cardId}/claims`, {
      cookie: ana.cookie,
      body: { method: "social", network: "instagram", link: "https://instagram.com/p/abc" },
    });
    expect(res.status).toBe(201);
    const claim = (await res.json()) as Claim;

    const list = await bell();
    expect(list.unread).toBe(1);
    expect(list.items).toEqual([
      expect.objectContaining({
        id: `carimbo_${claim.id}`,
        type: "stamp_claim",
        customerName: "Ana Souza",
        detail: "social",
        read: false,
      }),
    ]);
    // another company sees nothing of it
    expect(await bell(other.cookie)).toEqual({ items: [], unread: 0, muted: false });
  });

  it("keeps a read mark on the server, per user, and ignores other companies' marks", async () => {
    const [first] = (await bell()).items;
    const marked = await t.request("/api/notifications/read", {
      cookie: shop.cookie,
      body: { ids: [first!.id] },
    });
    expect(marked.status).toBe(200);
    expect(((await marked.json()) as NotificationList).unread).toBe(0);
    // a fresh session of the same user (another device) sees it read
    const again = await t.signIn("navalha@example.com", "segredo1");
    const list = await bell(again);
    expect(list.items[0]).toMatchObject({ id: first!.id, read: true });
    expect(list.unread).toBe(0);
  });

  it("lists a card completed in the last 24 hours, and not one completed before", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await t.request(`/api/cards/${cardId}/stamps`, {
        cookie: shop.cookie,
        body: { method: "purchase" },
      });
      expect(res.status).toBe(201);
    }
    let list = await bell();
    expect(list.items[0]).toMatchObject({
      id: `cartao_${cardId}`,
      type: "card_complete",
      customerName: "Ana Souza",
      read: false,
    });
    expect(list.unread).toBe(1);

    await t.db
      .update(loyaltyCards)
      .set({ completedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(loyaltyCards.id, cardId));
    list = await bell();
    expect(list.items.map((n) => n.type)).not.toContain("card_complete");
  });

  it("'mark all' marks every current notification, and a new one arrives unread", async () => {
    await t.db
      .update(loyaltyCards)
      .set({ completedAt: new Date() })
      .where(eq(loyaltyCards.id, cardId));
    expect((await bell()).unread).toBe(1);
    const res = await t.request("/api/notifications/read", {
      cookie: shop.cookie,
      body: { all: true },
    });
    expect(((await res.json()) as NotificationList).unread).toBe(0);
    expect((await bell()).items.every((n) => n.read)).toBe(true);
  });

  it("shows at most 10 while counting every unread one", async () => {
    for (let i = 0; i < 12; i++) {
      const c = await t.customerSession({
        name: `Cliente ${i}`,
        email: `c${i}@example.com`,
        origin: { empresa_id: shop.companyId },
      });
      const [card] = (await (
        await t.request("/api/me/cards", { cookie: c.cookie })
      ).json()) as CustomerCard[];
      const res = await t.request(`/api/me/cards/${card!.id}/claims`, {
        cookie: c.cookie,
        body: { method: "social", network: "instagram", link: "https://instagram.com/p/x" },
      });
      expect(res.status).toBe(201);
    }
    const list = await bell();
    expect(list.items).toHaveLength(10);
    expect(list.unread).toBe(12);
    expect(list.items[0]!.customerName).toBe("Cliente 11");
  });

  it("lists a pending customer message (its first 50 characters) until it is answered", async () => {
    const before = await bell();
    const text =
      "Bom dia! Vocês fazem corte infantil aos sábados de manhã? Queria levar meu filho.";
    const sent = await t.request("/api/me/messages", {
      cookie: ana.cookie,
      body: { companyId: shop.companyId, body: text },
    });
    expect(sent.status).toBe(201);
    const message = (await sent.json()) as { id: string };

    let list = await bell();
    expect(list.items).toHaveLength(10);
    expect(list.unread).toBe(before.unread + 1);
    expect(list.items[0]).toEqual({
      id: `msg_${message.id}`,
      type: "customer_message",
      customerName: "Ana Souza",
      detail: `${text.slice(0, 50)}…`,
      createdAt: expect.any(String),
      read: false,
    });
    expect((await bell(other.cookie)).items.map((n) => n.type)).not.toContain("customer_message");

    // read marks work for it like for the others
    const marked = await t.request("/api/notifications/read", {
      cookie: shop.cookie,
      body: { ids: [`msg_${message.id}`] },
    });
    expect(((await marked.json()) as NotificationList).unread).toBe(before.unread);

    // answered, it is no longer a notification
    const answered = await t.request(`/api/messages/${message.id}/reply`, {
      cookie: shop.cookie,
      body: { body: "Fazemos sim!" },
    });
    expect(answered.status).toBe(201);
    list = await bell();
    expect(list.items.map((n) => n.id)).not.toContain(`msg_${message.id}`);
    expect(list.items.map((n) => n.type)).not.toContain("customer_message");
  });

  it("shows a short message whole, and counts every pending message beyond the 10 listed", async () => {
    const before = await bell();
    for (let i = 0; i < 3; i++) {
      const res = await t.request("/api/me/messages", {
        cookie: ana.cookie,
        body: { companyId: shop.companyId, body: `Oi ${i}` },
      });
      expect(res.status).toBe(201);
    }
    const list = await bell();
    expect(list.items).toHaveLength(10);
    expect(list.unread).toBe(before.unread + 3);
    expect(list.items[0]).toMatchObject({ type: "customer_message", detail: "Oi 2" });
  });

  it("is the company's only: a customer gets 403, nobody signed in 401, bad ids 400", async () => {
    expect((await t.request("/api/notifications", { cookie: ana.cookie })).status).toBe(403);
    expect((await t.request("/api/notifications")).status).toBe(401);
    const bad = await t.request("/api/notifications/read", {
      cookie: shop.cookie,
      body: { ids: ["'; drop table x"] },
    });
    expect(bad.status).toBe(400);
  });
});
