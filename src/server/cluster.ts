/**
 * Several app processes on one port (WEB_CONCURRENCY > 1, PostgreSQL only): the primary process
 * forks that many workers (node:cluster), each running the whole server of main.ts on PORT; the
 * primary accepts the connections and hands them out in turn. Everything the processes must agree
 * on lives in PostgreSQL (sessions, rate limits, idempotency keys, the job queue, the dev mailbox).
 * The primary itself serves nothing: it restarts a worker that dies and passes SIGTERM/SIGINT on.
 */
import cluster, { type Worker } from "node:cluster";
import { log as serverLog } from "./lib/log";

export type ClusterOptions = {
  workers: number;
  log?: Pick<Console, "info" | "warn" | "error">;
  /** After SIGTERM, how long the workers get to close before they are killed (default 15 s). */
  shutdownTimeoutMs?: number;
};

/** A worker that lived less than this before dying is restarted after a delay (a crash loop). */
const QUICK_DEATH_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;

const exitReason = (code: number | null, signal: string | null) =>
  signal ? `signal ${signal}` : `code ${code}`;

/** Runs the primary process until its workers have stopped; then the process exits. */
export function runCluster({
  workers,
  log = serverLog,
  shutdownTimeoutMs = 15_000,
}: ClusterOptions): void {
  const forkedAt = new Map<Worker, number>();
  const restarts = new Set<ReturnType<typeof setTimeout>>();
  let someoneListened = false;
  let quickDeaths = 0;
  let shuttingDown = false;
  let failed = false;

  const fork = () => {
    const worker = cluster.fork();
    forkedAt.set(worker, Date.now());
  };

  const finishWhenAllGone = () => {
    if (forkedAt.size > 0) return;
    log.info(`All ${workers} processes stopped.`);
    process.exit(failed ? 1 : 0);
  };

  const shutdown = (reason: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    for (const timer of restarts) clearTimeout(timer);
    restarts.clear();
    log.info(`${reason}: stopping ${forkedAt.size} app processes`);
    for (const worker of forkedAt.keys()) worker.process.kill("SIGTERM");
    const force = setTimeout(() => {
      log.error("The app processes took too long to stop: killing them");
      for (const worker of forkedAt.keys()) worker.process.kill("SIGKILL");
      process.exit(1);
    }, shutdownTimeoutMs);
    force.unref();
    finishWhenAllGone();
  };

  cluster.on("listening", (worker) => {
    someoneListened = true;
    log.info(`App process ${worker.process.pid} is serving.`);
  });

  cluster.on("exit", (worker, code, signal) => {
    const startedAt = forkedAt.get(worker) ?? Date.now();
    forkedAt.delete(worker);
    if (shuttingDown) {
      // One still starting has no handler yet: SIGTERM ends it at once, which is fine too.
      if (code !== 0 && signal !== "SIGTERM") failed = true;
      finishWhenAllGone();
      return;
    }
    const reason = exitReason(code, signal);
    // Nothing ever listened: the server cannot start (port taken, database unreachable, bad
    // configuration). Forking again would only repeat the error.
    if (!someoneListened) {
      log.error(`App process ${worker.process.pid} exited (${reason}) before serving: giving up.`);
      failed = true;
      shutdown("Start-up failed");
      return;
    }
    const lived = Date.now() - startedAt;
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    const delay = quickDeaths === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 1000 * 2 ** quickDeaths);
    log.warn(
      `App process ${worker.process.pid} exited (${reason}): starting another${delay ? ` in ${delay / 1000} s` : ""}.`,
    );
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (!shuttingDown) fork();
    }, delay);
    restarts.add(timer);
  });

  process.on("SIGTERM", () => shutdown("SIGTERM received"));
  process.on("SIGINT", () => shutdown("SIGINT received"));

  for (let n = 0; n < workers; n++) fork();
}
