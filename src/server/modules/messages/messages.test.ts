import { MESSAGE_MAX_LENGTH, MESSAGE_RATE_LIMIT } from "@shared/messages.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, apiAs, errorBody, ok } from "../../test/api";
import { createTestApp, type TestApp } from "../../test/test-app";
import { customerMessages } from "./messages.table";

let t: TestApp;
let cafe: { cookie: string; companyId: string };
let barber: { cookie: string; companyId: string };
let ana: { cookie: string; customerId: string };
let bruno: { cookie: string; customerId: string };

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café Aurora", email: "aurora@example.com" });
  barber = await t.companySession({ companyName: "Barbearia", email: "barba@example.com" });
  ana = await t.customerSession({ name: "Ana Souza", email: "ana@example.com" });
  bruno = await t.customerSession({ name: "Bruno Lima", email: "bruno@example.com" });
});
afterAll(async () => {
  await t?.close();
});

const send = (cookie: string, companyId: string, body: string) =>
  t.request("/api/me/messages", { cookie, body: { companyId, body } });
const reply = (cookie: string, messageId: string, body: string) =>
  t.request(`/api/messages/${messageId}/reply`, { cookie, body: { body } });
const inbox = async (cookie = cafe.cookie) => ok(apiAs(t, cookie).GET("/api/messages"), 200);
const unread = async (cookie = cafe.cookie) =>
  (await ok(apiAs(t, cookie).GET("/api/messages/unread"), 200)).pending;

describe("a customer writes to a company", () => {
  it("stores a trimmed, pending message the company lists with the customer's name and e-mail", async () => {
    const sent = await answerOf<"/api/me/messages", "post">(
      await send(ana.cookie, cafe.companyId, "  Vocês abrem no domingo?  "),
      201,
    );
    expect(sent).toMatchObject({
      companyId: cafe.companyId,
      customerId: ana.customerId,
      sender: "customer",
      body: "Vocês abrem no domingo?",
      status: "pending",
      replyToId: null,
    });
    const list = await inbox();
    expect(list).toEqual([
      expect.objectContaining({
        id: sent.id,
        customerName: "Ana Souza",
        customerEmail: "ana@example.com",
        body: "Vocês abrem no domingo?",
        status: "pending",
        answer: null,
      }),
    ]);
    expect(await unread()).toBe(1);
  });

  it("lists the company's messages newest first", async () => {
    await answerOf<"/api/me/messages", "post">(
      await send(bruno.cookie, cafe.companyId, "Segunda mensagem"),
      201,
    );
    const list = await inbox();
    expect(list.map((m) => m.body)).toEqual(["Segunda mensagem", "Vocês abrem no domingo?"]);
    expect(await unread()).toBe(2);
  });

  it.each([
    [{ companyId: "x", body: "   " }, "body", "message_required"],
    [{ companyId: "x", body: "a".repeat(MESSAGE_MAX_LENGTH + 1) }, "body", "message_too_long"],
    [{ body: "Olá" }, "companyId", "company_required"],
  ])("refuses an invalid message %#", async (body, field, key) => {
    const res = await t.request("/api/me/messages", { cookie: ana.cookie, body });
    expect((await errorBody(res, 400)).error.fields?.[field]).toBe(key);
  });

  it("refuses a message over the limit whole: nothing is cut to the limit and stored", async () => {
    const shop = await t.companySession({ companyName: "Loja Limite", email: "limite@loja.com" });
    const long = `${"c".repeat(MESSAGE_MAX_LENGTH)}d`;
    const res = await send(ana.cookie, shop.companyId, long);
    expect((await errorBody(res, 400)).error).toMatchObject({
      code: "validation_failed",
      fields: { body: "message_too_long" },
    });
    expect(await inbox(shop.cookie)).toHaveLength(0);
    // surrounding blanks do not count: they are trimmed, not the text
    const padded = await send(ana.cookie, shop.companyId, `  ${"e".repeat(MESSAGE_MAX_LENGTH)}\n `);
    expect(padded.status).toBe(201);
    expect((await inbox(shop.cookie)).map((m) => m.body)).toEqual(["e".repeat(MESSAGE_MAX_LENGTH)]);
  });

  it("accepts a message of exactly the maximum length", async () => {
    const res = await send(bruno.cookie, barber.companyId, "b".repeat(MESSAGE_MAX_LENGTH));
    expect(res.status).toBe(201);
  });

  it("only to a company that exists", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-company"]) {
      const res = await send(ana.cookie, id, "Olá");
      expect((await errorBody(res, 404)).error.code).toBe("not_found");
    }
  });

  it("only as a signed-in customer: a company gets 403, nobody signed in 401", async () => {
    expect((await send(cafe.cookie, barber.companyId, "Olá")).status).toBe(403);
    const anonymous = await t.request("/api/me/messages", {
      body: { companyId: cafe.companyId, body: "Olá" },
    });
    expect(anonymous.status).toBe(401);
  });

  it(`is limited to ${MESSAGE_RATE_LIMIT.max} messages per customer in ${MESSAGE_RATE_LIMIT.windowSeconds / 60} minutes`, async () => {
    const carla = await t.customerSession({ name: "Carla", email: "carla@example.com" });
    for (let i = 0; i < MESSAGE_RATE_LIMIT.max; i++) {
      expect((await send(carla.cookie, barber.companyId, `Mensagem ${i}`)).status).toBe(201);
    }
    const refused = await errorBody(await send(carla.cookie, barber.companyId, "Mais"), 429);
    expect(refused.error).toEqual({
      code: "rate_limited",
      message: "Você enviou muitas mensagens. Aguarde alguns minutos e tente novamente.",
    });
    // per customer: another customer still writes
    expect((await send(ana.cookie, barber.companyId, "Oi")).status).toBe(201);
  });
});

describe("the company answers", () => {
  let messageId: string;

  it("stores the answer as a company row and marks the message answered, once", async () => {
    messageId = (await inbox()).find((m) => m.customerName === "Ana Souza")!.id;
    const answer = await answerOf<"/api/messages/{id}/reply", "post">(
      await reply(cafe.cookie, messageId, "  Sim, das 8h às 12h.  "),
      201,
    );
    expect(answer).toMatchObject({
      sender: "company",
      body: "Sim, das 8h às 12h.",
      status: "answered",
      replyToId: messageId,
      customerId: ana.customerId,
      companyId: cafe.companyId,
    });
    const [row] = await t.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.id, messageId));
    expect(row?.status).toBe("answered");
    const listed = (await inbox()).find((m) => m.id === messageId);
    expect(listed).toMatchObject({
      status: "answered",
      answer: { body: "Sim, das 8h às 12h." },
    });
    // the answer itself is not listed as a customer message, and the counter drops
    expect((await inbox()).map((m) => m.body)).not.toContain("Sim, das 8h às 12h.");
    expect(await unread()).toBe(1);

    const again = await errorBody(await reply(cafe.cookie, messageId, "De novo"), 409);
    expect(again.error.code).toBe("message_already_answered");
    const answers = await t.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.replyToId, messageId));
    expect(answers).toHaveLength(1);
  });

  it("two answers at once: one is stored, the other is 409", async () => {
    const dora = await t.customerSession({ name: "Dora", email: "dora@example.com" });
    const sent = await answerOf<"/api/me/messages", "post">(
      await send(dora.cookie, cafe.companyId, "Vocês entregam?"),
      201,
    );
    const second = await t.signIn("aurora@example.com", "segredo1");
    const results = await Promise.all([
      reply(cafe.cookie, sent.id, "Entregamos sim"),
      reply(second, sent.id, "Sim, pelo aplicativo"),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const answers = await t.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.replyToId, sent.id));
    expect(answers).toHaveLength(1);
  });

  it("refuses a blank or too long answer", async () => {
    const pending = (await inbox()).find((m) => m.status === "pending")!;
    for (const [body, key] of [
      ["   ", "reply_required"],
      ["x".repeat(MESSAGE_MAX_LENGTH + 1), "reply_too_long"],
    ] as const) {
      const res = await reply(cafe.cookie, pending.id, body);
      expect((await errorBody(res, 400)).error.fields?.body).toBe(key);
    }
  });

  it("cannot answer an answer", async () => {
    const [answer] = await t.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.replyToId, messageId));
    expect((await reply(cafe.cookie, answer!.id, "Eco")).status).toBe(404);
  });

  it("the customer sees the answer in the conversation and among the companies' replies", async () => {
    const conversation = await answerOf<"/api/me/companies/{id}/messages", "get">(
      await t.request(`/api/me/companies/${cafe.companyId}/messages`, { cookie: ana.cookie }),
      200,
    );
    expect(conversation.map((m) => [m.sender, m.body])).toEqual([
      ["customer", "Vocês abrem no domingo?"],
      ["company", "Sim, das 8h às 12h."],
    ]);
    const replies = await ok(apiAs(t, ana.cookie).GET("/api/me/replies"), 200);
    expect(replies).toEqual([
      expect.objectContaining({
        kind: "message",
        companyId: cafe.companyId,
        companyName: "Café Aurora",
        body: "Sim, das 8h às 12h.",
        original: "Vocês abrem no domingo?",
      }),
    ]);
  });
});

describe("isolation", () => {
  it("a company never lists, counts or answers another company's messages", async () => {
    const cafeIds = (await inbox()).map((m) => m.id);
    const barberList = await inbox(barber.cookie);
    expect(barberList.some((m) => cafeIds.includes(m.id))).toBe(false);
    expect(barberList.every((m) => m.customerName !== "Ana Souza" || m.body === "Oi")).toBe(true);
    const pending = (await inbox()).find((m) => m.status === "pending")!;
    const res = await reply(barber.cookie, pending.id, "Não é meu");
    expect((await errorBody(res, 404)).error.code).toBe("not_found");
    const [row] = await t.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.id, pending.id));
    expect(row?.status).toBe("pending");
  });

  it("a customer never reads another customer's messages or replies", async () => {
    const brunoConversation = await answerOf<"/api/me/companies/{id}/messages", "get">(
      await t.request(`/api/me/companies/${cafe.companyId}/messages`, { cookie: bruno.cookie }),
      200,
    );
    expect(brunoConversation.map((m) => m.body)).toEqual(["Segunda mensagem"]);
    expect(brunoConversation.every((m) => m.customerId === bruno.customerId)).toBe(true);
    const brunoReplies = await ok(apiAs(t, bruno.cookie).GET("/api/me/replies"), 200);
    expect(brunoReplies).toEqual([]);
  });

  it("company routes refuse customers (403) and customer routes refuse companies (403)", async () => {
    expect((await t.request("/api/messages", { cookie: ana.cookie })).status).toBe(403);
    expect((await t.request("/api/messages/unread", { cookie: ana.cookie })).status).toBe(403);
    const pending = (await inbox()).find((m) => m.status === "pending")!;
    expect((await reply(ana.cookie, pending.id, "Eu mesma")).status).toBe(403);
    expect((await t.request("/api/me/replies", { cookie: cafe.cookie })).status).toBe(403);
    expect(
      (await t.request(`/api/me/companies/${cafe.companyId}/messages`, { cookie: cafe.cookie }))
        .status,
    ).toBe(403);
    expect((await t.request("/api/messages")).status).toBe(401);
  });
});
