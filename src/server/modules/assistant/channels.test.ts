import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ASSISTANT_DEFAULTS } from "@shared/assistant.schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadEnv } from "../../env";
import { JOBS } from "../../jobs";
import { answerOf, apiAs, errorBody, ok } from "../../test/api";
import { TEST_APP_URL, TEST_CHANNEL_SECRET_KEY } from "../../test/test-app";
import type { ChannelName } from "./channel-adapter";
import { CHANNEL_FIXTURES, type ChannelFixture } from "./channel-fixtures";
import {
  type ChannelSecretField,
  decryptSecret,
  encryptSecret,
  loadChannelSecretKey,
} from "./channel-secrets";
import { columnKey } from "./channel-settings";
import { channelTestApp, hoursAgo } from "./channel-test-kit";

/**
 * IA Suprema's messaging channels through the API (issue 20, point 5; decision 024), one suite
 * run for each channel's adapter with its fixtures (channel-test-kit.ts): the channel's settings
 * (secrets encrypted, never read back), the platform's webhook (handshake, signature), inbound
 * texts answered through a fake Graph API server, the company's inbox and the window's first rule.
 * What only one platform does is in whatsapp.test.ts and instagram.test.ts.
 */

/** A webhook's answer: how many texts it took. */
const received = async (res: Response | Promise<Response>) =>
  answerOf<`/api/${ChannelName}/webhook/{companyId}`, "post">(await res, 200);

describe.each(CHANNEL_FIXTURES.map((f) => [f.adapter.label, f] as const))(
  "%s",
  // biome-ignore lint/suspicious/noExplicitAny: each channel's settings have their own fields
  (_label, fixture: ChannelFixture<any>) => {
    const c = channelTestApp(fixture, { jobs: JOBS });
    const { channel } = c;
    const { credentials } = fixture;
    const settingsPath = `/api/assistant/${channel}` as const;
    const inboxPath = `/api/assistant/${channel}/inbox` as const;
    const replyPath = `/api/assistant/${channel}/contacts/{id}/reply` as const;
    const address = fixture.address;
    const settingsOf = (cookie: string) => ok(apiAs(c.t, cookie).GET(settingsPath), 200);
    const saved = async (res: Promise<Response>) =>
      answerOf<`/api/assistant/${ChannelName}`, "put">(await res, 200);
    const inboxOf = async (cookie: string) => {
      const inbox = await ok(apiAs(c.t, cookie).GET(inboxPath), 200);
      return inbox.conversations as {
        contactId: string;
        pending: number;
        windowOpen: boolean;
        messages: { direction: string; body: string; status: string }[];
      }[];
    };
    /** A stored secret opened as `companyId`'s `field` (null: it does not open). */
    const opened = (stored: string, companyId: string, field: ChannelSecretField) =>
      decryptSecret(TEST_CHANNEL_SECRET_KEY, stored, c.secretContext(companyId, field));
    const bellOf = async (cookie: string) =>
      (await ok(apiAs(c.t, cookie).GET("/api/notifications"), 200)).items;

    describe("the channel's settings", () => {
      it("stores the secrets encrypted, bound to the company and field, and never answers them", async () => {
        const row = await c.cafeChannelRow();
        c.expectNoSecret(JSON.stringify(row));
        expect(opened(row!.accessTokenEnc, c.cafe.companyId, "access_token")).toBe(
          credentials.accessToken,
        );
        // Bound to its row and field: another company's context does not open it.
        expect(opened(row!.accessTokenEnc, c.rival.companyId, "access_token")).toBeNull();

        const res = await c.t.request(settingsPath, { cookie: c.cafe.cookie });
        c.expectNoSecret(await res.clone().text());
        expect(await answerOf<typeof settingsPath, "get">(res, 200)).toEqual({
          ...fixture.savedView,
          webhookUrl: `${TEST_APP_URL}/api/${channel}/webhook/${c.cafe.companyId}`,
        });
      });

      it("keeps a secret left empty", async () => {
        const kept = await saved(
          c.saveChannel(c.cafe, {
            ...credentials,
            accessToken: "",
            appSecret: "",
            verifyToken: "",
          }),
        );
        expect(kept.accessTokenSet && kept.appSecretSet && kept.verifyTokenSet).toBe(true);
        const row = await c.cafeChannelRow();
        expect(opened(row!.accessTokenEnc, c.cafe.companyId, "access_token")).toBe(
          credentials.accessToken,
        );
        expect(opened(row!.appSecretEnc, c.cafe.companyId, "app_secret")).toBe(
          credentials.appSecret,
        );
      });

      it("asks for every secret the first time", async () => {
        const first = await errorBody(
          await c.saveChannel(c.rival, {
            ...credentials,
            [fixture.accountField]: fixture.otherAccount,
            appSecret: "",
          }),
          400,
        );
        expect(first.error.fields).toEqual({ appSecret: `${channel}_secret_required` });
      });

      it("refuses malformed fields; another company's account id is no one's to refuse", async () => {
        const bad = await errorBody(
          await c.saveChannel(c.cafe, { ...credentials, ...fixture.malformed.input }),
          400,
        );
        expect(bad.error.fields).toMatchObject(fixture.malformed.fields);
        // The same id saved by another company (decision 028): it neither blocks the owner nor
        // tells anyone the id is in use; each company's webhook is its own URL.
        const same = await saved(
          c.saveChannel(c.rival, { ...credentials, verifyToken: "rival-verify" }),
        );
        expect(same).toMatchObject({
          configured: true,
          [fixture.accountField]: credentials[fixture.accountField],
        });
        expect((await settingsOf(c.cafe.cookie)).webhookUrl).toContain(c.cafe.companyId);
        await ok(apiAs(c.t, c.rival.cookie).DELETE(settingsPath), 200);
      });

      it("is the company's own: another admin reads, changes and removes only theirs", async () => {
        const rivalView = await settingsOf(c.rival.cookie);
        expect(rivalView).toMatchObject({ configured: false, [fixture.accountField]: "" });
        expect(rivalView.webhookUrl).toContain(c.rival.companyId);

        await saved(
          c.saveChannel(c.rival, {
            ...credentials,
            [fixture.accountField]: fixture.otherAccount,
            accessToken: "EAArival-token",
            appSecret: "rival-app-secret",
            verifyToken: "rival-verify",
          }),
        );
        await ok(apiAs(c.t, c.rival.cookie).DELETE(settingsPath), 200);
        const cafeView = await settingsOf(c.cafe.cookie);
        expect(cafeView).toMatchObject({
          configured: true,
          [fixture.accountField]: credentials[fixture.accountField],
        });

        expect((await c.t.request(settingsPath)).status).toBe(401);
        const customer = await c.t.customerSession({ email: "curioso@example.com" });
        expect((await c.t.request(settingsPath, { cookie: customer.cookie })).status).toBe(403);
      });
    });

    describe("the platform's webhook", () => {
      const handshake = (companyId: string, token: string, mode = "subscribe") =>
        c.t.request(
          `/api/${channel}/webhook/${companyId}?hub.mode=${mode}&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`,
        );

      it("answers the handshake with the challenge only for the company's verify token", async () => {
        const answer = await handshake(c.cafe.companyId, credentials.verifyToken);
        expect(answer.status).toBe(200);
        expect(answer.headers.get("content-type")).toContain("text/plain");
        expect(await answer.text()).toBe("1158201444");

        expect((await handshake(c.cafe.companyId, "wrong-token")).status).toBe(403);
        expect(
          (await handshake(c.cafe.companyId, credentials.verifyToken, "unsubscribe")).status,
        ).toBe(403);
        // Unknown company, or one without a channel: the same 404.
        expect((await handshake("no-such-company", credentials.verifyToken)).status).toBe(404);
        expect((await handshake(c.rival.companyId, credentials.verifyToken)).status).toBe(404);
      });

      it("refuses a POST without a valid signature, and never crashes on a malformed body", async () => {
        const { payload } = fixture.inbound(address(1), "oi");
        expect((await c.webhook(c.cafe, payload, null)).status).toBe(401);
        expect((await c.webhook(c.cafe, payload, c.sign(payload, "another-secret"))).status).toBe(
          401,
        );
        expect((await c.webhook(c.cafe, payload, "sha256=zz")).status).toBe(401);
        expect((await c.webhook(c.cafe, `${payload} `, c.sign(payload))).status).toBe(401);

        expect((await c.webhook(c.cafe, "not json")).status).toBe(400);
        for (const body of fixture.emptyBodies) {
          expect(await received(c.webhook(c.cafe, body))).toEqual({ ok: true, received: 0 });
        }
        expect(
          (
            await c.t.request(`/api/${channel}/webhook/no-such-company`, {
              method: "POST",
              body: payload,
            })
          ).status,
        ).toBe(404);
        expect(c.requests).toHaveLength(0);
      });
    });

    describe("inbound texts", () => {
      it("answers 'oi' with the welcome message through the Graph API", async () => {
        const from = address(2);
        const message = fixture.inbound(from, "oi");
        expect(await received(c.webhook(c.cafe, message.payload))).toEqual({
          ok: true,
          received: 1,
        });
        expect(await c.handled(message.id)).toMatchObject({
          status: "answered",
          intent: "greeting",
        });
        const [sent] = c.sentTo(from);
        expect(sent).toMatchObject({
          path: `/v21.0/${credentials[fixture.accountField]}/messages`,
          authorization: `Bearer ${credentials.accessToken}`,
        });
        expect(sent!.body).toMatchObject(fixture.freeText);
        expect(sent!.body.tag).toBeUndefined();
        expect(c.textOf(sent!)).toBe(ASSISTANT_DEFAULTS.welcomeMessage);

        const contact = await c.contactOf(from);
        expect(contact).toMatchObject({ customerId: null, ...fixture.contactNamed("Fulano") });
        expect(contact!.lastInboundAt).not.toBeNull();
        const { messages, externalId } = fixture.adapter.tables;
        expect(await c.outRows(contact!.id)).toEqual([
          expect.objectContaining({
            status: "sent",
            [columnKey(messages, externalId)]: expect.stringMatching(/\.out\./),
          }),
        ]);
      });

      it("keeps an unknown writer as a contact and answers without member data", async () => {
        const from = address(3);
        const message = fixture.inbound(from, "quantos carimbos eu tenho?", {
          name: "Desconhecido",
        });
        await received(c.webhook(c.cafe, message.payload));
        expect(await c.handled(message.id)).toMatchObject({
          status: "answered",
          intent: "stamps",
        });
        const answer = c.textOf(c.sentTo(from)[0]!);
        expect(answer).toContain("Não encontrei um cartão fidelidade");
        expect(answer).not.toMatch(/\d+ de \d+ carimbos/);
        expect(await c.contactOf(from)).toMatchObject({
          customerId: null,
          ...fixture.contactNamed("Desconhecido"),
        });
      });

      it("answers a message delivered twice only once", async () => {
        const from = address(4);
        const message = fixture.inbound(from, "Olá, bom dia!");
        const both = await Promise.all([
          received(c.webhook(c.cafe, message.payload)),
          received(c.webhook(c.cafe, message.payload)),
        ]);
        expect(both.map((r) => r.received).sort()).toEqual([0, 1]);
        await c.handled(message.id);
        expect(await received(c.webhook(c.cafe, message.payload))).toEqual({
          ok: true,
          received: 0,
        });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect(c.sentTo(from)).toHaveLength(1);
        const { messages, externalId } = fixture.adapter.tables;
        expect(await c.t.db.select().from(messages).where(eq(externalId, message.id))).toHaveLength(
          1,
        );
      });

      it("files a complaint, and leaves what it cannot handle pending for a person", async () => {
        const from = address(5);
        const complaint = fixture.inbound(from, "Quero fazer uma reclamação: o café veio frio");
        await received(c.webhook(c.cafe, complaint.payload));
        const row = await c.handled(complaint.id);
        expect(row).toMatchObject({ status: "answered", intent: "complaint" });
        expect(await c.feedbackOf(row.id)).toMatchObject({
          companyId: c.cafe.companyId,
          kind: "complaint",
          channel,
          body: "Quero fazer uma reclamação: o café veio frio",
          customerId: null,
          contactId: row.contactId,
        });

        const before = c.sentTo(from).length;
        const other = fixture.inbound(from, "xpto qwerty zzz");
        await received(c.webhook(c.cafe, other.payload));
        expect(await c.handled(other.id)).toMatchObject({
          status: "pending",
          intent: "handover",
        });
        expect(c.sentTo(from)).toHaveLength(before);
      });

      it("answers nothing while the assistant is off (the message waits for a person)", async () => {
        const settings = async (enabled: boolean) =>
          answerOf<"/api/assistant/settings", "put">(await c.assistantOn(c.cafe, enabled), 200);
        await settings(false);
        try {
          const from = address(6);
          const message = fixture.inbound(from, "quantos carimbos eu tenho?");
          await received(c.webhook(c.cafe, message.payload));
          expect(await c.handled(message.id)).toMatchObject({ status: "pending" });
          expect(c.sentTo(from)).toHaveLength(0);
        } finally {
          await settings(true);
        }
      });

      it("ignores messages meant for another account", async () => {
        const message = fixture.inbound(address(7), "oi", { account: "999999999" });
        expect(await received(c.webhook(c.cafe, message.payload))).toEqual({
          ok: true,
          received: 0,
        });
      });
    });

    describe("the company's conversations", () => {
      it("lists what waits for a person; a person's answer goes out and settles it", async () => {
        const from = address(8);
        const message = fixture.inbound(from, "Meu cachorro pode entrar com a gente?", {
          name: "Bia",
        });
        await received(c.webhook(c.cafe, message.payload));
        const pending = await c.handled(message.id);
        expect(pending).toMatchObject({ status: "pending" });
        expect(c.sentTo(from)).toHaveLength(0);

        const contact = (await c.contactOf(from))!;
        const bia = (await inboxOf(c.cafe.cookie)).find((x) => x.contactId === contact.id);
        expect(bia).toMatchObject({
          ...fixture.conversationNamed("Bia"),
          pending: 1,
          windowOpen: true,
        });
        expect(bia?.messages.at(-1)).toMatchObject({
          direction: "in",
          body: "Meu cachorro pode entrar com a gente?",
          status: "pending",
        });
        // The bell tells the company something waits on the channel.
        expect(await bellOf(c.cafe.cookie)).toContainEqual(
          expect.objectContaining({
            type: `${channel}_message`,
            id: `${channel}_${pending.id}`,
            customerName: fixture.bellName("Bia"),
          }),
        );
        // Another company sees none of it, and cannot answer it.
        expect(await inboxOf(c.rival.cookie)).toEqual([]);
        const reply = (cookie: string, body: string) =>
          apiAs(c.t, cookie).POST(replyPath, {
            params: { path: { id: contact.id } },
            body: { body },
          });
        expect((await reply(c.rival.cookie, "Oi")).response.status).toBe(404);

        expect(await ok(reply(c.cafe.cookie, "Pode sim! Temos água para ele."), 200)).toEqual({
          status: "sent",
        });
        const [sent] = c.sentTo(from);
        expect(sent!.body).toMatchObject(fixture.freeText);
        expect(c.textOf(sent!)).toBe("Pode sim! Temos água para ele.");
        const after = await inboxOf(c.cafe.cookie);
        expect(after.find((x) => x.contactId === contact.id)?.pending).toBe(0);
        const bellAfter = await bellOf(c.cafe.cookie);
        expect(bellAfter.some((i) => i.id === `${channel}_${pending.id}`)).toBe(false);
        expect((await reply(c.cafe.cookie, "   ")).response.status).toBe(400);
      });
    });

    describe("the window", () => {
      it("sends nothing for another company's contact", async () => {
        const contact = await c.contactWroteAt(address(9), hoursAgo(1));
        for (const byPerson of [false, true]) {
          const result = await c.send(c.t.db, c.deps(), c.rival.companyId, contact.id, "Oi", {
            byPerson,
          });
          expect(result.status).toBe("unavailable");
        }
        expect(c.sentTo(contact.address)).toHaveLength(0);
      });
    });

    describe("removing the channel (issue 34)", () => {
      it("deletes the people who wrote on it and their messages, only the company's", async () => {
        const { contacts, messages } = fixture.adapter.tables;
        await c.t.db.insert(contacts).values({
          id: `rival-contact-${channel}`,
          companyId: c.rival.companyId,
          [columnKey(contacts, fixture.adapter.tables.address)]: address(8),
          lastInboundAt: hoursAgo(1),
        } as never);
        const heldBy = async (companyId: string) => ({
          contacts: (await c.t.db.select().from(contacts).where(eq(contacts.companyId, companyId)))
            .length,
          messages: (await c.t.db.select().from(messages).where(eq(messages.companyId, companyId)))
            .length,
        });
        const before = await heldBy(c.cafe.companyId);
        expect(before.contacts).toBeGreaterThan(0);
        expect(before.messages).toBeGreaterThan(0);
        expect((await inboxOf(c.cafe.cookie)).length).toBeGreaterThan(0);

        const removed = await ok(apiAs(c.t, c.cafe.cookie).DELETE(settingsPath), 200);
        expect(removed).toMatchObject({ configured: false });
        expect(await heldBy(c.cafe.companyId)).toEqual({ contacts: 0, messages: 0 });
        expect(await inboxOf(c.cafe.cookie)).toEqual([]);
        expect(await heldBy(c.rival.companyId)).toEqual({ contacts: 1, messages: 0 });
      });
    });
  },
);

describe("the key of the channels' secrets", () => {
  it("comes from CHANNEL_SECRET_KEY, else is generated once in DATA_DIR (never in production)", () => {
    const key = randomBytes(32);
    expect(loadEnv({ CHANNEL_SECRET_KEY: key.toString("base64") }).channelSecretKey).toEqual(key);
    expect(() => loadEnv({ CHANNEL_SECRET_KEY: "too-short" })).toThrow(/CHANNEL_SECRET_KEY/);

    const dir = mkdtempSync(join(tmpdir(), "carimbou-channel-key-"));
    try {
      expect(() =>
        loadChannelSecretKey({ fromEnv: undefined, dataDir: dir, production: true }),
      ).toThrow(/CHANNEL_SECRET_KEY is required in production/);
      const generated = loadChannelSecretKey({
        fromEnv: undefined,
        dataDir: dir,
        production: false,
      });
      expect(generated).toHaveLength(32);
      // Kept: the next start (production too) reads the same key.
      expect(loadChannelSecretKey({ fromEnv: undefined, dataDir: dir, production: true })).toEqual(
        generated,
      );
      expect(loadChannelSecretKey({ fromEnv: key, dataDir: dir, production: true })).toEqual(key);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("opens a secret only with the same key and context", () => {
    const key = randomBytes(32);
    const stored = encryptSecret(key, "EAA-token", "whatsapp:c1:access_token");
    expect(stored).not.toContain("EAA-token");
    expect(decryptSecret(key, stored, "whatsapp:c1:access_token")).toBe("EAA-token");
    expect(decryptSecret(randomBytes(32), stored, "whatsapp:c1:access_token")).toBeNull();
    expect(decryptSecret(key, stored, "whatsapp:c1:app_secret")).toBeNull();
    expect(decryptSecret(key, `${stored.slice(0, -2)}AA`, "whatsapp:c1:access_token")).toBeNull();
    expect(decryptSecret(key, "garbage", "whatsapp:c1:access_token")).toBeNull();
  });
});
