import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantBirthdayGifts } from "../../flows/birthday-gifts";
import { answerOf, apiAs, ok } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { startFakePushService } from "../../test/fake-push";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";
import { PUSH_JOBS } from "./push.jobs";
import { PUSH_NOTIFY_JOB, setPushTestOrigins } from "./push.service";
import { newVapidKeys, setVapid } from "./vapid";

/**
 * Web Push's notices (issue 32, item 2), against a local fake push service that checks the VAPID
 * JWT and decrypts each aes128gcm payload with the keys of the fake device the test made: each kind
 * for a customer and a company member, in Portuguese and English, the switches honoured, 404/410
 * removing the subscription. The API and what it refuses: push-api.test.ts.
 */

const vapid = newVapidKeys();
let push: Awaited<ReturnType<typeof startFakePushService>>;
let t: TestApp;
type Who = { cookie: string };
let cafe: Who & { companyId: string };
let padaria: Who & { companyId: string };
let ana: Who & { customerId: string };
type Device = ReturnType<typeof push.device>;

const subscribe = (who: Who, device: Device, kinds: string[]) =>
  t.request("/api/push/subscriptions", {
    method: "PUT",
    cookie: who.cookie,
    body: { endpoint: device.endpoint, keys: device.keys, kinds },
  });

const language = (userId: string, value: "pt" | "en") =>
  t.db.update(profiles).set({ language: value }).where(eq(profiles.id, userId));

/** Two devices of one user: the first subscribed in Portuguese, the second in English. */
async function ptAndEnDevices(who: Who, userId: string, kinds: string[]) {
  const [pt, en] = [push.device(), push.device()];
  await language(userId, "pt");
  await answerOf<"/api/push/subscriptions", "put">(await subscribe(who, pt, kinds), 200);
  await language(userId, "en");
  await answerOf<"/api/push/subscriptions", "put">(await subscribe(who, en, kinds), 200);
  await language(userId, "pt");
  return { pt, en };
}

async function until<T>(probe: () => Promise<T | undefined | null | false>): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const found = await probe();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out");
}

/** The next notice `device` receives (the job woken), after the `seen` it already had. */
async function next(device: Device, seen: number) {
  t.jobs!.wake(PUSH_NOTIFY_JOB);
  return (await until(async () => push.received.filter((r) => r.device === device.id)[seen]))
    .payload;
}
/** The device's next `n` notices (each taken once, in the order they came). */
const cursor = new Map<string, number>();
async function taken(device: Device, n: number) {
  const seen = cursor.get(device.id) ?? 0;
  const got = [];
  for (let i = 0; i < n; i++) got.push(await next(device, seen + i));
  cursor.set(device.id, seen + n);
  return got;
}
const count = (device: Device) => push.received.filter((r) => r.device === device.id).length;

/** Notices queued for a device's subscription (whatever their state). */
const jobsFor = async (device: Device) =>
  (
    await t.db.execute<{ state: string }>(
      sql`select j.state from pgboss.job j join push_subscriptions s on s.id = j.data->>'subscriptionId'
          where j.name = ${PUSH_NOTIFY_JOB} and s.endpoint = ${device.endpoint}`,
    )
  ).rows;

let customers = 0;
/** A new customer of the café (an empty card). */
const fresh = () =>
  t.customerSession({
    email: `cliente${++customers}@push.com`,
    origin: { empresa_id: cafe.companyId },
  });

const stamp = (customerId: string) =>
  ok(
    apiAs(t, cafe.cookie).POST("/api/customers/{id}/stamps", {
      params: { path: { id: customerId } },
      body: { method: "purchase" },
    }),
    201,
  );

beforeAll(async () => {
  push = await startFakePushService(() => vapid.publicKey);
  setVapid({ ...vapid, subject: "mailto:push@carimbou.test" });
  setPushTestOrigins([push.origin]);
  t = await createTestApp({ jobs: { jobs: PUSH_JOBS } });
  cafe = await t.companySession({ companyName: "Café Aurora", email: "aurora@push.com" });
  padaria = await t.companySession({ companyName: "Padaria Beira", email: "beira@push.com" });
  await setCounterRules(t, cafe.cookie);
  const [program] = await ok(apiAs(t, cafe.cookie).GET("/api/programs"));
  await answerOf<"/api/programs/{id}", "put">(
    await t.request(`/api/programs/${program!.id}`, {
      method: "PUT",
      cookie: cafe.cookie,
      body: { name: program!.name, stampsRequired: 5, reward: "Um café", description: "" },
    }),
    200,
  );
  await t.db
    .update(companies)
    .set({ socialNetworks: ["instagram"] })
    .where(eq(companies.id, cafe.companyId));
  const origin = { empresa_id: cafe.companyId };
  ana = await t.customerSession({ email: "ana@push.com", birthDate: "1990-05-17", origin });
}, 60_000);
afterAll(async () => {
  setVapid(undefined);
  setPushTestOrigins([]);
  await t?.close();
  await push?.close();
});

describe("a customer's notices, in Portuguese and English", () => {
  it("a birthday gift, stamps, a complete card, a redemption and a reply, each on both devices", async () => {
    const { pt, en } = await ptAndEnDevices(ana, ana.customerId, [
      "stamp",
      "card_complete",
      "redeemed",
      "reply",
      "birthday",
    ]);
    const url = `/dashboard-cliente-cartao-fidelidade/${cafe.companyId}`;
    // Each device gets each notice (those of one event in any order).
    const both = async (...expected: { pt: object; en: object }[]) => {
      for (const [device, lang] of [
        [pt, "pt"],
        [en, "en"],
      ] as const) {
        const got = await taken(device, expected.length);
        const byKind = (a: { kind?: unknown }, b: { kind?: unknown }) =>
          String(a.kind).localeCompare(String(b.kind));
        expect(got.sort(byKind)).toEqual(
          expected.map((x) => ({ url, ...x[lang] }) as { kind?: unknown }).sort(byKind),
        );
      }
    };
    await grantBirthdayGifts({ db: t.db, appUrl: TEST_APP_URL }, new Date("2026-05-17T11:00:00Z"));
    await both({
      pt: {
        kind: "birthday",
        title: "Feliz aniversário!",
        body: "A Café Aurora deu 3 carimbos de presente para você.",
      },
      en: {
        kind: "birthday",
        title: "Happy birthday!",
        body: "Café Aurora gave you 3 stamps as a gift.",
      },
    });
    await stamp(ana.customerId);
    await both({
      pt: {
        kind: "stamp",
        title: "Novo carimbo!",
        body: "Você ganhou 1 carimbo na Café Aurora: 4/5.",
      },
      en: { kind: "stamp", title: "New stamp!", body: "You got 1 stamp at Café Aurora: 4/5." },
    });
    const card = await stamp(ana.customerId);
    expect(card.status).toBe("complete");
    await both(
      {
        pt: {
          kind: "stamp",
          title: "Novo carimbo!",
          body: "Você ganhou 1 carimbo na Café Aurora: 5/5.",
        },
        en: { kind: "stamp", title: "New stamp!", body: "You got 1 stamp at Café Aurora: 5/5." },
      },
      {
        pt: {
          kind: "card_complete",
          title: "Cartão completo!",
          body: "Seu cartão na Café Aurora está completo: troque por Um café.",
        },
        en: {
          kind: "card_complete",
          title: "Card complete!",
          body: "Your card at Café Aurora is complete: trade it for Um café.",
        },
      },
    );
    await ok(
      apiAs(t, cafe.cookie).POST("/api/cards/{id}/redeem", {
        params: { path: { id: card.id } },
        body: {},
      }),
    );
    await both({
      pt: {
        kind: "redeemed",
        title: "Prêmio resgatado",
        body: "Você resgatou Um café na Café Aurora. Aproveite!",
      },
      en: {
        kind: "redeemed",
        title: "Reward redeemed",
        body: "You redeemed Um café at Café Aurora. Enjoy!",
      },
    });
    const message = await (
      await t.request("/api/me/messages", {
        cookie: ana.cookie,
        body: { companyId: cafe.companyId, body: "Abrem domingo?" },
      })
    ).json();
    await t.request(`/api/messages/${message.id}/reply`, {
      cookie: cafe.cookie,
      body: { body: "Sim, das 8h às 12h." },
    });
    await both({
      pt: { kind: "reply", title: "Café Aurora respondeu", body: "Sim, das 8h às 12h." },
      en: { kind: "reply", title: "Café Aurora replied", body: "Sim, das 8h às 12h." },
    });
    expect(push.refusals).toEqual([]);
    // Each push: the TTL and urgency headers.
    const last = push.received.at(-1)!;
    expect(last.headers).toMatchObject({
      ttl: "86400",
      urgency: "high",
      "content-encoding": "aes128gcm",
    });
  });

  it("sends nothing for a kind switched off on that device", async () => {
    const bia = await fresh();
    const d = push.device();
    await answerOf<"/api/push/subscriptions", "put">(await subscribe(bia, d, ["reply"]), 200);
    await stamp(bia.customerId);
    expect(await jobsFor(d)).toEqual([]);
    // Switched off after it was queued: the job sends nothing either.
    await answerOf<"/api/push/subscriptions", "put">(await subscribe(bia, d, ["stamp"]), 200);
    await stamp(bia.customerId);
    await answerOf<"/api/push/subscriptions", "put">(await subscribe(bia, d, []), 200);
    t.jobs!.wake(PUSH_NOTIFY_JOB);
    await until(
      async () =>
        (await jobsFor(d)).every((j) => j.state === "completed") && (await jobsFor(d)).length === 1,
    );
    expect(count(d)).toBe(0);
  });

  it.each([410, 404])("removes a subscription the push service answers %i", async (status) => {
    const bia = await fresh();
    const d = push.device();
    await answerOf<"/api/push/subscriptions", "put">(await subscribe(bia, d, ["stamp"]), 200);
    push.replyTo(d.id, status);
    await stamp(bia.customerId);
    t.jobs!.wake(PUSH_NOTIFY_JOB);
    const q = `/api/push/subscriptions?endpoint=${encodeURIComponent(d.endpoint)}`;
    await until(async () => (await t.request(q, { cookie: bia.cookie })).status === 404);
    expect(count(d)).toBe(0);
  });
});

describe("a company member's notices", () => {
  it("a new message, a new claim and a partnership request, in Portuguese and English", async () => {
    const bia = await fresh();
    const owner = (
      await t.db
        .select({ id: companies.ownerId })
        .from(companies)
        .where(eq(companies.id, cafe.companyId))
    )[0]!.id;
    const { pt, en } = await ptAndEnDevices(cafe, owner, ["message", "claim", "partnership"]);
    const both = async (expected: { pt: object; en: object }) => {
      expect((await taken(pt, 1))[0]).toMatchObject(expected.pt);
      expect((await taken(en, 1))[0]).toMatchObject(expected.en);
    };
    await t.request("/api/me/messages", {
      cookie: bia.cookie,
      body: { companyId: cafe.companyId, body: "Tem pão de queijo?" },
    });
    const bName = (
      await t.db
        .select({ name: profiles.name })
        .from(profiles)
        .where(eq(profiles.id, bia.customerId))
    )[0]!.name;
    await both({
      pt: {
        kind: "message",
        title: "Nova mensagem",
        body: `${bName}: Tem pão de queijo?`,
        url: "/mensagens",
      },
      en: { kind: "message", title: "New message", body: `${bName}: Tem pão de queijo?` },
    });
    const [card] = await ok(apiAs(t, bia.cookie).GET("/api/me/cards"));
    const claim = await t.request(`/api/me/cards/${card!.id}/claims`, {
      cookie: bia.cookie,
      body: { method: "social", network: "instagram", link: "https://instagram.com/p/abc" },
    });
    expect(claim.status).toBe(201);
    await both({
      pt: { kind: "claim", title: "Novo pedido de carimbo", body: `${bName} pediu um carimbo.` },
      en: { kind: "claim", title: "New stamp request", body: `${bName} asked for a stamp.` },
    });
    for (const c of [cafe, padaria])
      await t.request("/api/partnerships/settings", {
        method: "PUT",
        cookie: c.cookie,
        body: { enabled: true, description: null },
      });
    const asked = await t.request("/api/partnerships", {
      cookie: padaria.cookie,
      body: { companyId: cafe.companyId, proposal: "10% para clientes" },
    });
    expect(asked.status).toBe(201);
    await both({
      pt: {
        kind: "partnership",
        title: "Pedido de parceria",
        body: "Padaria Beira quer fazer uma parceria: 10% para clientes",
      },
      en: {
        kind: "partnership",
        title: "Partnership request",
        body: "Padaria Beira wants to partner with you: 10% para clientes",
      },
    });
    expect(push.refusals).toEqual([]);
  });

  it("honours the company's 'Notificações push' switch", async () => {
    const d = push.device();
    await answerOf<"/api/push/subscriptions", "put">(await subscribe(cafe, d, ["message"]), 200);
    const switches = (on: boolean) =>
      t.request("/api/settings/notifications", {
        method: "PUT",
        cookie: cafe.cookie,
        body: { push: on, email: true, messages: true, stamps: true, completedCards: true },
      });
    expect((await switches(false)).status).toBe(200);
    await t.request("/api/me/messages", {
      cookie: ana.cookie,
      body: { companyId: cafe.companyId, body: "Oi" },
    });
    expect(await jobsFor(d)).toEqual([]);
    expect((await switches(true)).status).toBe(200);
  });
});
