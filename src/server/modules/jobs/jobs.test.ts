import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppJobDeps, JOBS } from "../../jobs";
import { rateLimits } from "../../rate-limits.table";
import { createTestApp, type TestApp } from "../../test/test-app";
import { jobConnection } from "./job-db";
import { DEAD_LETTER_QUEUE, enqueueJob, type JobDefinition, startJobs } from "./jobs.service";

/** Polls `check` until it answers true (or fails after `timeoutMs`). */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const health = async (app: TestApp) => (await app.request("/api/health")).json();

describe("without jobs (the API tests' default)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("runs no job, yet a service can enqueue one: the queues are in the database", async () => {
    expect(t.jobs).toBeUndefined();
    expect(await enqueueJob(t.db, "retention", {})).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("leaves no connection in a failed transaction when a queue script fails half-way", async () => {
    const queue = jobConnection(t.database);
    await expect(queue.executeSql("BEGIN; SELECT 1/0; COMMIT;", [])).rejects.toThrow(/division/);
    // Every connection of the pool (one on PGlite) still answers the app.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.db.execute(sql`select 1 as one`)),
    );
    expect(answers.map((a) => a.rows[0])).toEqual(Array(5).fill({ one: 1 }));
  });

  it("answers /api/health with the count of dead letters", async () => {
    expect(await health(t)).toEqual({
      status: "ok",
      jobs: { deadLetters: 0 },
      wallet: { google: false, apple: false },
      push: false,
    });
  });

  it("runs a registered job now on POST /dev/jobs/:name and answers what it returned", async () => {
    await t.db.insert(rateLimits).values([
      { key: "old-window", count: 3, windowStartedAt: sql`now() - interval '2 days'` },
      { key: "fresh-window", count: 1, windowStartedAt: sql`now()` },
    ]);
    const prune = await t.request("/dev/jobs/prune-rate-limits", { method: "POST" });
    expect(prune.status).toBe(200);
    expect(await prune.json()).toEqual({ job: "prune-rate-limits", result: { removed: 1 } });
    const left = await t.db.select().from(rateLimits).where(eq(rateLimits.key, "fresh-window"));
    expect(left).toHaveLength(1);

    const now = "2031-03-10T12:00:00.000Z";
    const first = await t.request(`/dev/jobs/retention?now=${now}`, { method: "POST" });
    expect(await first.json()).toMatchObject({ job: "retention", result: { ran: true } });
    const again = await t.request(`/dev/jobs/retention?now=${now}`, { method: "POST" });
    expect(await again.json()).toEqual({ job: "retention", result: { ran: false } });
  });

  it("keeps /dev/jobs to this machine, to known jobs and to the app's own pages", async () => {
    const remote = await t.request("/dev/jobs/retention", { method: "POST", ip: "203.0.113.9" });
    expect(remote.status).toBe(404);
    const proxied = await t.request("/dev/jobs/retention", {
      method: "POST",
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(proxied.status).toBe(404);
    const unknown = await t.request("/dev/jobs/nothing", { method: "POST" });
    expect(unknown.status).toBe(404);
    const foreign = await t.request("/dev/jobs/retention", {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    const badDate = await t.request("/dev/jobs/retention?now=yesterday", { method: "POST" });
    expect(badDate.status).toBe(400);
    const impossible = await t.request("/dev/jobs/retention?now=2026-02-31T12:00:00Z", {
      method: "POST",
    });
    expect(impossible.status).toBe(400);
  });
});

describe("/dev/jobs in production", () => {
  it("does not exist", async () => {
    const prod = await createTestApp({ production: true });
    try {
      const res = await prod.request("/dev/jobs/retention", { method: "POST" });
      expect(res.status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe("with jobs running", () => {
  let t: TestApp;
  const errors: string[] = [];
  const seen: unknown[] = [];
  let flakyAttempts = 0;
  let slowFinished = false;
  let everyMinute = 0;

  const jobs: JobDefinition<AppJobDeps>[] = [
    ...JOBS,
    {
      name: "test-echo",
      handler: async (_deps, _now, data) => {
        seen.push(data);
        return { echoed: data };
      },
    },
    {
      name: "test-flaky",
      retryDelaySeconds: 1,
      handler: async () => {
        flakyAttempts++;
        if (flakyAttempts === 1) throw new Error("SMTP down");
        return { attempts: flakyAttempts };
      },
    },
    {
      name: "test-broken",
      retryLimit: 1,
      retryDelaySeconds: 1,
      handler: async () => {
        throw new Error("always broken");
      },
    },
    { name: "test-every-minute", cron: "* * * * *", handler: async () => ++everyMinute },
    {
      name: "test-slow",
      handler: async () => {
        await new Promise((r) => setTimeout(r, 1500));
        slowFinished = true;
        return "done";
      },
    },
  ];

  beforeAll(async () => {
    t = await createTestApp({
      jobs: { jobs, log: { info: () => {}, error: (line: string) => errors.push(line) } },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("runs a job enqueued in a transaction that commits, and none from one that rolls back", async () => {
    let id: string | null = null;
    await t.db.transaction(async (tx) => {
      id = await enqueueJob(tx as never, "test-echo", { order: 1 });
    });
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueJob(tx as never, "test-echo", { order: 2 });
        throw new Error("the business change failed");
      }),
    ).rejects.toThrow("the business change failed");
    await until(
      async () => (await t.jobs!.boss.getJobById("test-echo", id!))?.state === "completed",
    );
    const job = await t.jobs!.boss.getJobById("test-echo", id!);
    expect(job?.output).toEqual({ echoed: { order: 1 } });
    await new Promise((r) => setTimeout(r, 1000));
    expect(seen).toEqual([{ order: 1 }]);
  });

  it("retries a failed job after a delay", async () => {
    const id = await enqueueJob(t.db, "test-flaky");
    await until(
      async () => (await t.jobs!.boss.getJobById("test-flaky", id!))?.state === "completed",
    );
    expect(flakyAttempts).toBe(2);
    expect(errors.some((line) => line.includes("test-flaky") && line.includes("will retry"))).toBe(
      true,
    );
  });

  it("dead-letters a job whose retries are spent: a log line and a count on /api/health", async () => {
    const id = await enqueueJob(t.db, "test-broken", { customer: "ana" });
    await until(async () => (await health(t)).jobs.deadLetters === 1);
    expect((await t.jobs!.boss.getJobById("test-broken", id!))?.state).toBe("failed");
    expect(errors).toContainEqual(
      expect.stringContaining(
        `Job test-broken ${id} failed (attempt 2 of 2) and went to the dead-letter queue '${DEAD_LETTER_QUEUE}': always broken`,
      ),
    );
    expect(await health(t)).toEqual({
      status: "ok",
      jobs: { deadLetters: 1 },
      wallet: { google: false, apple: false },
      push: false,
    });
  });

  it("schedules the cron jobs in São Paulo time and runs them", async () => {
    const schedules = await t.jobs!.boss.getSchedules();
    const byName = Object.fromEntries(schedules.map((s) => [s.name, s]));
    const withCron = jobs.filter((job) => job.cron).map((job) => job.name);
    expect(withCron).toEqual(expect.arrayContaining(["retention", "prune-rate-limits"]));
    expect(Object.keys(byName).sort()).toEqual(withCron.sort());
    expect(byName.retention).toMatchObject({ cron: "7 * * * *", timezone: "America/Sao_Paulo" });
    await until(() => everyMinute > 0);
  });

  it("stops gracefully: a running job finishes before the database is let go", async () => {
    const id = await enqueueJob(t.db, "test-slow");
    await until(async () => (await t.jobs!.boss.getJobById("test-slow", id!))?.state === "active");
    await t.jobs!.stop();
    expect(slowFinished).toBe(true);
    const [row] = (await t.db.execute(sql`select state from pgboss.job where id = ${id}`)).rows;
    expect(row).toEqual({ state: "completed" });
  });

  it("drops the schedule of a job no longer registered when the next server starts", async () => {
    const next = await startJobs({
      database: t.database,
      deps: {
        db: t.db,
        mailer: { kind: "smtp", send: async () => {}, close() {} },
        appUrl: "",
        backupDir: "",
      },
      jobs: JOBS,
      log: { info: () => {}, error: () => {} },
    });
    try {
      const names = (await next.boss.getSchedules()).map((s) => s.name);
      expect(names).not.toContain("test-every-minute");
      expect(names).toContain("retention");
    } finally {
      await next.stop();
    }
  });
});
