import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRetention } from "../../flows/retention";
import { createTestApp, type TestApp } from "../../test/test-app";
import { assistantFeedback } from "../assistant/assistant.table";
import { instagramContacts, instagramMessages } from "../assistant/instagram.table";
import { whatsappContacts, whatsappMessages } from "../assistant/whatsapp.table";
import { interestReplies, interests } from "../interests/interests.table";
import { customerMessages } from "../messages/messages.table";
import { jobRuns } from "./backup.table";

let t: TestApp;
/** Keeps 12 months. */
let cafe: { cookie: string; companyId: string };
/** No settings record: the default 24 months. */
let barber: { cookie: string; companyId: string };
let ana: { cookie: string; customerId: string };

const NOW = new Date("2030-06-15T12:00:00Z");
const monthsAgo = (months: number, from = NOW) => {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
};

async function message(companyId: string, months: number) {
  const id = randomUUID();
  await t.db.insert(customerMessages).values({
    id,
    companyId,
    customerId: ana.customerId,
    sender: "customer",
    body: `${months} meses`,
    status: "pending",
    createdAt: monthsAgo(months),
  });
  return id;
}

/** An interest `months` old, answered by `companyId` `repliedMonths` ago (or pending). */
async function interest(months: number, reply?: { companyId: string; months: number }) {
  const id = randomUUID();
  await t.db.insert(interests).values({
    id,
    customerId: ana.customerId,
    sector: "alimentacao",
    city: "São Paulo",
    state: "SP",
    description: "Procuro um café",
    status: reply ? "answered" : "pending",
    createdAt: monthsAgo(months),
  });
  if (reply) {
    await t.db.insert(interestReplies).values({
      id: `${id}-reply`,
      interestId: id,
      companyId: reply.companyId,
      body: "Temos!",
      createdAt: monthsAgo(reply.months),
    });
  }
  return id;
}

const existing = async (table: typeof customerMessages | typeof interests, ids: string[]) =>
  (await t.db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id);

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café Aurora", email: "aurora@example.com" });
  barber = await t.companySession({ companyName: "Barbearia", email: "barba@example.com" });
  ana = await t.customerSession({ name: "Ana Souza", email: "ana@example.com" });
  const res = await t.request("/api/settings/system", {
    cookie: cafe.cookie,
    method: "PUT",
    body: { backupFrequency: "daily", retentionMonths: 12 },
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe("the retention job", () => {
  it("removes each company's messages and answered interests past its own retention", async () => {
    const cafeRecent = await message(cafe.companyId, 1);
    const cafe13 = await message(cafe.companyId, 13);
    const cafe25 = await message(cafe.companyId, 25);
    const barberRecent = await message(barber.companyId, 1);
    const barber13 = await message(barber.companyId, 13);
    const barber25 = await message(barber.companyId, 25);

    const cafeOld = await interest(14, { companyId: cafe.companyId, months: 13 });
    const cafeNew = await interest(3, { companyId: cafe.companyId, months: 2 });
    const barberMid = await interest(14, { companyId: barber.companyId, months: 13 });
    const barberOld = await interest(26, { companyId: barber.companyId, months: 25 });
    const stillPending = await interest(30);

    // IA Suprema's records follow the same periods: a complaint of the café 13 months old goes,
    // the barber's stays (24 months); a WhatsApp message of the café 25 months old goes.
    const feedback = async (companyId: string, months: number) => {
      const id = randomUUID();
      await t.db.insert(assistantFeedback).values({
        id,
        companyId,
        kind: "complaint",
        body: "O café veio frio",
        channel: "app",
        customerId: ana.customerId,
        sourceMessageId: id,
        createdAt: monthsAgo(months),
      });
      return id;
    };
    const cafeFeedback13 = await feedback(cafe.companyId, 13);
    const barberFeedback13 = await feedback(barber.companyId, 13);
    const cafeFeedbackRecent = await feedback(cafe.companyId, 1);
    const contactId = randomUUID();
    await t.db
      .insert(whatsappContacts)
      .values({ id: contactId, companyId: cafe.companyId, phone: "5511999990000" });
    const whatsappOld = randomUUID();
    await t.db.insert(whatsappMessages).values({
      id: whatsappOld,
      companyId: cafe.companyId,
      contactId,
      direction: "in",
      body: "Oi",
      status: "answered",
      createdAt: monthsAgo(25),
    });

    const igContact = randomUUID();
    await t.db
      .insert(instagramContacts)
      .values({ id: igContact, companyId: cafe.companyId, igsid: "17841400000000001" });
    const instagramOld = randomUUID();
    await t.db.insert(instagramMessages).values({
      id: instagramOld,
      companyId: cafe.companyId,
      contactId: igContact,
      direction: "in",
      body: "Oi",
      status: "answered",
      createdAt: monthsAgo(25),
    });

    const result = await runRetention(t.db, NOW);
    expect(result).toEqual({
      ran: true,
      messages: 3,
      assistantRecords: 3,
      // The WhatsApp and Instagram contacts above had only those old messages: they go too.
      channelContacts: 2,
      interestReplies: 2,
      interests: 2,
      rejectedReceipts: 0,
      integrationLogs: 0,
      signInRecords: 0,
    });

    expect(
      (
        await existing(customerMessages, [
          cafeRecent,
          cafe13,
          cafe25,
          barberRecent,
          barber13,
          barber25,
        ])
      ).sort(),
    ).toEqual([cafeRecent, barberRecent, barber13].sort());
    const keptFeedback = await t.db
      .select({ id: assistantFeedback.id })
      .from(assistantFeedback)
      .where(inArray(assistantFeedback.id, [cafeFeedback13, barberFeedback13, cafeFeedbackRecent]));
    expect(keptFeedback.map((r) => r.id).sort()).toEqual(
      [barberFeedback13, cafeFeedbackRecent].sort(),
    );
    expect(
      await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, whatsappOld)),
    ).toEqual([]);
    expect(
      await t.db.select().from(instagramMessages).where(eq(instagramMessages.id, instagramOld)),
    ).toEqual([]);
    expect(
      (await existing(interests, [cafeOld, cafeNew, barberMid, barberOld, stillPending])).sort(),
    ).toEqual([cafeNew, barberMid, stillPending].sort());
    const replies = await t.db
      .select({ id: interestReplies.interestId })
      .from(interestReplies)
      .where(inArray(interestReplies.interestId, [cafeOld, cafeNew, barberMid, barberOld]));
    expect(replies.map((r) => r.id).sort()).toEqual([cafeNew, barberMid].sort());
  });

  it("a company answer goes with the old customer message it answers", async () => {
    const question = await message(cafe.companyId, 13);
    const answer = randomUUID();
    await t.db.insert(customerMessages).values({
      id: answer,
      companyId: cafe.companyId,
      customerId: ana.customerId,
      sender: "company",
      body: "RESPOSTA",
      status: "answered",
      replyToId: question,
      createdAt: monthsAgo(11),
    });
    const tomorrow = new Date(NOW.getTime() + 24 * 3600_000);
    expect((await runRetention(t.db, tomorrow)).ran).toBe(true);
    expect(await existing(customerMessages, [question, answer])).toEqual([]);
  });

  it("runs once a day: the same day again does nothing", async () => {
    const old = await message(cafe.companyId, 13);
    expect(await runRetention(t.db, new Date(NOW.getTime() + 3600_000))).toEqual({ ran: false });
    expect(await existing(customerMessages, [old])).toEqual([old]);
  });

  it("two servers running at once do the work once", async () => {
    const day = new Date("2030-07-01T03:00:00Z");
    const ids = await Promise.all([
      message(cafe.companyId, 13),
      message(barber.companyId, 25),
      message(barber.companyId, 1),
    ]);
    const results = await Promise.all([
      runRetention(t.db, day),
      runRetention(t.db, day),
      runRetention(t.db, day),
    ]);
    const ran = results.filter((r) => r.ran);
    expect(ran).toHaveLength(1);
    // Messages left from the tests before (13 months old on NOW) count in the winner's total.
    expect(ran[0]).toMatchObject({ ran: true });
    expect(await existing(customerMessages, ids)).toEqual([ids[2]]);
    const [run] = await t.db
      .select({ finishedAt: jobRuns.finishedAt })
      .from(jobRuns)
      .where(eq(jobRuns.runKey, "2030-07-01"));
    expect(run?.finishedAt).not.toBeNull();
  });

  it("removes a WhatsApp or Instagram contact with nothing left inside its company's retention (issue 34)", async () => {
    const day = new Date("2030-09-01T03:00:00Z");
    const ago = (months: number) => monthsAgo(months, day);
    const whatsapp = async (companyId: string, phone: string, messageMonths: number[]) => {
      const id = randomUUID();
      await t.db
        .insert(whatsappContacts)
        .values({ id, companyId, phone, name: "Fulano", createdAt: ago(30) });
      for (const months of messageMonths) {
        await t.db.insert(whatsappMessages).values({
          id: randomUUID(),
          companyId,
          contactId: id,
          direction: "in",
          body: "Oi",
          status: "answered",
          createdAt: ago(months),
        });
      }
      return id;
    };
    const cafeQuiet = await whatsapp(cafe.companyId, "5511988880001", [13, 14]);
    const cafeActive = await whatsapp(cafe.companyId, "5511988880002", [13, 2]);
    const barberQuiet = await whatsapp(barber.companyId, "5511988880003", [13]);
    const instagram = async (igsid: string, createdMonths: number, inboundMonths: number) => {
      const id = randomUUID();
      await t.db.insert(instagramContacts).values({
        id,
        companyId: cafe.companyId,
        igsid,
        username: "fulano",
        createdAt: ago(createdMonths),
        lastInboundAt: ago(inboundMonths),
      });
      return id;
    };
    await instagram("17841400000000011", 20, 13); // wrote 13 months ago: goes
    const igNew = await instagram("17841400000000012", 1, 1);
    const igWroteLately = await instagram("17841400000000013", 20, 3);

    const result = await runRetention(t.db, day);
    expect(result).toMatchObject({ ran: true, channelContacts: 2 });
    const kept = async (table: typeof whatsappContacts | typeof instagramContacts) =>
      (await t.db.select({ id: table.id }).from(table)).map((r) => r.id);
    // The café keeps 12 months: its quiet contact goes; the one who wrote 2 months ago stays with
    // that message only. The barber keeps 24 months: a 13-month conversation stays.
    expect((await kept(whatsappContacts)).sort()).toEqual([cafeActive, barberQuiet].sort());
    const messagesOf = async (contactId: string) =>
      (
        await t.db
          .select({ createdAt: whatsappMessages.createdAt })
          .from(whatsappMessages)
          .where(eq(whatsappMessages.contactId, contactId))
      ).map((r) => r.createdAt.toISOString());
    expect(await messagesOf(cafeQuiet)).toEqual([]);
    expect(await messagesOf(cafeActive)).toEqual([ago(2).toISOString()]);
    expect((await kept(instagramContacts)).sort()).toEqual([igNew, igWroteLately].sort());
  });

  it("takes over a run whose server died an hour ago", async () => {
    const day = new Date("2030-08-01T03:00:00Z");
    await t.db.insert(jobRuns).values({ job: "retention", runKey: "2030-08-01", startedAt: day });
    const old = await message(cafe.companyId, 13);
    expect((await runRetention(t.db, new Date(day.getTime() + 10 * 60_000))).ran).toBe(false);
    expect((await runRetention(t.db, new Date(day.getTime() + 61 * 60_000))).ran).toBe(true);
    expect(await existing(customerMessages, [old])).toEqual([]);
  });
});
