import type { CustomerCard } from "@shared/cards.schema";
import { type NotificationSettings, SETTINGS_DEFAULTS } from "@shared/settings.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, apiAs, ok, runJob } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";
import type { DigestRunResult } from "./digest.job";
import { notificationDigests } from "./notifications.table";

/**
 * The notification switches (issue 16, point 5): the owner's e-mail digest (the job
 * `notification-digests`, at most one e-mail per company in 15 minutes, per the switches) and the
 * bell's categories and 'push'.
 */

let t: TestApp;
type Company = { cookie: string; companyId: string; email: string };
type Customer = { cookie: string; customerId: string };

const MINUTE = 60_000;
let companies = 0;
let customers = 0;

async function company(name: string): Promise<Company> {
  companies++;
  const email = `dono${companies}@example.com`;
  const session = await t.companySession({ companyName: name, email });
  // Stamps here are not about the counter's interval and daily cap: off.
  await setCounterRules(t, session.cookie);
  return { ...session, email };
}

async function member(of: Company, name: string): Promise<Customer> {
  customers++;
  return t.customerSession({
    name,
    email: `cliente${customers}@example.com`,
    origin: { empresa_id: of.companyId },
  });
}

async function message(from: Customer, to: Company, body: string) {
  await answerOf<"/api/me/messages", "post">(
    await t.request("/api/me/messages", {
      cookie: from.cookie,
      body: { companyId: to.companyId, body },
    }),
    201,
  );
}

async function cardOf(customer: Customer, at: Company): Promise<CustomerCard> {
  const cards = await ok(apiAs(t, customer.cookie).GET("/api/me/cards"), 200);
  return cards.find((c) => c.companyId === at.companyId && c.status === "active")!;
}

async function claim(customer: Customer, at: Company) {
  const card = await cardOf(customer, at);
  await answerOf<"/api/me/cards/{id}/claims", "post">(
    await t.request(`/api/me/cards/${card.id}/claims`, {
      cookie: customer.cookie,
      body: { method: "social", network: "instagram", link: "https://instagram.com/p/abc" },
    }),
    201,
  );
}

/** Staff stamps until the customer's card is complete. */
async function complete(customer: Customer, at: Company) {
  const card = await cardOf(customer, at);
  for (let i = card.stamps; i < card.maxStamps; i++) {
    await answerOf<"/api/cards/{id}/stamps", "post">(
      await t.request(`/api/cards/${card.id}/stamps`, {
        cookie: at.cookie,
        body: { method: "purchase" },
      }),
      201,
    );
  }
}

async function switches(of: Company, changes: Partial<NotificationSettings>) {
  await answerOf<"/api/settings/notifications", "put">(
    await t.request("/api/settings/notifications", {
      method: "PUT",
      cookie: of.cookie,
      body: { ...SETTINGS_DEFAULTS.notifications, ...changes },
    }),
    200,
  );
}

/** The job's run as of `now` (through /dev/jobs), then its e-mails out of the outbox. */
async function runDigest(now: Date): Promise<DigestRunResult> {
  const result = await runJob<DigestRunResult>(t, "notification-digests", { now });
  await t.deliverQueuedEmails();
  return result;
}

const digestsTo = (of: Company) =>
  t.mails.filter((m) => m.to === of.email && m.subject.startsWith("Carimbou: "));

const bell = async (of: Company) => ok(apiAs(t, of.cookie).GET("/api/notifications"), 200);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("the owner's e-mail digest", () => {
  it("sends nothing when nothing is new", async () => {
    const quiet = await company("Loja Quieta");
    await member(quiet, "Sem Pressa");
    await runDigest(new Date());
    await runDigest(new Date(Date.now() + 20 * MINUTE));
    expect(digestsTo(quiet)).toEqual([]);
  });

  it("gathers events into one e-mail, and the next event waits 15 minutes for the next one", async () => {
    const shop = await company("Barbearia Navalha");
    const other = await company("Café Vizinho");
    const ana = await member(shop, "Ana Souza");
    const bia = await member(other, "Bia Lima");
    await message(ana, shop, "Vocês abrem no feriado de amanhã? Queria marcar um corte cedo.");
    await claim(ana, shop);
    await message(bia, other, "Segredo do café vizinho");

    const first = new Date();
    const result = await runDigest(first);
    expect(result.sent).toBeGreaterThanOrEqual(2);
    const [mail, ...more] = digestsTo(shop);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Carimbou: 2 novidades na sua empresa");
    expect(mail!.text).toContain("Barbearia Navalha");
    expect(mail!.text).toContain("1 mensagem de cliente aguardando resposta");
    expect(mail!.text).toContain(
      '- Ana Souza: "Vocês abrem no feriado de amanhã? Queria marcar um…"',
    );
    expect(mail!.text).toContain("1 solicitação de carimbo aguardando aprovação");
    expect(mail!.text).toContain("Ana Souza pediu um carimbo (redes sociais)");
    expect(mail!.text).toContain(`${TEST_APP_URL}/dashboard`);
    expect(mail!.text).toContain(`${TEST_APP_URL}/mensagens`);
    expect(mail!.html).toContain("Ana Souza");
    // another company's events are in its own e-mail only
    expect(mail!.text).not.toContain("Bia");
    expect(mail!.text).not.toContain("vizinho");
    const [otherMail] = digestsTo(other);
    expect(otherMail!.subject).toBe("Carimbou: 1 novidade na sua empresa");
    expect(otherMail!.text).toContain("Segredo do café vizinho");
    expect(otherMail!.text).not.toContain("Ana");

    // running the same minute again (a retry, a second server) sends nothing more
    await runDigest(first);
    expect(digestsTo(shop)).toHaveLength(1);

    // a new event within 15 minutes waits
    await message(ana, shop, "Outra pergunta: aceitam Pix?");
    await runDigest(new Date(first.getTime() + 5 * MINUTE));
    await runDigest(new Date(first.getTime() + 14 * MINUTE));
    expect(digestsTo(shop)).toHaveLength(1);

    // after 15 minutes it comes, alone
    await runDigest(new Date(first.getTime() + 15 * MINUTE));
    const mails = digestsTo(shop);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe("Carimbou: 1 novidade na sua empresa");
    expect(mails[1]!.text).toContain("Outra pergunta: aceitam Pix?");
    expect(mails[1]!.text).not.toContain("feriado");
    expect(mails[1]!.text).not.toContain("pediu um carimbo");
    const [row] = await t.db
      .select()
      .from(notificationDigests)
      .where(eq(notificationDigests.companyId, shop.companyId));
    expect(row!.lastSentAt).toEqual(new Date(first.getTime() + 15 * MINUTE));

    // and nothing more after that
    await runDigest(new Date(first.getTime() + 45 * MINUTE));
    expect(digestsTo(shop)).toHaveLength(2);
  });

  it("lists completed cards, counts past the newest five, in the owner's language", async () => {
    const gym = await company("Academia Forte");
    await answerOf<"/api/me/appearance", "put">(
      await t.request("/api/me/appearance", {
        method: "PUT",
        cookie: gym.cookie,
        body: { theme: "light", language: "en" },
      }),
      200,
    );
    const carla = await member(gym, "Carla Dias");
    await complete(carla, gym);
    for (let i = 1; i <= 7; i++) await message(carla, gym, `Pergunta ${i}`);
    await runDigest(new Date());
    const [mail] = digestsTo(gym);
    expect(mail!.subject).toBe("Carimbou: 8 updates at your company");
    expect(mail!.text).toContain("7 customer messages waiting for an answer");
    expect(mail!.text).toContain('Carla Dias: "Pergunta 7"');
    expect(mail!.text).toContain('Carla Dias: "Pergunta 3"');
    expect(mail!.text).not.toContain('"Pergunta 2"');
    expect(mail!.text).toContain("and 2 more");
    expect(mail!.text).toContain("1 card completed");
    expect(mail!.text).toContain("Carla Dias completed the card");
    expect(mail!.html).toContain('<html lang="en">');
  });

  it("sends nothing with 'Notificações por e-mail' off, and does not send it later", async () => {
    const mute = await company("Loja Sem Email");
    await switches(mute, { email: false });
    const dani = await member(mute, "Dani Reis");
    await message(dani, mute, "Alguém aí?");
    await claim(dani, mute);
    await complete(dani, mute);
    const result = await runDigest(new Date());
    expect(result.silenced).toBeGreaterThanOrEqual(1);
    expect(digestsTo(mute)).toEqual([]);

    // turned back on: what happened while it was off is not e-mailed afterwards
    await switches(mute, { email: true });
    await runDigest(new Date(Date.now() + 20 * MINUTE));
    expect(digestsTo(mute)).toEqual([]);
  });

  it("leaves out the categories whose switch is off", async () => {
    const pet = await company("Pet Shop Amigo");
    await switches(pet, { stamps: false, completedCards: false });
    const edu = await member(pet, "Edu Martins");
    await claim(edu, pet);
    await complete(edu, pet);
    await runDigest(new Date());
    expect(digestsTo(pet)).toEqual([]);

    await message(edu, pet, "Tem banho e tosa sábado?");
    await switches(pet, { messages: true, stamps: true, completedCards: false });
    const fifi = await member(pet, "Fifi Costa");
    await claim(fifi, pet);
    await runDigest(new Date());
    const [mail, ...more] = digestsTo(pet);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Carimbou: 2 novidades na sua empresa");
    expect(mail!.text).toContain("Tem banho e tosa sábado?");
    expect(mail!.text).toContain("Fifi Costa pediu um carimbo");
    // Edu's claim and card came while their switches were off
    expect(mail!.text).not.toContain("Edu Martins pediu");
    expect(mail!.text).not.toContain("completou");
  });

  it("leaves out messages with their switch off", async () => {
    const bar = await company("Bar do Zé");
    await switches(bar, { messages: false });
    const gabi = await member(bar, "Gabi Nunes");
    await message(gabi, bar, "Oi!");
    await runDigest(new Date());
    expect(digestsTo(bar)).toEqual([]);
  });
});

describe("the bell honours the switches", () => {
  let shop: Company;

  beforeAll(async () => {
    shop = await company("Sorveteria Gelada");
    const hugo = await member(shop, "Hugo Alves");
    await claim(hugo, shop);
    await message(hugo, shop, "Tem sorvete de açaí?");
    const iris = await member(shop, "Iris Prado");
    await complete(iris, shop);
  });

  const types = async () => (await bell(shop)).items.map((n) => n.type).sort();

  it("lists every category with every switch on", async () => {
    expect(await types()).toEqual(["card_complete", "customer_message", "stamp_claim"]);
  });

  it("leaves out a category whose switch is off", async () => {
    await switches(shop, { messages: false });
    expect(await types()).toEqual(["card_complete", "stamp_claim"]);
    await switches(shop, { stamps: false });
    expect(await types()).toEqual(["card_complete", "customer_message"]);
    await switches(shop, { completedCards: false });
    expect(await types()).toEqual(["customer_message", "stamp_claim"]);
    const list = await bell(shop);
    expect(list.unread).toBe(2);
  });

  it("lists and counts nothing with 'Notificações push' off, and says so", async () => {
    await switches(shop, { push: false });
    expect(await bell(shop)).toEqual({ items: [], unread: 0, muted: true });
    await switches(shop, {});
    const list = await bell(shop);
    expect(list.muted).toBe(false);
    expect(list.unread).toBe(3);
  });
});
