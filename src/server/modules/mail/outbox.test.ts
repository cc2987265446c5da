import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { companyInput, createTestApp, type TestApp } from "../../test/test-app";
import { DEAD_LETTER_QUEUE } from "../jobs/jobs.service";
import type { Mail, Mailer } from "./mail.service";
import { queueEmail, SEND_EMAIL_JOB, sendEmailJob } from "./outbox";

const mail = (to: string): Mail => ({
  to,
  subject: "Assunto",
  html: "<p>Olá</p>",
  text: "Olá",
});

/** A mailer whose SMTP server is down until `up` is set; counts every attempt. */
function flakyMailer() {
  const state = { up: false, attempts: 0, failUntilAttempt: Number.POSITIVE_INFINITY };
  const mailer: Mailer = {
    kind: "smtp",
    async send() {
      state.attempts++;
      if (!state.up && state.attempts < state.failUntilAttempt) {
        throw new Error("connect ECONNREFUSED 127.0.0.1:2525");
      }
    },
    close() {},
  };
  return { mailer, state };
}

describe("the outbox is written in the transaction that causes the e-mail", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("sends an e-mail whose transaction commits, and none from one that rolls back", async () => {
    await t.db.transaction(async (tx) => {
      await queueEmail(tx as never, mail("commit@example.com"));
    });
    await expect(
      t.db.transaction(async (tx) => {
        await queueEmail(tx as never, mail("rollback@example.com"));
        throw new Error("the business change failed");
      }),
    ).rejects.toThrow("the business change failed");
    await t.deliverQueuedEmails();
    expect(t.mails.map((m) => m.to)).toContain("commit@example.com");
    expect(t.mails.map((m) => m.to)).not.toContain("rollback@example.com");
  });

  it("writes a company's invitation and its e-mail together", async () => {
    const company = await t.companySession();
    const res = await t.request("/api/customers", {
      cookie: company.cookie,
      body: {
        name: "Maria",
        email: "maria@example.com",
        phone: "",
        birthDate: "",
        city: "Campinas",
        state: "SP",
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    // Delivered by the time the request answered (the test app empties the outbox after it).
    expect(t.mails.findLast((m) => m.to === "maria@example.com")?.subject).toBe(
      "Convite de Café do Ponto no Carimbou",
    );
  });
});

describe("a failing SMTP server loses no e-mail", () => {
  const flaky = flakyMailer();
  let t: TestApp;
  beforeAll(async () => {
    // Only the worker sends here, with short retry delays (1 s, then 2 s … with jitter).
    t = await createTestApp({
      mailer: flaky.mailer,
      deliverEmails: false,
      jobs: { jobs: [{ ...sendEmailJob, retryDelaySeconds: 1, retryLimit: 3 }] },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("signs a company up while SMTP is down and sends the confirmation once it is back", async () => {
    const res = await t.request("/api/accounts/company", {
      body: companyInput({ email: "down@example.com" }),
    });
    expect(res.status).toBe(201);
    await vi.waitFor(() => expect(flaky.state.attempts).toBeGreaterThanOrEqual(1), {
      timeout: 10_000,
    });
    expect(t.mails).toEqual([]);
    flaky.state.up = true;
    await vi.waitFor(() => expect(t.mails.map((m) => m.to)).toEqual(["down@example.com"]), {
      timeout: 20_000,
      interval: 100,
    });
    expect(await t.confirm("down@example.com")).toContain("confirmado=1");
  }, 40_000);

  it("retries a failing send with backoff until it succeeds, then sends it once", async () => {
    flaky.state.up = false;
    flaky.state.attempts = 0;
    flaky.state.failUntilAttempt = 3;
    const id = (await t.db.transaction((tx) =>
      queueEmail(tx as never, mail("retry@example.com")),
    )) as string;
    await vi.waitFor(
      async () =>
        expect((await t.jobs!.boss.getJobById(SEND_EMAIL_JOB, id))?.state).toBe("completed"),
      { timeout: 20_000, interval: 200 },
    );
    const job = await t.jobs!.boss.getJobById(SEND_EMAIL_JOB, id);
    expect(job?.retryCount).toBe(2);
    expect(flaky.state.attempts).toBe(3);
    expect(t.mails.filter((m) => m.to === "retry@example.com")).toHaveLength(1);
  }, 40_000);

  it("moves an e-mail whose retries are spent to the dead letters counted on /api/health", async () => {
    flaky.state.up = false;
    flaky.state.attempts = 0;
    flaky.state.failUntilAttempt = Number.POSITIVE_INFINITY;
    await t.db.transaction((tx) => queueEmail(tx as never, mail("lost@example.com")));
    await vi.waitFor(
      async () =>
        expect(await (await t.request("/api/health")).json()).toEqual({
          status: "ok",
          jobs: { deadLetters: 1 },
          wallet: { google: false, apple: false },
          push: false,
        }),
      { timeout: 30_000, interval: 250 },
    );
    expect(flaky.state.attempts).toBe(4);
    // The e-mail is kept there, for the operator to see (and send again).
    const [dead] = await t.jobs!.boss.fetch<Mail>(DEAD_LETTER_QUEUE);
    expect(dead?.data.to).toBe("lost@example.com");
  }, 45_000);
});
