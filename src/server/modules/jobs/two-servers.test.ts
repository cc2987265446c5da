import { saoPauloDate } from "@shared/dates";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPostgres, type Database } from "../../db/client";
import { grantBirthdayGifts } from "../../flows/birthday-gifts";
import { JOBS } from "../../jobs";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEnv } from "../../test/test-env";
import type { Mailer } from "../mail/mail.service";
import { enqueueJob, type JobDefinition, type JobRunner, startJobs } from "./jobs.service";

const noMail: Mailer = { kind: "smtp", send: async () => {}, close: () => {} };

// Two app servers on one PostgreSQL database (PGlite belongs to one process: nothing to share).
describe.skipIf(!testEnv.TEST_DATABASE_URL)("two servers on one PostgreSQL database", () => {
  let t: TestApp;
  let other: Database;
  const runners: JobRunner[] = [];
  const cronRuns: string[] = [];
  const handled: Array<{ server: string; n: number }> = [];

  const jobsOf = (server: string): JobDefinition[] => [
    {
      name: "test-every-minute",
      cron: "* * * * *",
      handler: async (_deps, now) => {
        cronRuns.push(`${server} ${now.toISOString()}`);
        return server;
      },
    },
    {
      name: "test-work",
      handler: async (_deps, _now, data) => {
        handled.push({ server, n: (data as { n: number }).n });
      },
    },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    other = connectPostgres(t.database.url!, { max: 3 });
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    await other?.close();
    await t?.close();
  });

  it("fires a schedule once per cron time, not once per server, and shares the enqueued work", async () => {
    // An every-minute cron is due all minute long: stay within one minute.
    const seconds = new Date().getSeconds();
    if (seconds > 45) await new Promise((r) => setTimeout(r, (61 - seconds) * 1000));

    for (const [server, database] of [
      ["a", t.database],
      ["b", other],
    ] as const) {
      runners.push(
        await startJobs({
          database,
          deps: { db: database.db, mailer: noMail, appUrl: "http://localhost:3999", backupDir: "" },
          jobs: jobsOf(server),
          pollingIntervalSeconds: 0.5,
          cronCheckSeconds: 1,
          log: { info: () => {}, error: () => {} },
        }),
      );
    }
    for (let n = 0; n < 20; n++) await enqueueJob(t.db, "test-work", { n });

    // Each server checks the schedules every second: about eight chances each to fire it twice.
    await new Promise((r) => setTimeout(r, 8000));
    expect(cronRuns).toHaveLength(1);
    expect(handled.map((h) => h.n).sort((x, y) => x - y)).toEqual([...Array(20).keys()]);
  }, 40_000);

  it("runs the birthday job once across both servers, and a gift is given once whatever runs", async () => {
    const today = saoPauloDate();
    const company = await t.companySession({ email: "dono@aniversario.com.br" });
    const member = await t.customerSession({
      email: "aniversariante@example.com",
      birthDate: `1990-${today.slice(5)}`,
      origin: { empresa_id: company.companyId, origem: "qrcode_empresa" },
    });
    const stampsOf = async (customer: { cookie: string }) => {
      const cards = (await (
        await t.request("/api/me/cards", { cookie: customer.cookie })
      ).json()) as { companyId: string; stamps: number }[];
      return cards.find((c) => c.companyId === company.companyId)?.stamps;
    };
    expect(await stampsOf(member)).toBe(0);

    // The registry's birthday job, due every minute instead of at 08:00, on two servers.
    const birthday = JOBS.find((j) => j.name === "birthday-gifts")!;
    const runs: string[] = [];
    const seconds = new Date().getSeconds();
    if (seconds > 45) await new Promise((r) => setTimeout(r, (61 - seconds) * 1000));
    for (const [server, database] of [
      ["a", t.database],
      ["b", other],
    ] as const) {
      runners.push(
        await startJobs({
          database,
          deps: { db: database.db, mailer: noMail, appUrl: "http://localhost:3999", backupDir: "" },
          jobs: [
            {
              ...birthday,
              name: "test-birthday-gifts",
              cron: "* * * * *",
              handler: async (deps, now, data) => {
                runs.push(server);
                return birthday.handler(deps, now, data);
              },
            },
          ],
          pollingIntervalSeconds: 0.5,
          cronCheckSeconds: 1,
          log: { info: () => {}, error: () => {} },
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 8000));
    expect(runs).toHaveLength(1);
    expect(await stampsOf(member)).toBe(3);

    // Both servers giving the gifts at the same moment (a manual run during the schedule, say):
    // the unique key decides, not a lock; each gift is given once.
    for (const runner of runners.splice(-2)) await runner.stop();
    const second = await t.customerSession({
      email: "aniversariante2@example.com",
      birthDate: `1991-${today.slice(5)}`,
      origin: { empresa_id: company.companyId, origem: "qrcode_empresa" },
    });
    const results = await Promise.all(
      [t.database, other].map((database) =>
        grantBirthdayGifts({ db: database.db, appUrl: "http://localhost:3999" }),
      ),
    );
    expect(results.map((r) => r.gifted).reduce((a, b) => a + b)).toBe(1);
    expect(await stampsOf(member)).toBe(3);
    expect(await stampsOf(second)).toBe(3);
  }, 60_000);
});
