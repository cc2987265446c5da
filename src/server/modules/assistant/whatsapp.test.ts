import { ASSISTANT_DEFAULTS, type AssistantSettings } from "@shared/assistant.schema";
import { describe, expect, it } from "vitest";
import { JOBS } from "../../jobs";
import { answerOf, apiAs, ok } from "../../test/api";
import { waitFor } from "../../test/fake-graph";
import { customerInput, TEST_APP_URL, TEST_AUTH_SECRET } from "../../test/test-app";
import { runCampaigns, WHATSAPP_CAMPAIGN_JOB } from "./campaigns.job";
import { WHATSAPP_FIXTURE } from "./channel-fixtures";
import { channelTestApp, hoursAgo } from "./channel-test-kit";
import { WHATSAPP_REPLY_JOB } from "./whatsapp.adapter";
import { whatsappPhoneVariants } from "./whatsapp.queries";

/**
 * What only WhatsApp does (issue 20, point 5): a writer matched to a member by phone, status
 * updates in the webhook, campaigns to consenting members, and the 24-hour window's approved
 * template. What every channel does runs for WhatsApp in channels.test.ts.
 */

const c = channelTestApp(WHATSAPP_FIXTURE, {
  jobs: JOBS,
  run: [WHATSAPP_REPLY_JOB, WHATSAPP_CAMPAIGN_JOB],
});
const { credentials, inbound } = WHATSAPP_FIXTURE;
const CAFE_PHONE_ID = credentials.phoneNumberId;

/** A webhook's answer: how many texts it took. */
const received = async (res: Promise<Response>) =>
  answerOf<"/api/whatsapp/webhook/{companyId}", "post">(await res, 200);

describe("inbound texts", () => {
  it("answers a member, found by phone, with their own stamp count", async () => {
    const input = customerInput({ email: "maria@example.com", phone: "(11) 98765-4321" });
    const res = await c.t.request("/api/accounts/customer", {
      body: { ...input, origin: { empresa_id: c.cafe.companyId, origem: "qrcode_empresa" } },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    await c.t.confirm("maria@example.com");
    const maria = await c.t.signIn("maria@example.com", "segredo1");
    const me = await ok(apiAs(c.t, maria).GET("/api/me"), 200);
    for (let i = 0; i < 3; i++) {
      const stamp = await c.t.request(`/api/customers/${me.user.id}/stamps`, {
        body: { method: "purchase", notes: "" },
        cookie: c.cafe.cookie,
      });
      expect(stamp.status, await stamp.clone().text()).toBe(201);
    }

    // WhatsApp may give an older Brazilian mobile without its ninth digit.
    const from = "551187654321";
    const message = inbound(from, "Quantos carimbos eu tenho?", { name: "Maria" });
    expect(await received(c.webhook(c.cafe, message.payload))).toEqual({
      ok: true,
      received: 1,
    });
    const row = await c.handled(message.id);
    expect(row).toMatchObject({ status: "answered", intent: "stamps" });

    const [sent] = c.sentTo(from);
    expect(sent).toMatchObject({
      path: `/v21.0/${CAFE_PHONE_ID}/messages`,
      authorization: `Bearer ${credentials.accessToken}`,
    });
    expect(sent!.body).toMatchObject({ messaging_product: "whatsapp", type: "text" });
    expect(c.textOf(sent!)).toContain("Você tem 3 de 10 carimbos");

    const contact = await c.contactOf(from);
    expect(contact).toMatchObject({ name: "Maria", customerId: me.user.id });
    expect(contact!.lastInboundAt).not.toBeNull();
    const out = await c.outRows(contact!.id);
    expect(out).toEqual([
      expect.objectContaining({
        status: "sent",
        waMessageId: expect.stringMatching(/^wamid\.out/),
      }),
    ]);
  });

  it("accepts status updates and ignores them", async () => {
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
    expect(await received(c.webhook(c.cafe, statuses))).toEqual({ ok: true, received: 0 });
  });
});

describe("campaigns on WhatsApp", () => {
  it("reach a consenting member who wrote on WhatsApp, never one without consent", async () => {
    // João is a member who writes on WhatsApp but never agreed to promotions.
    const joao = customerInput({ email: "joao@example.com", phone: "(11) 91234-5678" });
    const created = await c.t.request("/api/accounts/customer", {
      body: { ...joao, origin: { empresa_id: c.cafe.companyId, origem: "qrcode_empresa" } },
    });
    expect(created.status).toBe(201);
    await c.t.confirm("joao@example.com");
    const joaoPhone = "5511912345678";
    const hello = inbound(joaoPhone, "Oi!", { name: "João" });
    await received(c.webhook(c.cafe, hello.payload));
    await c.handled(hello.id);

    // Maria (a member since the first test, who wrote on WhatsApp) agrees in her settings.
    const maria = await c.t.signIn("maria@example.com", "segredo1");
    await ok(
      apiAs(c.t, maria).PUT("/api/me/marketing-consents/{companyId}", {
        params: { path: { companyId: c.cafe.companyId } },
        body: { consented: true, language: "pt" },
      }),
      200,
    );
    const cafe = apiAs(c.t, c.cafe.cookie);
    await ok(
      cafe.PUT("/api/settings/promotion", {
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
    await ok(
      cafe.PUT("/api/assistant/settings", {
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
    const before = c.sentTo(mariaPhone).length;
    const result = await runCampaigns(
      { db: c.t.db, appUrl: TEST_APP_URL, authSecret: TEST_AUTH_SECRET },
      new Date(),
    );
    expect(result.campaigns).toBeGreaterThanOrEqual(1);
    const sent = await waitFor(
      async () =>
        c
          .sentTo(mariaPhone)
          .slice(before)
          .find((r) => c.textOf(r).includes("Pão de queijo")),
      "the campaign on Maria's WhatsApp",
    );
    expect(c.textOf(sent)).toContain("Para não receber mais promoções:");
    expect(c.textOf(sent)).toContain("/descadastrar?token=");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(c.sentTo(joaoPhone).some((r) => c.textOf(r).includes("Pão de queijo"))).toBe(false);
  });
});

describe("the 24-hour customer-service window", () => {
  const withTemplate = async (templateName: string) =>
    answerOf<"/api/assistant/whatsapp", "put">(
      await c.saveChannel(c.cafe, {
        ...credentials,
        accessToken: "",
        appSecret: "",
        verifyToken: "",
        templateName,
        templateLanguage: templateName ? "pt_BR" : "",
      }),
      200,
    );
  const send = (contactId: string, text: string) =>
    c.send(c.t.db, c.deps(), c.cafe.companyId, contactId, text);

  it("outside the window sends the approved template, or records template_required", async () => {
    await withTemplate("");
    const late = await c.contactWroteAt("5511911112222", hoursAgo(25));
    const none = await send(late.id, "Sua resposta");
    expect(none).toMatchObject({ status: "template_required", errorCode: null });
    expect(c.sentTo(late.address)).toHaveLength(0);

    const saved = await withTemplate("retomar_conversa");
    expect(saved).toMatchObject({ templateName: "retomar_conversa", templateLanguage: "pt_BR" });
    const viaTemplate = await send(late.id, "Oi");
    expect(viaTemplate.status).toBe("template_sent");
    const [sent] = c.sentTo(late.address);
    expect(sent!.body).toMatchObject({
      type: "template",
      template: { name: "retomar_conversa", language: { code: "pt_BR" } },
    });
    expect((await c.outRows(late.id)).map((r) => r.status).sort()).toEqual([
      "template_required",
      "template_sent",
    ]);
  });

  it("handles Meta's 131047 the same way", async () => {
    const recent = await c.contactWroteAt("5511933334444", hoursAgo(1));
    const outside = {
      status: 400,
      body: { error: { message: "Re-engagement message", code: 131047, type: "OAuthException" } },
    };

    await withTemplate("");
    c.nextReplies.push(outside);
    const required = await send(recent.id, "Oi");
    expect(required).toMatchObject({ status: "template_required", errorCode: 131047 });
    expect(c.sentTo(recent.address)).toHaveLength(1);

    await withTemplate("retomar_conversa");
    c.nextReplies.push(outside);
    const template = await send(recent.id, "Oi");
    expect(template).toMatchObject({ status: "template_sent", errorCode: 131047 });
    const calls = c.sentTo(recent.address);
    expect(calls.map((call) => call.body.type)).toEqual(["text", "text", "template"]);

    c.nextReplies.push({ status: 401, body: { error: { message: "Invalid token", code: 190 } } });
    const failed = await send(recent.id, "Oi");
    expect(failed).toMatchObject({ status: "failed", errorCode: 190 });
  });

  it("answers an inbound text that arrives late with the template", async () => {
    await withTemplate("retomar_conversa");
    const from = "5511955556666";
    const message = inbound(from, "quantos carimbos eu tenho?", {
      timestamp: Math.floor(hoursAgo(30).getTime() / 1000),
    });
    await received(c.webhook(c.cafe, message.payload));
    expect(await c.handled(message.id)).toMatchObject({ status: "answered" });
    expect(c.sentTo(from).map((r) => r.body.type)).toEqual(["template"]);
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
