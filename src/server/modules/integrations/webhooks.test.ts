import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { WebhookDelivery, WebhookEndpointInfo } from "@shared/integrations.schema";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";
import { webhookEndpoints } from "./integrations.table";
import type { Resolver } from "./ssrf";
import { deliverWebhook, type WebhookDeliveryOptions } from "./webhooks.jobs";

/** A stub DNS whose answers a test may change (a name that rebinds to a private address). */
const dns: Record<string, string[]> = {
  "hooks.example.com": ["93.184.216.34"],
  "intranet.example.com": ["10.1.2.3"],
  "split.example.com": ["93.184.216.34", "10.9.9.9"],
};
const resolve: Resolver = async (host) => {
  const addresses = dns[host];
  if (!addresses) throw new Error(`ENOTFOUND ${host}`);
  return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};

/** The SSRF list: refused at save (production rules) and at send. */
const FORBIDDEN = [
  "https://127.0.0.1/hook",
  "https://169.254.169.254/latest/meta-data/",
  "https://10.0.0.1/",
  "https://192.168.1.1/",
  "https://[::1]/",
  "https://[::ffff:127.0.0.1]/",
  "https://[fd00::1]/",
  "https://[fe80::1]/",
  "https://2130706433/",
  "https://0x7f000001/",
  "https://intranet.example.com/",
  "https://split.example.com/",
];

type Received = { headers: Record<string, string>; body: string };
/** What the receiver does with each next request: answer a status, or never answer. */
const plan: ("hang" | number)[] = [];
const received: Received[] = [];
let receiver: Server;
let receiverUrl: string;

let t: TestApp;
let prod: TestApp;
let cafe: { cookie: string; companyId: string };
let joao: { customerId: string };

const devNetwork: WebhookDeliveryOptions = {
  allowLoopback: true,
  resolve,
  timeoutMs: 3000,
  retryDelaysSeconds: [0, 0],
};

beforeAll(async () => {
  receiver = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      const next = plan.shift() ?? 200;
      if (next === "hang") return;
      res.writeHead(next, { "content-type": "text/plain" }).end(`answer ${next}`);
    });
  });
  await new Promise<void>((done) => receiver.listen(0, "127.0.0.1", done));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  t = await createTestApp({ webhooks: { allowLoopback: true, resolve } });
  prod = await createTestApp({ production: true, webhooks: { resolve } });
  cafe = await t.companySession({ companyName: "Café Aurora", email: "aurora@example.com" });
  await setCounterRules(t, cafe.cookie);
  joao = await t.customerSession({
    email: "joao@example.com",
    origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" },
  });
});
afterAll(async () => {
  receiver?.closeAllConnections();
  receiver?.close();
  await t?.close();
  await prod?.close();
});

const addEndpoint = async (app: TestApp, cookie: string, body: object) => {
  const res = await app.request("/api/integrations/webhooks", { cookie, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as WebhookEndpointInfo;
};

const deliveries = async (endpointId: string, app = t, cookie = cafe.cookie) => {
  const res = await app.request(`/api/integrations/webhooks/${endpointId}/deliveries`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as WebhookDelivery[];
};

const sendTest = async (endpointId: string, app = t, cookie = cafe.cookie) => {
  const res = await app.request(`/api/integrations/webhooks/${endpointId}/test`, {
    cookie,
    method: "POST",
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as WebhookDelivery;
};

const deliver = (deliveryId: string, attempt: number, app = t, options = devNetwork) =>
  deliverWebhook({ db: app.db, appUrl: TEST_APP_URL, webhooks: options }, { deliveryId, attempt });

describe("webhooks", () => {
  it("delivers a panel stamp's stamp.added, signed per Standard Webhooks", async () => {
    const endpoint = await addEndpoint(t, cafe.cookie, {
      url: receiverUrl,
      events: ["stamp.added"],
    });
    expect(endpoint).toMatchObject({ mode: "live", enabled: true, events: ["stamp.added"] });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);

    const stamp = await t.request(`/api/customers/${joao.customerId}/stamps`, {
      cookie: cafe.cookie,
      body: { method: "purchase", notes: "" },
    });
    expect(stamp.status, await stamp.clone().text()).toBe(201);
    const [pending] = await deliveries(endpoint.id);
    expect(pending).toMatchObject({ eventType: "stamp.added", status: "pending", attempts: 0 });
    // The job was queued with the stamp (same transaction).
    const { rows } = await t.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'webhook-deliver' and data->>'deliveryId' = ${pending!.id}`,
    );
    expect((rows[0] as { n: number }).n).toBe(1);

    const before = received.length;
    const first = await deliver(pending!.id, 0);
    expect(first, JSON.stringify(await deliveries(endpoint.id))).toMatchObject({
      sent: true,
      status: 200,
    });
    const request = received[before]!;
    expect(request.headers["user-agent"]).toBe("Carimbou-Webhooks/1");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["webhook-id"]).toBe(pending!.eventId);
    const payload = new Webhook(endpoint.secret).verify(request.body, request.headers) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(payload.type).toBe("stamp.added");
    expect(payload.data).toMatchObject({
      memberId: joao.customerId,
      count: 1,
      method: "purchase",
      stamps: 1,
      maxStamps: 10,
    });
    const tampered = request.body.replace('"count":1', '"count":9');
    expect(() => new Webhook(endpoint.secret).verify(tampered, request.headers)).toThrow();

    const [done] = await deliveries(endpoint.id);
    expect(done).toMatchObject({ status: "succeeded", attempts: 1, responseStatus: 200 });
    expect(done!.responseExcerpt).toBe("answer 200");
    // Running the same attempt again sends nothing (a job run twice).
    expect(await deliver(pending!.id, 0)).toMatchObject({ sent: false });
    expect(received.length).toBe(before + 1);
  });

  it("retries after a 500 and after a timeout, then succeeds: three attempts, one event id", async () => {
    const endpoint = await addEndpoint(t, cafe.cookie, {
      url: receiverUrl,
      events: ["card.completed"],
    });
    const delivery = await sendTest(endpoint.id);
    plan.push(500, "hang", 200);
    const before = received.length;

    expect(await deliver(delivery.id, 0)).toMatchObject({ sent: false, status: 500 });
    let [log] = await deliveries(endpoint.id);
    expect(log).toMatchObject({ status: "pending", attempts: 1, responseStatus: 500 });
    expect(log!.nextAttemptAt).not.toBeNull();
    const { rows } = await t.db.execute(
      sql`select data from pgboss.job where name = 'webhook-deliver' and data->>'deliveryId' = ${delivery.id} order by created_on`,
    );
    expect(rows.map((r) => (r as { data: { attempt: number } }).data.attempt)).toEqual([0, 1]);

    // The receiver never answers: a timeout (shortened from 10 s for the test).
    const hang = await deliver(delivery.id, 1, t, { ...devNetwork, timeoutMs: 300 });
    expect(hang).toMatchObject({ sent: false, status: null });
    [log] = await deliveries(endpoint.id);
    expect(log).toMatchObject({ status: "pending", attempts: 2, responseExcerpt: "timeout" });

    expect(await deliver(delivery.id, 2)).toMatchObject({ sent: true });
    [log] = await deliveries(endpoint.id);
    expect(log).toMatchObject({ status: "succeeded", attempts: 3, responseStatus: 200 });
    const ids = received.slice(before).map((r) => r.headers["webhook-id"]);
    expect(ids).toEqual([delivery.eventId, delivery.eventId, delivery.eventId]);
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({ type: "webhook.test" });
  });

  it("turns the endpoint off and e-mails the owner when every attempt failed", async () => {
    const endpoint = await addEndpoint(t, cafe.cookie, {
      url: receiverUrl,
      events: ["stamp.added"],
    });
    const delivery = await sendTest(endpoint.id);
    plan.push(503, 503, 503);
    await deliver(delivery.id, 0);
    await deliver(delivery.id, 1);
    expect(await deliver(delivery.id, 2)).toMatchObject({ failed: true });
    const [log] = await deliveries(endpoint.id);
    expect(log).toMatchObject({ status: "failed", attempts: 3, responseStatus: 503 });
    const list = await t.request("/api/integrations/webhooks", { cookie: cafe.cookie });
    const off = ((await list.json()) as WebhookEndpointInfo[]).find((e) => e.id === endpoint.id);
    expect(off).toMatchObject({ enabled: false, disabledReason: "failing" });
    const mail = t.mails.findLast((m) => m.to === "aurora@example.com");
    expect(mail?.subject).toBe("Webhook desativado: Café Aurora");
    expect(mail?.text).toContain(receiverUrl);
    expect(mail?.text).toContain(`${TEST_APP_URL}/integracoes`);

    // 'Reenviar' sends the same event again; turning it on clears why it was off.
    const resent = await t.request(`/api/integrations/webhook-deliveries/${delivery.id}/resend`, {
      cookie: cafe.cookie,
      method: "POST",
    });
    expect(resent.status).toBe(201);
    const again = (await resent.json()) as WebhookDelivery;
    expect(again).toMatchObject({ eventId: delivery.eventId, status: "pending", attempts: 0 });
    expect(
      await deliverWebhook(
        { db: t.db, appUrl: TEST_APP_URL, webhooks: devNetwork },
        { deliveryId: again.id, attempt: 0, manual: true },
      ),
    ).toMatchObject({ sent: true });
    const on = await t.request(`/api/integrations/webhooks/${endpoint.id}`, {
      cookie: cafe.cookie,
      method: "PATCH",
      body: { enabled: true },
    });
    expect(await on.json()).toMatchObject({ enabled: true, disabledReason: null });
  });

  it("queues member.joined, card.completed and reward.redeemed with ids and counts", async () => {
    const endpoint = await addEndpoint(t, cafe.cookie, {
      url: receiverUrl,
      events: ["member.joined", "card.completed", "reward.redeemed"],
    });
    const maria = await t.customerSession({
      name: "Maria Souza",
      email: "maria@example.com",
      origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" },
    });
    const stamped = await t.request(`/api/customers/${maria.customerId}/stamps`, {
      cookie: cafe.cookie,
      body: { method: "purchase", notes: "", quantity: 10 },
    });
    expect(stamped.status, await stamped.clone().text()).toBe(201);
    const { id: cardId } = (await stamped.json()) as { id: string };
    const redeemed = await t.request(`/api/cards/${cardId}/redeem`, {
      cookie: cafe.cookie,
      body: {},
    });
    expect(redeemed.status, await redeemed.clone().text()).toBe(200);
    const log = (await deliveries(endpoint.id)).reverse();
    expect(log.map((d) => d.eventType)).toEqual([
      "member.joined",
      "card.completed",
      "reward.redeemed",
    ]);
    const { rows } = await t.db.execute(
      sql`select payload from webhook_deliveries where endpoint_id = ${endpoint.id} order by created_at`,
    );
    const [joined, completed, redemption] = rows.map(
      (r) => (r as { payload: { data: Record<string, unknown> } }).payload.data,
    );
    expect(joined).toMatchObject({
      memberId: maria.customerId,
      name: "Maria Souza",
      email: "maria@example.com",
      origin: "qrcode_empresa",
    });
    expect(completed).toMatchObject({
      cardId,
      memberId: maria.customerId,
      stamps: 10,
      maxStamps: 10,
    });
    expect(redemption).toMatchObject({ cardId, memberId: maria.customerId });
    await t.request(`/api/integrations/webhooks/${endpoint.id}`, {
      cookie: cafe.cookie,
      method: "DELETE",
    });
  });

  it("keeps test endpoints apart and rotates a secret", async () => {
    const endpoint = await addEndpoint(t, cafe.cookie, {
      url: receiverUrl,
      events: ["member.joined"],
      mode: "test",
    });
    expect(endpoint.mode).toBe("test");
    const [row] = await t.db
      .select({ companyId: webhookEndpoints.companyId })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.companyId).not.toBe(cafe.companyId);
    const rotated = await t.request(`/api/integrations/webhooks/${endpoint.id}/rotate-secret`, {
      cookie: cafe.cookie,
      method: "POST",
    });
    const { secret } = (await rotated.json()) as WebhookEndpointInfo;
    expect(secret).not.toBe(endpoint.secret);
    const removed = await t.request(`/api/integrations/webhooks/${endpoint.id}`, {
      cookie: cafe.cookie,
      method: "DELETE",
    });
    expect(removed.status).toBe(204);
  });

  it("is the owner's: a manager gets 403 role_forbidden", async () => {
    const manager = await t.staffSession(cafe.companyId, "manager");
    const res = await t.request("/api/integrations/webhooks", { cookie: manager.cookie });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe("role_forbidden");
  });
});

describe("the public API's webhook endpoints", () => {
  const key = async (scopes: string[], mode: "live" | "test") => {
    const res = await t.request("/api/integrations/keys", {
      cookie: cafe.cookie,
      body: { name: `Chave ${mode}`, scopes, mode },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { secret: string }).secret;
  };
  const call = (secret: string, path: string, init: { method?: string; body?: object } = {}) =>
    t.request(`/api/v1${path}`, {
      method: init.method,
      body: init.body,
      headers: { authorization: `Bearer ${secret}`, "idempotency-key": randomUUID() },
    });

  it("creates, lists and removes endpoints of the key's mode, with an Idempotency-Key", async () => {
    const live = await key(["webhooks:manage"], "live");
    const test = await key(["webhooks:manage"], "test");
    const body = {
      url: "https://hooks.example.com/pdv",
      events: ["stamp.added", "reward.redeemed"],
    };

    const unkeyed = await t.request("/api/v1/webhook-endpoints", {
      body,
      headers: { authorization: `Bearer ${live}` },
    });
    expect(unkeyed.status).toBe(400);
    expect((await unkeyed.json()).error.code).toBe("idempotency_key_required");

    const created = await call(live, "/webhook-endpoints", { body });
    expect(created.status, await created.clone().text()).toBe(201);
    const endpoint = (await created.json()) as WebhookEndpointInfo;
    expect(endpoint).toMatchObject({ mode: "live", url: body.url });
    const forbidden = await call(live, "/webhook-endpoints", {
      body: { ...body, url: "https://169.254.169.254/" },
    });
    expect((await forbidden.json()).error.code).toBe("webhook_url_forbidden");

    const inTest = await call(test, "/webhook-endpoints", { body });
    expect(((await inTest.json()) as WebhookEndpointInfo).mode).toBe("test");
    const liveList = (await (await call(live, "/webhook-endpoints")).json()) as {
      data: WebhookEndpointInfo[];
    };
    expect(liveList.data.every((e) => e.mode === "live")).toBe(true);
    expect(liveList.data.map((e) => e.id)).toContain(endpoint.id);
    const testList = (await (await call(test, "/webhook-endpoints")).json()) as {
      data: WebhookEndpointInfo[];
    };
    expect(testList.data.map((e) => e.mode)).toEqual(["test"]);

    // A test key cannot remove a live endpoint; the live key can.
    expect(
      (await call(test, `/webhook-endpoints/${endpoint.id}`, { method: "DELETE" })).status,
    ).toBe(404);
    expect(
      (await call(live, `/webhook-endpoints/${endpoint.id}`, { method: "DELETE" })).status,
    ).toBe(204);
  });

  it("needs the webhooks:manage scope", async () => {
    const secret = await key(["stamps:write"], "live");
    const res = await call(secret, "/webhook-endpoints");
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe("scope_required");
  });
});

describe("the SSRF guard on webhooks", () => {
  let owner: { cookie: string; companyId: string };
  beforeAll(async () => {
    owner = await prod.companySession({ companyName: "Padaria Sol", email: "sol@example.com" });
  });

  it.each(FORBIDDEN)("refuses %s at save", async (url) => {
    const res = await prod.request("/api/integrations/webhooks", {
      cookie: owner.cookie,
      body: { url, events: ["stamp.added"] },
    });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatchObject({
      code: "webhook_url_forbidden",
      fields: { url: "webhook_url_forbidden" },
    });
  });

  it("refuses http:// in production and accepts a public HTTPS name", async () => {
    const http = await prod.request("/api/integrations/webhooks", {
      cookie: owner.cookie,
      body: { url: "http://hooks.example.com/", events: ["stamp.added"] },
    });
    expect(http.status).toBe(400);
    await addEndpoint(prod, owner.cookie, {
      url: "https://hooks.example.com/carimbou",
      events: ["stamp.added"],
    });
  });

  it("refuses every one of them at send, with no connection made", async () => {
    const before = received.length;
    for (const url of [...FORBIDDEN, "https://rebind.example.com/"]) {
      dns["rebind.example.com"] = ["93.184.216.34"];
      const id = randomUUID();
      // Saved before the address turned private (or written straight, past the save's check).
      await prod.db.insert(webhookEndpoints).values({
        id,
        companyId: owner.companyId,
        url,
        events: ["stamp.added"],
        secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      });
      dns["rebind.example.com"] = ["10.0.0.5"];
      const delivery = await sendTest(id, prod, owner.cookie);
      const result = await deliver(delivery.id, 0, prod, { resolve, retryDelaysSeconds: [] });
      expect(result, url).toMatchObject({ sent: false, failed: true });
      const [log] = await deliveries(id, prod, owner.cookie);
      expect(log, url).toMatchObject({ status: "failed", responseExcerpt: "endereço bloqueado" });
    }
    expect(received.length).toBe(before);
  });
});
