/**
 * The job queue: pg-boss in the app's own database (decision 010). Jobs are declared once in
 * src/server/jobs.ts and each module's *.jobs.ts (name, handler, optional cron); `startJobs` runs them in this process (main.ts,
 * or a test that asks), `enqueueJob` adds one inside a business transaction.
 */

import { SAO_PAULO_TIME_ZONE } from "@shared/dates";
import PgBoss from "pg-boss";
import type { Database, Db } from "../../db/client";
import { log as serverLog } from "../../lib/log";
import { drizzleJobConnection, jobConnection, trackedConnection } from "./job-db";

/**
 * What every job handler gets at least. The app gives each handler its `AppJobDeps`
 * (src/server/jobs.ts); a module's job asks only for what it uses (e.g. `{ db, appUrl }`), so the
 * queue knows no module's types.
 */
export type BaseJobDeps = { db: Db };

export type JobDefinition<Deps extends BaseJobDeps = BaseJobDeps> = {
  /** The queue's name (letters, digits, `-`), e.g. `birthday-gifts`. */
  name: string;
  /**
   * When it runs by itself: a cron expression in São Paulo time ("0 8 * * *" is every day at
   * 08:00). Without it the job runs only when enqueued (`enqueueJob`) or triggered (/dev/jobs).
   */
  cron?: string;
  /**
   * The work. `now` is when the job was created (a scheduled run: its minute; a retry keeps it),
   * `data` what `enqueueJob` sent ({} for a scheduled run). Whatever it returns is stored with the
   * job and answered by /dev/jobs. It may run more than once (a retry, a server that died while it
   * ran): make each effect idempotent with a unique key.
   */
  handler: (deps: Deps, now: Date, data: unknown) => Promise<unknown>;
  /** Attempts after the first failure (default 3), then the dead-letter queue. */
  retryLimit?: number;
  /** Seconds before the first retry (default 30), doubled (with jitter) for each next one. */
  retryDelaySeconds?: number;
  /** A run taking longer fails (and is retried); default 15 minutes, at most 23 hours. */
  expireInSeconds?: number;
  /** How often an idle worker looks for work (default 2 s; 10 s for a job that only has a cron). */
  pollingIntervalSeconds?: number;
  /**
   * Runs of this job one server does side by side (default 1): that many workers, each taking the
   * next job as soon as it has finished one (the polling interval applies only while idle).
   */
  concurrency?: number;
};

/** A job's queue and schedule: its definition without the handler (what installJobs needs). */
export type JobQueue = Omit<JobDefinition, "handler">;

/** Where a job goes once its retries are spent; counted on /api/health. */
export const DEAD_LETTER_QUEUE = "dead-letter";

/** The server log's line for a failed run: retried, or gone to the dead-letter queue. */
export function jobFailureLine(
  name: string,
  run: { id: string; retryCount: number; retryLimit: number },
  error: unknown,
): string {
  const reason = error instanceof Error ? error.message : String(error);
  const attempt = `attempt ${run.retryCount + 1} of ${run.retryLimit + 1}`;
  return run.retryCount >= run.retryLimit
    ? `Job ${name} ${run.id} failed (${attempt}) and went to the dead-letter queue '${DEAD_LETTER_QUEUE}': ${reason}`
    : `Job ${name} ${run.id} failed (${attempt}), will retry: ${reason}`;
}

const DEFAULT_RETRY_LIMIT = 3;
const DEFAULT_RETRY_DELAY_SECONDS = 30;

export type JobRunnerOptions<Deps extends BaseJobDeps> = {
  database: Database;
  deps: Deps;
  jobs: readonly JobDefinition<Deps>[];
  /** Overrides every job's polling interval (tests use 0.5). */
  pollingIntervalSeconds?: number;
  /** How often the schedules are checked (default 30 s; tests use 1). */
  cronCheckSeconds?: number;
  log?: Pick<Console, "info" | "error">;
};

export type JobRunner = {
  boss: PgBoss;
  /**
   * Tells this process's idle workers of `name` to look for work now, not at their next polling
   * interval: a test that enqueued a job through a request runs it at once.
   */
  wake(name: string): void;
  /** Stops fetching, waits for running jobs (up to `timeoutMs`), then lets go of the database. */
  stop(timeoutMs?: number): Promise<void>;
};

/** Creates the dead-letter queue and each job's queue, or brings their options up to date. */
async function prepareQueues(boss: PgBoss, jobs: readonly JobQueue[]) {
  await boss.createQueue(DEAD_LETTER_QUEUE);
  for (const job of jobs) {
    const queue = {
      name: job.name,
      retryLimit: job.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelay: job.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      deadLetter: DEAD_LETTER_QUEUE,
      ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
    };
    await boss.createQueue(job.name, queue);
    await boss.updateQueue(job.name, queue);
  }
}

const bossOptions = { schedule: false, supervise: false } as const;

/**
 * Installs (or migrates) pg-boss's schema and the queues of `jobs` without running anything: the
 * test template gets them, so services can enqueue in API tests that do not start the jobs.
 */
export async function installJobs(database: Database, jobs: readonly JobQueue[]) {
  const boss = new PgBoss({ db: jobConnection(database), ...bossOptions });
  await boss.start();
  await prepareQueues(boss, jobs);
  await boss.stop({ graceful: false });
}

/** Runs the jobs in this process: their workers, and their schedules (each run once per cron time). */
export async function startJobs<Deps extends BaseJobDeps>(
  options: JobRunnerOptions<Deps>,
): Promise<JobRunner> {
  const { deps, jobs, log = serverLog } = options;
  const connection = trackedConnection(jobConnection(options.database));
  const boss = new PgBoss({
    db: connection,
    cronMonitorIntervalSeconds: options.cronCheckSeconds ?? 30,
    cronWorkerIntervalSeconds: Math.max(1, Math.min(options.cronCheckSeconds ?? 5, 5)),
    // A finished job keeps its data (an e-mail's body, a reset link) 10 minutes, then an hour in
    // pg-boss's archive, instead of 12 hours and 7 days. Dead letters wait in their own queue.
    archiveCompletedAfterSeconds: 10 * 60,
    archiveFailedAfterSeconds: 10 * 60,
    deleteAfterSeconds: 60 * 60,
  });
  boss.on("error", (error) => log.error(`Job queue: ${error.message}`));
  await boss.start();
  await prepareQueues(boss, jobs);

  // Every server evaluates the crons; pg-boss lets one per interval insert the minute's job, once.
  const scheduled = jobs.filter((job) => job.cron);
  for (const job of scheduled) {
    await boss.schedule(job.name, job.cron!, {}, { tz: SAO_PAULO_TIME_ZONE });
  }
  for (const old of await boss.getSchedules()) {
    if (!scheduled.some((job) => job.name === old.name)) await boss.unschedule(old.name);
  }

  // Each job's workers in this process (`wake`).
  const workerIds = new Map<string, string[]>();
  for (const job of jobs) {
    const pollingIntervalSeconds =
      options.pollingIntervalSeconds ?? job.pollingIntervalSeconds ?? (job.cron ? 10 : 2);
    for (let n = 0; n < Math.max(1, job.concurrency ?? 1); n++) {
      await work(job, pollingIntervalSeconds);
    }
  }

  /**
   * One worker of `job`. pg-boss's worker waits out its polling interval after every fetch, even
   * one that found work (one e-mail a second); after a run it is told to look again at once, so a
   * backlog goes as fast as the runs do and only an idle worker waits.
   */
  async function work(job: JobDefinition<Deps>, pollingIntervalSeconds: number) {
    let workerId: string | undefined;
    workerId = await boss.work<unknown>(
      job.name,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds },
      async ([run]) => {
        if (!run) return null;
        if (workerId) boss.notifyWorker(workerId);
        try {
          return await job.handler(deps, new Date(run.createdOn), run.data);
        } catch (error) {
          log.error(jobFailureLine(job.name, run, error));
          throw error;
        }
      },
    );
    workerIds.set(job.name, [...(workerIds.get(job.name) ?? []), workerId]);
  }

  return {
    boss,
    wake(name) {
      for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
    },
    async stop(timeoutMs = 8000) {
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      await connection.close();
    },
  };
}

// A pg-boss object that never connects by itself: every call passes its own `db`.
const sender = new PgBoss({
  db: {
    executeSql: () => Promise.reject(new Error("enqueueJob: pass the transaction's handle")),
  },
  ...bossOptions,
  migrate: false,
});

export type EnqueueOptions = Omit<PgBoss.SendOptions, "db">;

/**
 * Adds a job in the caller's transaction (`tx`, or the database itself outside one): it exists only
 * if the transaction commits. Answers the job's id, or null when a singleton key refused it.
 * The queue must exist (every registered job's does, in the app and in the test template).
 */
export async function enqueueJob(
  tx: Pick<Db, "execute">,
  name: string,
  data: object = {},
  options: EnqueueOptions = {},
): Promise<string | null> {
  return sender.send(name, data, { ...options, db: drizzleJobConnection(tx) });
}

/**
 * Adds many jobs of one queue in one statement, in the caller's transaction (like `enqueueJob`,
 * with the queue's options; no singleton keys). For a batch: an import's 500 e-mails.
 */
export async function enqueueJobs(
  tx: Pick<Db, "execute">,
  name: string,
  data: readonly object[],
): Promise<void> {
  if (data.length === 0) return;
  await sender.insert(
    data.map((d) => ({ name, data: d })),
    { db: drizzleJobConnection(tx) },
  );
}

const readers = new WeakMap<Db, PgBoss>();

/** Jobs waiting in the dead-letter queue (their retries spent); null when the queue is not installed. */
export async function countDeadLetters(db: Db): Promise<number | null> {
  let reader = readers.get(db);
  if (!reader) {
    reader = new PgBoss({ db: drizzleJobConnection(db), ...bossOptions, migrate: false });
    readers.set(db, reader);
  }
  try {
    return await reader.getQueueSize(DEAD_LETTER_QUEUE);
  } catch {
    return null;
  }
}
