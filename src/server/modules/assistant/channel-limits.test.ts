import { randomUUID } from "node:crypto";
import type { SaveWhatsAppChannelInput } from "@shared/assistant-channels";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOBS } from "../../jobs";
import { rateLimits } from "../../rate-limits.table";
import { answerOf } from "../../test/api";
import { type GraphRequest, startFakeGraph, waitFor } from "../../test/fake-graph";
import { createTestApp, type TestApp } from "../../test/test-app";
import { COMPANY_ANSWERS, CONTACT_ANSWERS, WEBHOOK_TEXTS_MAX } from "./channel-limits";
import { type Company, channelTestKit } from "./channel-test-kit";
import type { AssistantEngine } from "./engine";
import { WHATSAPP_REPLY_JOB } from "./whatsapp.adapter";
import { whatsappContacts, whatsappMessages } from "./whatsapp.table";

/**
 * How much IA Suprema answers by itself on a channel (issue 29, item 8; decision 028): a webhook
 * body of 200 texts from one contact is one model call and one send, not 200; a contact and a
 * company get a bounded number of automatic answers, the rest waits for a person.
 */

let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let requests: GraphRequest[];
let t: TestApp;
let cafe: Company;

/** What the model was asked, one entry per call. */
const modelCalls: string[] = [];
/** While set, the engine waits for it before answering (a slow model). */
let holdModel: Promise<void> | null = null;
/** A model that answers everything (the rules would hand most of these texts to a person). */
const countingEngine: AssistantEngine = {
  kind: "llm",
  async answer(message) {
    modelCalls.push(message);
    if (holdModel) await holdModel;
    return { intent: "hours", text: "Abrimos todos os dias, das 8h às 18h." };
  },
};

const PHONE_ID = "1098765432101";
const credentials = {
  phoneNumberId: PHONE_ID,
  accessToken: "EAAcafe-access-token-0001",
  appSecret: "cafe-app-secret-0123456789abcdef",
  verifyToken: "cafe-verify-token",
  templateName: "",
  templateLanguage: "",
} satisfies SaveWhatsAppChannelInput;

const kit = channelTestKit<SaveWhatsAppChannelInput>({
  channel: "whatsapp",
  credentials,
  app: () => t,
});

let ids = 0;
/** One signed webhook body carrying `texts` from `from`, as Meta batches them. */
function burst(from: string, texts: string[]) {
  const now = Math.floor(Date.now() / 1000);
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "WABA-1",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "551130000000", phone_number_id: PHONE_ID },
              contacts: [{ profile: { name: "Fulano" }, wa_id: from }],
              messages: texts.map((body) => ({
                from,
                id: `wamid.burst.${++ids}`,
                timestamp: String(now),
                type: "text",
                text: { body },
              })),
            },
          },
        ],
      },
    ],
  });
}

const sendsTo = (phone: string) => requests.filter((r) => r.body.to === phone);

async function inboundOf(phone: string) {
  const [contact] = await t.db
    .select()
    .from(whatsappContacts)
    .where(and(eq(whatsappContacts.companyId, cafe.companyId), eq(whatsappContacts.phone, phone)));
  if (!contact) return { contactId: null, rows: [] };
  const rows = await t.db
    .select()
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.contactId, contact.id), eq(whatsappMessages.direction, "in")));
  return { contactId: contact.id, rows };
}

/** Waits until none of `phone`'s texts waits for the reply job, then a little more (no late job). */
async function settled(phone: string, count: number) {
  const result = await waitFor(async () => {
    const { contactId, rows } = await inboundOf(phone);
    return rows.length === count && rows.every((r) => r.status !== "received")
      ? { contactId: contactId!, rows }
      : undefined;
  }, `the answers to ${phone}`);
  await new Promise((resolve) => setTimeout(resolve, 2500));
  return result;
}

async function post(phone: string, texts: string[]) {
  const res = await kit.webhook(cafe, burst(phone, texts));
  return answerOf<"/api/whatsapp/webhook/{companyId}", "post">(res, 200);
}

beforeAll(async () => {
  graph = await startFakeGraph(() => ({
    messaging_product: "whatsapp",
    messages: [{ id: `wamid.out.${Date.now()}.${Math.random()}` }],
  }));
  requests = graph.requests;
  t = await createTestApp({
    graphApiBaseUrl: graph.url,
    assistantEngine: countingEngine,
    jobs: { jobs: JOBS.filter((job) => job.name === WHATSAPP_REPLY_JOB) },
  });
  ({ cafe } = await kit.openCompanies());
});

afterAll(async () => {
  await t?.close();
  await graph?.close();
});

describe("a burst of texts on WhatsApp", () => {
  it("takes at most 50 texts from one webhook of 200 and answers them with one model call and one send", async () => {
    const phone = "5511900000001";
    const texts = Array.from({ length: 200 }, (_, i) => `Oi, qual o horário? (${i + 1})`);
    const calls = modelCalls.length;
    expect(await post(phone, texts)).toMatchObject({ received: WEBHOOK_TEXTS_MAX });

    const { rows } = await settled(phone, WEBHOOK_TEXTS_MAX);
    // One model call and one send (both within the contact's limit), not 200 of each.
    expect(modelCalls.length - calls).toBe(1);
    expect(sendsTo(phone)).toHaveLength(1);
    // Every kept text is covered by that answer.
    expect(rows.map((r) => r.status)).toEqual(Array(WEBHOOK_TEXTS_MAX).fill("answered"));
    // The model read the burst, its newest text last.
    expect(modelCalls.at(-1)?.split("\n")).toEqual(texts.slice(0, WEBHOOK_TEXTS_MAX));
  }, 60_000);

  it("answers texts that arrive while the model is still thinking together, in one more answer", async () => {
    const phone = "5511900000002";
    const calls = modelCalls.length;
    let release!: () => void;
    holdModel = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      expect(await post(phone, ["Oi"])).toMatchObject({ received: 1 });
      await waitFor(async () => modelCalls.length > calls, "the first model call");
      for (const text of ["Tem promoção?", "E o cartão?", "Até que horas?"]) {
        expect(await post(phone, [text])).toMatchObject({ received: 1 });
      }
    } finally {
      holdModel = null;
      release();
    }
    await settled(phone, 4);
    expect(modelCalls.length - calls).toBe(2);
    expect(modelCalls.at(-1)).toBe("Tem promoção?\nE o cartão?\nAté que horas?");
    expect(sendsTo(phone)).toHaveLength(2);
  }, 60_000);
});

describe("a text whose job was lost", () => {
  it("does not silence its contact: the next text gets a job that answers both", async () => {
    const phone = "5511900000005";
    const contactId = randomUUID();
    await t.db.insert(whatsappContacts).values({
      id: contactId,
      companyId: cafe.companyId,
      phone,
      lastInboundAt: new Date(),
    });
    // Kept 10 minutes ago, still waiting: its reply job never ran (retries spent, say).
    await t.db.insert(whatsappMessages).values({
      id: randomUUID(),
      companyId: cafe.companyId,
      contactId,
      direction: "in",
      body: "Vocês abrem amanhã?",
      waMessageId: "wamid.lost.1",
      status: "received",
      createdAt: new Date(Date.now() - 10 * 60 * 1000),
    });
    const calls = modelCalls.length;
    expect(await post(phone, ["Alguém aí?"])).toMatchObject({ received: 1 });
    const { rows } = await settled(phone, 2);
    expect(rows.map((r) => r.status)).toEqual(["answered", "answered"]);
    expect(modelCalls.slice(calls)).toEqual(["Vocês abrem amanhã?\nAlguém aí?"]);
    expect(sendsTo(phone)).toHaveLength(1);
  }, 60_000);
});

describe("the automatic answers a contact and a company get", () => {
  it(`answers a contact ${CONTACT_ANSWERS.max} times in the window; the next texts wait for a person`, async () => {
    const phone = "5511900000003";
    const calls = modelCalls.length;
    const total = CONTACT_ANSWERS.max + 2;
    for (let i = 0; i < total; i++) {
      expect(await post(phone, [`Pergunta ${i + 1}`])).toMatchObject({ received: 1 });
      await waitFor(
        async () => {
          const { rows } = await inboundOf(phone);
          return rows.length === i + 1 && rows.every((r) => r.status !== "received");
        },
        `the answer to text ${i + 1}`,
      );
    }
    const { rows } = await settled(phone, total);
    expect(modelCalls.length - calls).toBe(CONTACT_ANSWERS.max);
    expect(sendsTo(phone)).toHaveLength(CONTACT_ANSWERS.max);
    expect(rows.filter((r) => r.status === "pending")).toHaveLength(2);
  }, 120_000);

  it("stops answering a company past its automatic answers in the hour, every contact alike", async () => {
    // The company has used its answers of the hour (as 200 other contacts would have).
    await t.db
      .update(rateLimits)
      .set({ count: COMPANY_ANSWERS.max })
      .where(eq(rateLimits.key, `${COMPANY_ANSWERS.bucket}:${cafe.companyId}`));
    const phone = "5511900000004";
    const calls = modelCalls.length;
    expect(await post(phone, ["Oi, tudo bem?"])).toMatchObject({ received: 1 });
    const { rows } = await settled(phone, 1);
    expect(rows.map((r) => r.status)).toEqual(["pending"]);
    expect(modelCalls.length).toBe(calls);
    expect(sendsTo(phone)).toEqual([]);
  }, 60_000);
});
