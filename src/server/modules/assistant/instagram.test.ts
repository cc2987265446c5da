import { ASSISTANT_DEFAULTS } from "@shared/assistant.schema";
import type {
  InstagramChannel,
  InstagramInbox,
  SaveInstagramChannelInput,
} from "@shared/assistant-channels";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOBS } from "../../jobs";
import { type GraphRequest, startFakeGraph, waitFor } from "../../test/fake-graph";
import { json } from "../../test/http";
import {
  createTestApp,
  TEST_APP_URL,
  TEST_CHANNEL_SECRET_KEY,
  type TestApp,
} from "../../test/test-app";
import { decryptSecret } from "./channel-secrets";
import { type Company, channelTestKit, hoursAgo } from "./channel-test-kit";
import { INSTAGRAM_REPLY_JOB, sendInstagramText } from "./instagram.adapter";
import { instagramChannels, instagramContacts, instagramMessages } from "./instagram.table";

/**
 * IA Suprema on Instagram Direct (issue 20, point 5): the channel's credentials (encrypted, never
 * read back), Meta's webhook (handshake, signature), inbound texts answered through a fake Graph
 * API server, and Instagram's 24-hour rule with the 7-day human agent tag for a person only.
 */

let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let graphUrl: string;
let requests: GraphRequest[];
let outCount = 0;

async function startGraph(): Promise<void> {
  graph = await startFakeGraph((body) => ({
    recipient_id: (body.recipient as { id?: string } | undefined)?.id,
    message_id: `mid.out.${++outCount}`,
  }));
  graphUrl = graph.url;
  requests = graph.requests;
}

let t: TestApp;
let cafe: Company;
let rival: Company;

const CAFE_ACCOUNT = "17841400000000001";
const credentials = {
  accountId: CAFE_ACCOUNT,
  accessToken: "IGAAcafe-access-token-0001",
  appSecret: "cafe-ig-app-secret-0123456789abcdef",
  verifyToken: "cafe-ig-verify-token",
} satisfies SaveInstagramChannelInput;

const {
  sign,
  saveChannel,
  assistantOn,
  webhook,
  openCompanies,
  expectNoSecret,
  secretContext: instagramSecretContext,
  feedbackOf,
} = channelTestKit<SaveInstagramChannelInput>({
  channel: "instagram",
  credentials,
  app: () => t,
});

let mids = 0;
/** A webhook body with one messaging item (a text from `igsid`, unless `message` says else). */
function inbound(igsid: string, text: string, options: { mid?: string; echo?: boolean } = {}) {
  const mid = options.mid ?? `mid.in.${++mids}`;
  const fromCompany = options.echo === true;
  return {
    mid,
    payload: JSON.stringify({
      object: "instagram",
      entry: [
        {
          id: CAFE_ACCOUNT,
          time: Date.now(),
          messaging: [
            {
              sender: { id: fromCompany ? CAFE_ACCOUNT : igsid },
              recipient: { id: fromCompany ? igsid : CAFE_ACCOUNT },
              timestamp: Date.now(),
              message: { mid, text, ...(fromCompany ? { is_echo: true } : {}) },
            },
          ],
        },
      ],
    }),
  };
}

const inboundRow = async (mid: string) =>
  (await t.db.select().from(instagramMessages).where(eq(instagramMessages.mid, mid)).limit(1))[0];

/** Waits until the reply job handled the inbound message (it is no longer `received`). */
const handled = (mid: string) =>
  waitFor(async () => {
    const row = await inboundRow(mid);
    return row && row.status !== "received" ? row : undefined;
  }, `the reply to ${mid}`);

const sentTo = (igsid: string) =>
  requests.filter((r) => (r.body.recipient as { id?: string } | undefined)?.id === igsid);
const textOf = (r: GraphRequest) => (r.body.message as { text?: string } | undefined)?.text ?? "";

const contactOf = async (igsid: string) =>
  (
    await t.db
      .select()
      .from(instagramContacts)
      .where(
        and(eq(instagramContacts.companyId, cafe.companyId), eq(instagramContacts.igsid, igsid)),
      )
      .limit(1)
  )[0];

beforeAll(async () => {
  await startGraph();
  t = await createTestApp({
    graphApiBaseUrl: graphUrl,
    jobs: { jobs: JOBS.filter((job) => job.name === INSTAGRAM_REPLY_JOB) },
  });
  ({ cafe, rival } = await openCompanies());
});

/** The café's settings row, as stored. */
const cafeChannelRow = async () =>
  (
    await t.db
      .select()
      .from(instagramChannels)
      .where(eq(instagramChannels.companyId, cafe.companyId))
  )[0];

afterAll(async () => {
  await t?.close();
  await graph?.close();
});

describe("the Instagram channel's settings", () => {
  it("stores the secrets encrypted, never answers them, and keeps one left empty", async () => {
    const row = await cafeChannelRow();
    const stored = JSON.stringify(row);
    expectNoSecret(stored);
    const context = instagramSecretContext(cafe.companyId, "access_token");
    expect(decryptSecret(TEST_CHANNEL_SECRET_KEY, row!.accessTokenEnc, context)).toBe(
      credentials.accessToken,
    );

    const res = await t.request("/api/assistant/instagram", { cookie: cafe.cookie });
    const text = await res.clone().text();
    expectNoSecret(text);
    expect(await json<InstagramChannel>(res, 200)).toEqual({
      configured: true,
      accountId: CAFE_ACCOUNT,
      accessTokenSet: true,
      appSecretSet: true,
      verifyTokenSet: true,
      webhookUrl: `${TEST_APP_URL}/api/instagram/webhook/${cafe.companyId}`,
    });

    const kept = await json<InstagramChannel>(
      await saveChannel(cafe, { ...credentials, accessToken: "", appSecret: "", verifyToken: "" }),
      200,
    );
    expect(kept.accessTokenSet && kept.appSecretSet && kept.verifyTokenSet).toBe(true);
    const after = await cafeChannelRow();
    expect(decryptSecret(TEST_CHANNEL_SECRET_KEY, after!.accessTokenEnc, context)).toBe(
      credentials.accessToken,
    );
  });

  it("asks for every secret the first time, and lets another company save the same account id", async () => {
    const first = await json<{ error: { fields: Record<string, string> } }>(
      await saveChannel(rival, { ...credentials, accountId: "17841400000000002", appSecret: "" }),
      400,
    );
    expect(first.error.fields).toEqual({ appSecret: "instagram_secret_required" });
    // Not refused (decision 028): the id blocks no one and tells no one it is in use; each
    // company's webhook is its own URL.
    const same = await json<{ configured: boolean; accountId: string }>(
      await saveChannel(rival, credentials),
      200,
    );
    expect(same).toMatchObject({ configured: true, accountId: credentials.accountId });
    const removed = await t.request("/api/assistant/instagram", {
      method: "DELETE",
      cookie: rival.cookie,
    });
    expect(removed.status).toBe(200);
    const bad = await json<{ error: { fields: Record<string, string> } }>(
      await saveChannel(rival, { ...credentials, accountId: "abc", accessToken: "a b" }),
      400,
    );
    expect(bad.error.fields).toMatchObject({
      accountId: "instagram_account_id_invalid",
      accessToken: "instagram_secret_invalid",
    });
    const rivalView = await json<InstagramChannel>(
      await t.request("/api/assistant/instagram", { cookie: rival.cookie }),
      200,
    );
    expect(rivalView).toMatchObject({ configured: false, accountId: "" });
    expect((await t.request("/api/assistant/instagram")).status).toBe(401);
  });
});

describe("Meta's Instagram webhook", () => {
  const handshake = (companyId: string, token: string) =>
    t.request(
      `/api/instagram/webhook/${companyId}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=42424242`,
    );

  it("answers the handshake only for the company's verify token", async () => {
    const ok = await handshake(cafe.companyId, credentials.verifyToken);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("42424242");
    expect((await handshake(cafe.companyId, "wrong")).status).toBe(403);
    expect((await handshake(rival.companyId, credentials.verifyToken)).status).toBe(404);
  });

  it("refuses a POST without a valid signature, and never crashes on a malformed body", async () => {
    const { payload } = inbound("900001", "oi");
    expect((await webhook(cafe, payload, null)).status).toBe(401);
    expect((await webhook(cafe, payload, sign(payload, "another-secret"))).status).toBe(401);
    expect((await webhook(cafe, payload, "sha256=zz")).status).toBe(401);
    expect((await webhook(cafe, "not json")).status).toBe(400);
    const malformed = [
      "[]",
      "{}",
      "null",
      '{"entry":"x"}',
      '{"entry":[{"messaging":7}]}',
      '{"entry":[{"messaging":[{"sender":{},"message":{"mid":1}}]}]}',
      '{"entry":[{"messaging":[{"sender":{"id":"9"},"read":{"mid":"m"}}]}]}',
      '{"entry":[{"messaging":[{"sender":{"id":"9"},"message":{"mid":"m","attachments":[]}}]}]}',
    ];
    for (const body of malformed) {
      expect(await json(await webhook(cafe, body), 200)).toEqual({ ok: true, received: 0 });
    }
    expect(requests).toHaveLength(0);
  });
});

describe("inbound Instagram texts", () => {
  it("answers 'oi' with the welcome message through the Graph API", async () => {
    const message = inbound("900002", "oi");
    expect(await json(await webhook(cafe, message.payload), 200)).toEqual({
      ok: true,
      received: 1,
    });
    expect(await handled(message.mid)).toMatchObject({ status: "answered", intent: "greeting" });
    const [sent] = sentTo("900002");
    expect(sent).toMatchObject({
      path: `/v21.0/${CAFE_ACCOUNT}/messages`,
      authorization: `Bearer ${credentials.accessToken}`,
    });
    expect(sent!.body).toMatchObject({ messaging_type: "RESPONSE", recipient: { id: "900002" } });
    expect(sent!.body.tag).toBeUndefined();
    expect(textOf(sent!)).toBe(ASSISTANT_DEFAULTS.welcomeMessage);
    const contact = await contactOf("900002");
    expect(contact).toMatchObject({ customerId: null, username: null });
    expect(contact!.lastInboundAt).not.toBeNull();
  });

  it("answers a redelivered mid once, and ignores the company's own echo", async () => {
    const message = inbound("900003", "Olá, bom dia!");
    const results = await Promise.all([
      webhook(cafe, message.payload),
      webhook(cafe, message.payload),
    ]);
    const received = await Promise.all(results.map((r) => json<{ received: number }>(r, 200)));
    expect(received.map((r) => r.received).sort()).toEqual([0, 1]);
    await handled(message.mid);
    const echo = inbound("900003", "Resposta da empresa", { echo: true });
    expect(await json(await webhook(cafe, echo.payload), 200)).toEqual({ ok: true, received: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sentTo("900003")).toHaveLength(1);
    expect(await inboundRow(echo.mid)).toBeUndefined();
  });

  it("says it finds no card (no member data on Instagram) and files a complaint", async () => {
    const stamps = inbound("900004", "quantos carimbos eu tenho?");
    await json(await webhook(cafe, stamps.payload), 200);
    expect(await handled(stamps.mid)).toMatchObject({ status: "answered", intent: "stamps" });
    expect(textOf(sentTo("900004")[0]!)).toContain("Não encontrei um cartão fidelidade");

    const complaint = inbound("900004", "Quero fazer uma reclamação: o café veio frio");
    await json(await webhook(cafe, complaint.payload), 200);
    const row = await handled(complaint.mid);
    expect(row).toMatchObject({ status: "answered", intent: "complaint" });
    const filed = await feedbackOf(row.id);
    expect(filed).toMatchObject({
      companyId: cafe.companyId,
      kind: "complaint",
      channel: "instagram",
      customerId: null,
      contactId: row.contactId,
    });
  });

  it("answers nothing while the assistant is off", async () => {
    await json(await assistantOn(cafe, false), 200);
    try {
      const message = inbound("900005", "oi");
      await json(await webhook(cafe, message.payload), 200);
      expect(await handled(message.mid)).toMatchObject({ status: "pending" });
      expect(sentTo("900005")).toHaveLength(0);
    } finally {
      await json(await assistantOn(cafe, true), 200);
    }
  });
});

describe("the company's Instagram conversations", () => {
  it("keeps a handover pending in the inbox and the bell; only the company answers it", async () => {
    const igsid = "900006";
    const message = inbound(igsid, "xpto qwerty zzz");
    await json(await webhook(cafe, message.payload), 200);
    expect(await handled(message.mid)).toMatchObject({ status: "pending", intent: "handover" });
    expect(sentTo(igsid)).toHaveLength(0);

    const inbox = await json<InstagramInbox>(
      await t.request("/api/assistant/instagram/inbox", { cookie: cafe.cookie }),
      200,
    );
    const mine = inbox.conversations.find((c) =>
      c.messages.some((m) => m.body === "xpto qwerty zzz"),
    );
    expect(mine).toMatchObject({ pending: 1, windowOpen: true, humanAgentOpen: true });
    const bell = await json<{ items: { id: string; type: string }[] }>(
      await t.request("/api/notifications", { cookie: cafe.cookie }),
      200,
    );
    expect(bell.items).toContainEqual(
      expect.objectContaining({
        type: "instagram_message",
        id: expect.stringMatching(/^instagram_/),
      }),
    );

    const rivalInbox = await json<InstagramInbox>(
      await t.request("/api/assistant/instagram/inbox", { cookie: rival.cookie }),
      200,
    );
    expect(rivalInbox.conversations).toEqual([]);
    const reply = (company: Company, body: string) =>
      t.request(`/api/assistant/instagram/contacts/${mine!.contactId}/reply`, {
        cookie: company.cookie,
        body: { body },
      });
    expect((await reply(rival, "Oi")).status).toBe(404);

    expect(await json(await reply(cafe, "Pode sim!"), 200)).toEqual({ status: "sent" });
    const [sent] = sentTo(igsid);
    expect(sent!.body).toMatchObject({
      messaging_type: "RESPONSE",
      message: { text: "Pode sim!" },
    });
    const after = await json<InstagramInbox>(
      await t.request("/api/assistant/instagram/inbox", { cookie: cafe.cookie }),
      200,
    );
    expect(after.conversations.find((c) => c.contactId === mine!.contactId)?.pending).toBe(0);
  });
});

describe("Instagram's 24-hour rule", () => {
  const deps = () => ({ channelSecretKey: TEST_CHANNEL_SECRET_KEY, graphApiBaseUrl: graphUrl });
  async function contactWroteAt(igsid: string, at: Date) {
    const [row] = await t.db
      .insert(instagramContacts)
      .values({ id: `ig-${igsid}`, companyId: cafe.companyId, igsid, lastInboundAt: at })
      .returning();
    return row!;
  }
  const personReply = (contactId: string, body: string) =>
    t.request(`/api/assistant/instagram/contacts/${contactId}/reply`, {
      cookie: cafe.cookie,
      body: { body },
    });

  it("lets a person answer within 7 days with the HUMAN_AGENT tag, never the assistant", async () => {
    const late = await contactWroteAt("900007", hoursAgo(30));
    expect(await json(await personReply(late.id, "Desculpe a demora!"), 200)).toEqual({
      status: "sent",
    });
    expect(sentTo("900007")[0]!.body).toMatchObject({
      messaging_type: "MESSAGE_TAG",
      tag: "HUMAN_AGENT",
      message: { text: "Desculpe a demora!" },
    });

    const byAssistant = await sendInstagramText(t.db, deps(), cafe.companyId, late.id, "Oi", {
      byPerson: false,
    });
    expect(byAssistant.status).toBe("window_closed");
    expect(sentTo("900007")).toHaveLength(1);
  });

  it("sends nothing after 7 days, nor for another company's contact", async () => {
    const gone = await contactWroteAt("900008", hoursAgo(8 * 24));
    expect(await json(await personReply(gone.id, "Oi?"), 200)).toEqual({
      status: "window_closed",
    });
    expect(sentTo("900008")).toHaveLength(0);
    const [row] = await t.db
      .select()
      .from(instagramMessages)
      .where(and(eq(instagramMessages.contactId, gone.id), eq(instagramMessages.direction, "out")));
    expect(row).toMatchObject({ status: "window_closed", mid: null });

    const recent = await contactWroteAt("900009", hoursAgo(1));
    const foreign = await sendInstagramText(t.db, deps(), rival.companyId, recent.id, "Oi", {
      byPerson: true,
    });
    expect(foreign.status).toBe("unavailable");
    expect(sentTo("900009")).toHaveLength(0);
  });

  it("never tags what the assistant sends", () => {
    expect(requests.filter((r) => r.body.tag !== undefined).map(textOf)).toEqual([
      "Desculpe a demora!",
    ]);
  });
});
