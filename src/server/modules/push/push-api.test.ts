import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../env";
import { answerOf, errorBody } from "../../test/api";
import { startFakePushService } from "../../test/fake-push";
import { createTestApp, type TestApp } from "../../test/test-app";
import { setPushTestOrigins } from "./push.service";
import { dataDirVapidKeys, newVapidKeys, setVapid, vapidSubjectOf } from "./vapid";

/**
 * Web Push's API (issue 32, item 2): the public key, saving, reading and removing a device's
 * subscription, what is refused (a malformed endpoint or keys: 400; another account's: 404), and
 * the VAPID_* variables. The notices themselves: push.test.ts.
 */

const vapid = newVapidKeys();
let push: Awaited<ReturnType<typeof startFakePushService>>;
let t: TestApp;
type Who = { cookie: string };
let cafe: Who & { companyId: string };
let ana: Who & { customerId: string };
let bia: Who & { customerId: string };
type Device = ReturnType<typeof push.device>;

const subscribe = (who: Who, device: Device, kinds: string[]) =>
  t.request("/api/push/subscriptions", {
    method: "PUT",
    cookie: who.cookie,
    body: { endpoint: device.endpoint, keys: device.keys, kinds },
  });

beforeAll(async () => {
  push = await startFakePushService(() => vapid.publicKey);
  setVapid({ ...vapid, subject: "mailto:push@carimbou.test" });
  setPushTestOrigins([push.origin]);
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café Chave", email: "chave@push.com" });
  const origin = { empresa_id: cafe.companyId };
  ana = await t.customerSession({ email: "ana@chave.com", origin });
  bia = await t.customerSession({ email: "bia@chave.com", origin });
}, 60_000);
afterAll(async () => {
  setVapid(undefined);
  setPushTestOrigins([]);
  await t?.close();
  await push?.close();
});

describe("the API", () => {
  it("answers the VAPID public key, says on /api/health that push is on, lists the routes", async () => {
    expect(await (await t.request("/api/push/public-key")).json()).toEqual({
      publicKey: vapid.publicKey,
    });
    expect(await (await t.request("/api/health")).json()).toMatchObject({ push: true });
    const doc = await (await t.request("/api/openapi.json")).json();
    expect(Object.keys(doc.paths["/api/push/subscriptions"]).sort()).toEqual([
      "delete",
      "get",
      "put",
    ]);
    expect(doc.paths["/api/push/public-key"]).toBeDefined();
  });

  it("refuses a malformed endpoint or keys, a kind not for the account, and no session", async () => {
    const d = push.device();
    const bad = async (body: object, who: Who = ana) =>
      (
        await errorBody(
          await t.request("/api/push/subscriptions", { method: "PUT", cookie: who.cookie, body }),
          400,
        )
      ).error.code;
    const good = { endpoint: d.endpoint, keys: d.keys, kinds: ["stamp"] };
    for (const endpoint of [
      "not a url",
      "http://push.example.com/x",
      "https://127.0.0.1/x",
      "https://localhost/x",
      "https://push.example.com/x",
      "https://fcm.googleapis.com.evil.example/x",
      "https://fcm.googleapis.com:8443/x",
      "ftp://push.example.com/x",
      `https://push.example.com/${"x".repeat(1001)}`,
    ])
      expect(await bad({ ...good, endpoint })).toBe("validation_failed");
    const short = Buffer.alloc(64, 4).toString("base64url");
    for (const keys of [
      { ...d.keys, p256dh: short },
      { ...d.keys, p256dh: Buffer.alloc(65, 3).toString("base64url") },
      { ...d.keys, p256dh: "not base64!" },
      { ...d.keys, auth: Buffer.alloc(15).toString("base64url") },
      { p256dh: d.keys.p256dh },
    ])
      expect(await bad({ ...good, keys })).toBe("validation_failed");
    expect(await bad({ ...good, kinds: ["stamp", "message"] })).toBe("validation_failed");
    expect(await bad({ ...good, kinds: ["stamp"] }, cafe)).toBe("validation_failed");
    expect(await bad({ ...good, kinds: ["nope"] })).toBe("validation_failed");
    // The browsers' push services are taken (Chrome's FCM, Firefox's, Safari's).
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/dXk3:APA91b",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAA",
      "https://web.push.apple.com/QGx7",
    ]) {
      const res = await t.request("/api/push/subscriptions", {
        method: "PUT",
        cookie: ana.cookie,
        body: { ...good, endpoint },
      });
      expect(res.status).toBe(200);
    }
    await errorBody(await t.request("/api/push/subscriptions", { method: "PUT", body: good }), 401);
  });

  it("keeps the switches per device; another account's endpoint is 404 everywhere", async () => {
    const d = push.device();
    expect(
      await answerOf<"/api/push/subscriptions", "put">(
        await subscribe(ana, d, ["stamp", "reply", "stamp"]),
        200,
      ),
    ).toMatchObject({ endpoint: d.endpoint, kinds: ["stamp", "reply"] });
    const q = `/api/push/subscriptions?endpoint=${encodeURIComponent(d.endpoint)}`;
    expect((await (await t.request(q, { cookie: ana.cookie })).json()).kinds).toEqual([
      "stamp",
      "reply",
    ]);
    await answerOf<"/api/push/subscriptions", "put">(await subscribe(ana, d, ["redeemed"]), 200);
    expect((await (await t.request(q, { cookie: ana.cookie })).json()).kinds).toEqual(["redeemed"]);
    // Bia: not found, whether it exists or not; Ana's subscription unchanged.
    await errorBody(await subscribe(bia, d, ["stamp"]), 404);
    await errorBody(await t.request(q, { cookie: bia.cookie }), 404);
    const del = (who: Who) =>
      t.request("/api/push/subscriptions", {
        method: "DELETE",
        cookie: who.cookie,
        body: { endpoint: d.endpoint },
      });
    await errorBody(await del(bia), 404);
    expect((await (await t.request(q, { cookie: ana.cookie })).json()).kinds).toEqual(["redeemed"]);
    expect((await del(ana)).status).toBe(204);
    await errorBody(await t.request(q, { cookie: ana.cookie }), 404);
  });
});

describe("VAPID_* (env)", () => {
  it("takes both keys or neither, and refuses what is not a P-256 pair", () => {
    expect(loadEnv({}).vapid).toBeUndefined();
    expect(
      loadEnv({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey }).vapid,
    ).toEqual(vapid);
    expect(() => loadEnv({ VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow(/go together/);
    expect(() => loadEnv({ VAPID_PUBLIC_KEY: "abc", VAPID_PRIVATE_KEY: vapid.privateKey })).toThrow(
      /P-256/,
    );
    expect(() => loadEnv({ VAPID_SUBJECT: "http://x" })).toThrow(/mailto/);
  });
});

describe("the keys kept in DATA_DIR", () => {
  it("a new pair's private key is always 32 bytes (Node drops a scalar's leading zeros)", () => {
    for (let i = 0; i < 2000; i++) {
      expect(Buffer.from(newVapidKeys().privateKey, "base64url")).toHaveLength(32);
    }
  });

  it("makes one P-256 pair on first start, kept private, and reads it back after", () => {
    const dir = mkdtempSync(join(tmpdir(), "vapid-"));
    const first = dataDirVapidKeys(dir);
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(first.privateKey, "base64url")).toHaveLength(32);
    expect(dataDirVapidKeys(dir)).toEqual(first);
    expect(statSync(join(dir, "vapid-keys.json")).mode & 0o777).toBe(0o600);
    expect(vapidSubjectOf(undefined, "https://app.carimbou.com.br")).toBe(
      "https://app.carimbou.com.br",
    );
    expect(vapidSubjectOf(undefined, "http://localhost:3000")).toBe("mailto:push@localhost");
    expect(vapidSubjectOf("mailto:ops@example.com", "http://localhost:3000")).toBe(
      "mailto:ops@example.com",
    );
  });
});
