import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ASSISTANT_DEFAULTS, type AssistantSettings } from "@shared/assistant.schema";
import type {
  SaveWhatsAppChannelInput,
  WhatsAppChannel,
  WhatsAppInbox,
} from "@shared/assistant-channels";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../env";
import { JOBS } from "../../jobs";
import { type GraphReply, type GraphRequest, startFakeGraph, waitFor } from "../../test/fake-graph";
import { json } from "../../test/http";
import {
  createTestApp,
  customerInput,
  TEST_APP_URL,
  TEST_AUTH_SECRET,
  TEST_CHANNEL_SECRET_KEY,
  type TestApp,
} from "../../test/test-app";
import { runCampaigns, WHATSAPP_CAMPAIGN_JOB } from "./campaigns.job";
import { decryptSecret, encryptSecret, loadChannelSecretKey } from "./channel-secrets";
import { type Company, channelTestKit, hoursAgo } from "./channel-test-kit";
import { sendWhatsAppText, WHATSAPP_REPLY_JOB } from "./whatsapp.adapter";
import { whatsappPhoneVariants } from "./whatsapp.queries";
import { whatsappChannels, whatsappContacts, whatsappMessages } from "./whatsapp.table";

/**
 * IA Suprema on WhatsApp (issue 20, point 5): the channel's credentials (encrypted, never read
 * back), Meta's webhook (handshake, signature), inbound texts answered through a fake Graph API
 * server, and the 24-hour customer-service window.
 */

let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let graphUrl: string;
let requests: GraphRequest[];
/** What the fake Graph server answers next (a queue; empty: success). */
let nextReplies: GraphReply[];
let outCount = 0;

async function startGraph(): Promise<void> {
  graph = await startFakeGraph(() => ({
    messaging_product: "whatsapp",
    messages: [{ id: `wamid.out.${++outCount}` }],
  }));
  graphUrl = graph.url;
  requests = graph.requests;
  nextReplies = graph.replies;
}

let t: TestApp;
let cafe: Company;
let rival: Company;

const CAFE_PHONE_ID = "1098765432101";
const RIVAL_PHONE_ID = "2098765432102";
const cafeCredentials = {
  phoneNumberId: CAFE_PHONE_ID,
  accessToken: "EAAcafe-access-token-0001",
  appSecret: "cafe-app-secret-0123456789abcdef",
  verifyToken: "cafe-verify-token",
  templateName: "",
  templateLanguage: "",
} satisfies SaveWhatsAppChannelInput;

const {
  sign,
  saveChannel,
  assistantOn,
  webhook,
  openCompanies,
  expectNoSecret,
  secretContext,
  feedbackOf,
} = channelTestKit<SaveWhatsAppChannelInput>({
  channel: "whatsapp",
  credentials: cafeCredentials,
  app: () => t,
});

let wamids = 0;
function inbound(
  from: string,
  text: string,
  options: { id?: string; name?: string; timestamp?: number; phoneNumberId?: string } = {},
) {
  const id = options.id ?? `wamid.in.${++wamids}`;
  return {
    id,
    payload: JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "WABA-1",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: {
                  display_phone_number: "551130000000",
                  phone_number_id: options.phoneNumberId ?? CAFE_PHONE_ID,
                },
                contacts: [{ profile: { name: options.name ?? "Fulano" }, wa_id: from }],
                messages: [
                  {
                    from,
                    id,
                    timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
                    type: "text",
                    text: { body: text },
                  },
                ],
              },
            },
          ],
        },
      ],
    }),
  };
}

const inboundRow = async (waMessageId: string) =>
  (
    await t.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.waMessageId, waMessageId))
      .limit(1)
  )[0];

/** Waits until the reply job handled the inbound message (it is no longer `received`). */
const handled = (waMessageId: string) =>
  waitFor(async () => {
    const row = await inboundRow(waMessageId);
    return row && row.status !== "received" ? row : undefined;
  }, `the reply to ${waMessageId}`);

const sentTo = (to: string) => requests.filter((r) => r.body.to === to);
const textOf = (r: GraphRequest) => (r.body.text as { body: string } | undefined)?.body ?? "";

const contactOf = async (companyId: string, phone: string) =>
  (
    await t.db
      .select()
      .from(whatsappContacts)
      .where(and(eq(whatsappContacts.companyId, companyId), eq(whatsappContacts.phone, phone)))
      .limit(1)
  )[0];

const outRows = (contactId: string) =>
  t.db
    .select()
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.contactId, contactId), eq(whatsappMessages.direction, "out")));

/** The café's settings row, as stored. */
const cafeChannelRow = async () =>
  (
    await t.db.select().from(whatsappChannels).where(eq(whatsappChannels.companyId, cafe.companyId))
  )[0];

beforeAll(async () => {
  await startGraph();
  t = await createTestApp({
    graphApiBaseUrl: graphUrl,
    jobs: {
      jobs: JOBS.filter((job) => [WHATSAPP_REPLY_JOB, WHATSAPP_CAMPAIGN_JOB].includes(job.name)),
    },
  });
  ({ cafe, rival } = await openCompanies());
});

afterAll(async () => {
  await t?.close();
  await graph?.close();
});

describe("the channel's settings", () => {
  it("stores the secrets encrypted and never answers them", async () => {
    const row = await cafeChannelRow();
    const stored = JSON.stringify(row);
    expectNoSecret(stored);
    expect(
      decryptSecret(
        TEST_CHANNEL_SECRET_KEY,
        row!.accessTokenEnc,
        secretContext(cafe.companyId, "access_token"),
      ),
    ).toBe(cafeCredentials.accessToken);
    // Bound to its row and field: another company's context does not open it.
    expect(
      decryptSecret(
        TEST_CHANNEL_SECRET_KEY,
        row!.accessTokenEnc,
        secretContext(rival.companyId, "access_token"),
      ),
    ).toBeNull();

    const res = await t.request("/api/assistant/whatsapp", { cookie: cafe.cookie });
    const text = await res.clone().text();
    expectNoSecret(text, [cafeCredentials.accessToken, cafeCredentials.appSecret]);
    expect(await json<WhatsAppChannel>(res, 200)).toEqual({
      configured: true,
      phoneNumberId: CAFE_PHONE_ID,
      accessTokenSet: true,
      appSecretSet: true,
      verifyTokenSet: true,
      templateName: "",
      templateLanguage: "",
      webhookUrl: `${TEST_APP_URL}/api/whatsapp/webhook/${cafe.companyId}`,
    });
  });

  it("keeps a secret left empty, and asks for every secret the first time", async () => {
    const kept = await json<WhatsAppChannel>(
      await saveChannel(cafe, {
        ...cafeCredentials,
        accessToken: "",
        appSecret: "",
        verifyToken: "",
      }),
      200,
    );
    expect(kept.accessTokenSet && kept.appSecretSet && kept.verifyTokenSet).toBe(true);
    const row = await cafeChannelRow();
    expect(
      decryptSecret(
        TEST_CHANNEL_SECRET_KEY,
        row!.appSecretEnc,
        secretContext(cafe.companyId, "app_secret"),
      ),
    ).toBe(cafeCredentials.appSecret);

    const first = await json<{ error: { fields: Record<string, string> } }>(
      await saveChannel(rival, {
        ...cafeCredentials,
        phoneNumberId: RIVAL_PHONE_ID,
        appSecret: "",
      }),
      400,
    );
    expect(first.error.fields).toEqual({ appSecret: "whatsapp_secret_required" });
  });

  it("refuses malformed fields, and lets another company save the same phone number id", async () => {
    const bad = await json<{ error: { fields: Record<string, string> } }>(
      await saveChannel(cafe, {
        ...cafeCredentials,
        phoneNumberId: "12ab",
        accessToken: "has space",
        templateName: "Promo Template",
      }),
      400,
    );
    expect(bad.error.fields).toMatchObject({
      phoneNumberId: "whatsapp_phone_number_id_invalid",
      accessToken: "whatsapp_secret_invalid",
      templateName: "whatsapp_template_name_invalid",
    });
    // Not refused (decision 028): the id blocks no one and tells no one it is in use; each
    // company's webhook is its own URL.
    const same = await json<WhatsAppChannel>(
      await saveChannel(rival, { ...cafeCredentials, verifyToken: "rival-verify" }),
      200,
    );
    expect(same).toMatchObject({ configured: true, phoneNumberId: CAFE_PHONE_ID });
    const removed = await t.request("/api/assistant/whatsapp", {
      method: "DELETE",
      cookie: rival.cookie,
    });
    expect(removed.status).toBe(200);
  });

  it("is the company's own: another admin reads, changes and removes only theirs", async () => {
    const rivalView = await json<WhatsAppChannel>(
      await t.request("/api/assistant/whatsapp", { cookie: rival.cookie }),
      200,
    );
    expect(rivalView).toMatchObject({ configured: false, phoneNumberId: "" });
    expect(rivalView.webhookUrl).toContain(rival.companyId);

    await json(
      await saveChannel(rival, {
        ...cafeCredentials,
        phoneNumberId: RIVAL_PHONE_ID,
        accessToken: "EAArival-token",
        appSecret: "rival-app-secret",
        verifyToken: "rival-verify",
      }),
      200,
    );
    await json(
      await t.request("/api/assistant/whatsapp", { method: "DELETE", cookie: rival.cookie }),
      200,
    );
    const cafeView = await json<WhatsAppChannel>(
      await t.request("/api/assistant/whatsapp", { cookie: cafe.cookie }),
      200,
    );
    expect(cafeView).toMatchObject({ configured: true, phoneNumberId: CAFE_PHONE_ID });

    expect((await t.request("/api/assistant/whatsapp")).status).toBe(401);
    const customer = await t.customerSession({ email: "curioso@example.com" });
    expect((await t.request("/api/assistant/whatsapp", { cookie: customer.cookie })).status).toBe(
      403,
    );
  });
});

describe("Meta's webhook", () => {
  const handshake = (companyId: string, token: string, mode = "subscribe") =>
    t.request(
      `/api/whatsapp/webhook/${companyId}?hub.mode=${mode}&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`,
    );

  it("answers the handshake with the challenge only for the company's verify token", async () => {
    const ok = await handshake(cafe.companyId, cafeCredentials.verifyToken);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/plain");
    expect(await ok.text()).toBe("1158201444");

    expect((await handshake(cafe.companyId, "wrong-token")).status).toBe(403);
    expect(
      (await handshake(cafe.companyId, cafeCredentials.verifyToken, "unsubscribe")).status,
    ).toBe(403);
    // Unknown company, or one without a channel: the same 404.
    expect((await handshake("no-such-company", cafeCredentials.verifyToken)).status).toBe(404);
    expect((await handshake(rival.companyId, cafeCredentials.verifyToken)).status).toBe(404);
  });

  it("refuses a POST without a valid signature, and never crashes on a malformed body", async () => {
    const { payload } = inbound("5511900000001", "oi");
    expect((await webhook(cafe, payload, null)).status).toBe(401);
    expect((await webhook(cafe, payload, sign(payload, "another-secret"))).status).toBe(401);
    expect((await webhook(cafe, payload, "sha256=zz")).status).toBe(401);
    expect((await webhook(cafe, `${payload} `, sign(payload))).status).toBe(401);

    expect((await webhook(cafe, "not json")).status).toBe(400);
    for (const body of ["[]", "{}", '{"entry":"x"}', '{"entry":[{"changes":[{"value":7}]}]}']) {
      expect(await json(await webhook(cafe, body), 200)).toEqual({ ok: true, received: 0 });
    }
    // Status updates are accepted and ignored.
    const statuses = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          changes: [
            {
              field: "messages",
              value: {
                metadata: { phone_number_id: CAFE_PHONE_ID },
                statuses: [{ id: "wamid.out.1", status: "delivered", recipient_id: "5511" }],
              },
            },
          ],
        },
      ],
    });
    expect(await json(await webhook(cafe, statuses), 200)).toEqual({ ok: true, received: 0 });
    expect(
      (await t.request("/api/whatsapp/webhook/no-such-company", { method: "POST", body: payload }))
        .status,
    ).toBe(404);
    expect(requests).toHaveLength(0);
  });
});

describe("inbound texts", () => {
  it("answers a member, found by phone, with their own stamp count", async () => {
    const input = customerInput({ email: "maria@example.com", phone: "(11) 98765-4321" });
    const res = await t.request("/api/accounts/customer", {
      body: { ...input, origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" } },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    await t.confirm("maria@example.com");
    const maria = await t.signIn("maria@example.com", "segredo1");
    const me = await json<{ user: { id: string } }>(
      await t.request("/api/me", { cookie: maria }),
      200,
    );
    for (let i = 0; i < 3; i++) {
      const stamp = await t.request(`/api/customers/${me.user.id}/stamps`, {
        body: { method: "purchase", notes: "" },
        cookie: cafe.cookie,
      });
      expect(stamp.status, await stamp.clone().text()).toBe(201);
    }

    // WhatsApp may give an older Brazilian mobile without its ninth digit.
    const from = "551187654321";
    const message = inbound(from, "Quantos carimbos eu tenho?", { name: "Maria" });
    expect(await json(await webhook(cafe, message.payload), 200)).toEqual({
      ok: true,
      received: 1,
    });
    const row = await handled(message.id);
    expect(row).toMatchObject({ status: "answered", intent: "stamps" });

    const [sent] = sentTo(from);
    expect(sent).toMatchObject({
      path: `/v21.0/${CAFE_PHONE_ID}/messages`,
      authorization: `Bearer ${cafeCredentials.accessToken}`,
    });
    expect(sent!.body).toMatchObject({ messaging_product: "whatsapp", type: "text" });
    expect(textOf(sent!)).toContain("Você tem 3 de 10 carimbos");

    const contact = await contactOf(cafe.companyId, from);
    expect(contact).toMatchObject({ name: "Maria", customerId: me.user.id });
    expect(contact!.lastInboundAt).not.toBeNull();
    const out = await outRows(contact!.id);
    expect(out).toEqual([
      expect.objectContaining({
        status: "sent",
        waMessageId: expect.stringMatching(/^wamid\.out/),
      }),
    ]);
  });

  it("keeps an unknown number as a contact and answers without member data", async () => {
    const from = "5521999990000";
    const message = inbound(from, "quantos carimbos eu tenho?", { name: "Desconhecido" });
    await json(await webhook(cafe, message.payload), 200);
    expect(await handled(message.id)).toMatchObject({ status: "answered" });
    const answer = textOf(sentTo(from)[0]!);
    expect(answer).toContain("Não encontrei um cartão fidelidade");
    expect(answer).not.toMatch(/\d+ de \d+ carimbos/);
    expect(await contactOf(cafe.companyId, from)).toMatchObject({
      name: "Desconhecido",
      customerId: null,
    });
  });

  it("answers a message delivered twice only once", async () => {
    const from = "5531988887777";
    const message = inbound(from, "Olá, bom dia!");
    const [first, second] = await Promise.all([
      webhook(cafe, message.payload),
      webhook(cafe, message.payload),
    ]);
    const received = [
      (await json<{ received: number }>(first, 200)).received,
      (await json<{ received: number }>(second, 200)).received,
    ].sort();
    expect(received).toEqual([0, 1]);
    await handled(message.id);
    expect(await json(await webhook(cafe, message.payload), 200)).toEqual({
      ok: true,
      received: 0,
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sentTo(from)).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.waMessageId, message.id));
    expect(rows).toHaveLength(1);
  });

  it("files a complaint, and leaves what it cannot handle pending for a person", async () => {
    const from = "5541977776666";
    const complaint = inbound(from, "Quero fazer uma reclamação: o café veio frio");
    await json(await webhook(cafe, complaint.payload), 200);
    const row = await handled(complaint.id);
    expect(row).toMatchObject({ status: "answered", intent: "complaint" });
    const filed = await feedbackOf(row.id);
    expect(filed).toMatchObject({
      companyId: cafe.companyId,
      kind: "complaint",
      channel: "whatsapp",
      body: "Quero fazer uma reclamação: o café veio frio",
    });

    const before = sentTo(from).length;
    const other = inbound(from, "xpto qwerty zzz");
    await json(await webhook(cafe, other.payload), 200);
    expect(await handled(other.id)).toMatchObject({ status: "pending", intent: "handover" });
    expect(sentTo(from)).toHaveLength(before);
  });

  it("answers nothing while the assistant is off (the message waits for a person)", async () => {
    await json(await assistantOn(cafe, false), 200);
    try {
      const from = "5551966665555";
      const message = inbound(from, "quantos carimbos eu tenho?");
      await json(await webhook(cafe, message.payload), 200);
      expect(await handled(message.id)).toMatchObject({ status: "pending" });
      expect(sentTo(from)).toHaveLength(0);
    } finally {
      await json(await assistantOn(cafe, true), 200);
    }
  });

  it("ignores messages meant for another phone number", async () => {
    const message = inbound("5561955554444", "oi", { phoneNumberId: "999999999" });
    expect(await json(await webhook(cafe, message.payload), 200)).toEqual({
      ok: true,
      received: 0,
    });
  });
});

describe("the company's WhatsApp conversations", () => {
  it("lists what waits for a person; a person's answer goes out and settles it", async () => {
    const from = "5571944443333";
    const message = inbound(from, "Meu cachorro pode entrar com a gente?", { name: "Bia" });
    await json(await webhook(cafe, message.payload), 200);
    expect(await handled(message.id)).toMatchObject({ status: "pending" });

    const inbox = await json<WhatsAppInbox>(
      await t.request("/api/assistant/whatsapp/inbox", { cookie: cafe.cookie }),
      200,
    );
    const bia = inbox.conversations.find((c) => c.phone === from);
    expect(bia).toMatchObject({ name: "Bia", member: false, pending: 1, windowOpen: true });
    expect(bia?.messages.at(-1)).toMatchObject({
      direction: "in",
      body: "Meu cachorro pode entrar com a gente?",
      status: "pending",
    });
    // The bell tells the company something waits on WhatsApp.
    const bell = await json<{ items: { id: string; type: string; customerName: string }[] }>(
      await t.request("/api/notifications", { cookie: cafe.cookie }),
      200,
    );
    expect(bell.items).toContainEqual(
      expect.objectContaining({ type: "whatsapp_message", customerName: "Bia" }),
    );
    // Another company sees none of it, and cannot answer it.
    const rivalInbox = await json<WhatsAppInbox>(
      await t.request("/api/assistant/whatsapp/inbox", { cookie: rival.cookie }),
      200,
    );
    expect(rivalInbox.conversations).toEqual([]);
    const foreign = await t.request(`/api/assistant/whatsapp/contacts/${bia!.contactId}/reply`, {
      cookie: rival.cookie,
      body: { body: "Oi" },
    });
    expect(foreign.status).toBe(404);

    const answer = await json<{ status: string }>(
      await t.request(`/api/assistant/whatsapp/contacts/${bia!.contactId}/reply`, {
        cookie: cafe.cookie,
        body: { body: "Pode sim! Temos água para ele." },
      }),
      200,
    );
    expect(answer).toEqual({ status: "sent" });
    expect(sentTo(from).map(textOf)).toContain("Pode sim! Temos água para ele.");
    const after = await json<WhatsAppInbox>(
      await t.request("/api/assistant/whatsapp/inbox", { cookie: cafe.cookie }),
      200,
    );
    expect(after.conversations.find((c) => c.phone === from)?.pending).toBe(0);
    const bellAfter = await json<{ items: { type: string; customerName: string }[] }>(
      await t.request("/api/notifications", { cookie: cafe.cookie }),
      200,
    );
    expect(
      bellAfter.items.some((i) => i.type === "whatsapp_message" && i.customerName === "Bia"),
    ).toBe(false);
    const blank = await t.request(`/api/assistant/whatsapp/contacts/${bia!.contactId}/reply`, {
      cookie: cafe.cookie,
      body: { body: "   " },
    });
    expect(blank.status).toBe(400);
  });
});

describe("campaigns on WhatsApp", () => {
  it("reach a consenting member who wrote on WhatsApp, never one without consent", async () => {
    // João is a member who writes on WhatsApp but never agreed to promotions.
    const joao = customerInput({ email: "joao@example.com", phone: "(11) 91234-5678" });
    const created = await t.request("/api/accounts/customer", {
      body: { ...joao, origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" } },
    });
    expect(created.status).toBe(201);
    await t.confirm("joao@example.com");
    const joaoPhone = "5511912345678";
    const hello = inbound(joaoPhone, "Oi!", { name: "João" });
    await json(await webhook(cafe, hello.payload), 200);
    await handled(hello.id);

    // Maria (a member since the first test, who wrote on WhatsApp) agrees in her settings.
    const maria = await t.signIn("maria@example.com", "segredo1");
    await json(
      await t.request(`/api/me/marketing-consents/${cafe.companyId}`, {
        method: "PUT",
        cookie: maria,
        body: { consented: true, language: "pt" },
      }),
      200,
    );
    await json(
      await t.request("/api/settings/promotion", {
        method: "PUT",
        cookie: cafe.cookie,
        body: {
          active: true,
          title: "Terça do pão de queijo",
          description: "Pão de queijo em dobro às terças",
          startsOn: null,
          endsOn: null,
        },
      }),
      200,
    );
    await json(
      await t.request("/api/assistant/settings", {
        method: "PUT",
        cookie: cafe.cookie,
        body: {
          ...ASSISTANT_DEFAULTS,
          companyName: "Café do Ponto",
          enabled: true,
          serviceHours: Array.from({ length: 7 }, () => ({
            open: true,
            start: "00:00",
            end: "23:59",
          })),
          marketingPromotions: true,
          sendTime: "00:00",
        } satisfies AssistantSettings,
      }),
      200,
    );
    const mariaPhone = "551187654321";
    const before = sentTo(mariaPhone).length;
    const result = await runCampaigns(
      { db: t.db, appUrl: TEST_APP_URL, authSecret: TEST_AUTH_SECRET },
      new Date(),
    );
    expect(result.campaigns).toBeGreaterThanOrEqual(1);
    const sent = await waitFor(
      async () =>
        sentTo(mariaPhone)
          .slice(before)
          .find((r) => textOf(r).includes("Pão de queijo")),
      "the campaign on Maria's WhatsApp",
    );
    expect(textOf(sent)).toContain("Para não receber mais promoções:");
    expect(textOf(sent)).toContain("/descadastrar?token=");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sentTo(joaoPhone).some((r) => textOf(r).includes("Pão de queijo"))).toBe(false);
  });
});

describe("the 24-hour customer-service window", () => {
  const deps = () => ({ channelSecretKey: TEST_CHANNEL_SECRET_KEY, graphApiBaseUrl: graphUrl });
  const withTemplate = (templateName: string) =>
    saveChannel(cafe, {
      ...cafeCredentials,
      accessToken: "",
      appSecret: "",
      verifyToken: "",
      templateName,
      templateLanguage: templateName ? "pt_BR" : "",
    });

  async function contactWroteAt(phone: string, at: Date) {
    const [row] = await t.db
      .insert(whatsappContacts)
      .values({ id: `contact-${phone}`, companyId: cafe.companyId, phone, lastInboundAt: at })
      .returning();
    return row!;
  }

  it("outside the window sends the approved template, or records template_required", async () => {
    await json(await withTemplate(""), 200);
    const late = await contactWroteAt("5511911112222", hoursAgo(25));
    const none = await sendWhatsAppText(t.db, deps(), cafe.companyId, late.id, "Sua resposta");
    expect(none).toMatchObject({ status: "template_required", errorCode: null });
    expect(sentTo(late.phone)).toHaveLength(0);

    const saved = await json<WhatsAppChannel>(await withTemplate("retomar_conversa"), 200);
    expect(saved).toMatchObject({ templateName: "retomar_conversa", templateLanguage: "pt_BR" });
    const viaTemplate = await sendWhatsAppText(t.db, deps(), cafe.companyId, late.id, "Oi");
    expect(viaTemplate.status).toBe("template_sent");
    const [sent] = sentTo(late.phone);
    expect(sent!.body).toMatchObject({
      type: "template",
      template: { name: "retomar_conversa", language: { code: "pt_BR" } },
    });
    expect((await outRows(late.id)).map((r) => r.status).sort()).toEqual([
      "template_required",
      "template_sent",
    ]);
  });

  it("handles Meta's 131047 the same way", async () => {
    const recent = await contactWroteAt("5511933334444", hoursAgo(1));
    const outside = {
      status: 400,
      body: { error: { message: "Re-engagement message", code: 131047, type: "OAuthException" } },
    };

    await json(await withTemplate(""), 200);
    nextReplies.push(outside);
    const required = await sendWhatsAppText(t.db, deps(), cafe.companyId, recent.id, "Oi");
    expect(required).toMatchObject({ status: "template_required", errorCode: 131047 });
    expect(sentTo(recent.phone)).toHaveLength(1);

    await json(await withTemplate("retomar_conversa"), 200);
    nextReplies.push(outside);
    const template = await sendWhatsAppText(t.db, deps(), cafe.companyId, recent.id, "Oi");
    expect(template).toMatchObject({ status: "template_sent", errorCode: 131047 });
    const calls = sentTo(recent.phone);
    expect(calls.map((c) => c.body.type)).toEqual(["text", "text", "template"]);

    nextReplies.push({ status: 401, body: { error: { message: "Invalid token", code: 190 } } });
    const failed = await sendWhatsAppText(t.db, deps(), cafe.companyId, recent.id, "Oi");
    expect(failed).toMatchObject({ status: "failed", errorCode: 190 });
  });

  it("answers an inbound text that arrives late with the template", async () => {
    await json(await withTemplate("retomar_conversa"), 200);
    const from = "5511955556666";
    const message = inbound(from, "quantos carimbos eu tenho?", {
      timestamp: Math.floor(hoursAgo(30).getTime() / 1000),
    });
    await json(await webhook(cafe, message.payload), 200);
    expect(await handled(message.id)).toMatchObject({ status: "answered" });
    expect(sentTo(from).map((r) => r.body.type)).toEqual(["template"]);
  });

  it("sends nothing for another company's contact", async () => {
    const contact = await contactWroteAt("5511977778888", hoursAgo(1));
    const result = await sendWhatsAppText(t.db, deps(), rival.companyId, contact.id, "Oi");
    expect(result.status).toBe("unavailable");
    expect(sentTo(contact.phone)).toHaveLength(0);
  });
});

describe("phone spellings", () => {
  it("tries a Brazilian number with and without 55 and the ninth digit", () => {
    expect(new Set(whatsappPhoneVariants("5511987654321"))).toEqual(
      new Set([
        "5511987654321",
        "11987654321",
        "011987654321",
        "1187654321",
        "551187654321",
        "01187654321",
      ]),
    );
    expect(whatsappPhoneVariants("14155550100")).toEqual(["14155550100"]);
  });
});

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
