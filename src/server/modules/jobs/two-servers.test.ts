import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPostgres, type Database } from "../../db/client";
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
});
