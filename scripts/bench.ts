/**
 * `npm run bench`: add-stamp over HTTP with an authenticated staff session, beside the same
 * database transaction run without HTTP, at 1, 16 and 64 connections, and the public API's
 * `POST /api/v1/stamps` with a key (issue 33) at the same connections in the same run. Embedded PGlite always;
 * PostgreSQL too when DATABASE_URL is set (in a fresh database on that server, dropped after).
 * The HTTP clients run in a child process (scripts/bench-client.ts), not on the server's event
 * loop. Then the open loop at half the best rate, 5 runs (median p99 and its spread). Writes the
 * tables to docs/performance.md and .bench/add-stamp.json; `--no-doc` only prints them (a trial).
 * BENCH_SECONDS (5), BENCH_LEVELS (1,16,64), BENCH_DATABASES (pglite,postgres), BENCH_PROFILE.
 */

import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { serve } from "@hono/node-server";
import { eq, sql } from "drizzle-orm";
import { createApp } from "../src/server/app";
import { connectPostgres, type Database, openPglite } from "../src/server/db/client";
import { companies, loyaltyCards, users } from "../src/server/db/schema";
import { giveStamp } from "../src/server/flows/give-stamp";
import type { Mail } from "../src/server/modules/mail/mail.service";
import type { ClientJob, ClientResult } from "./bench-client";
import { runBenchClient } from "./bench-fork";
import { writePerformanceSection } from "./perf-doc";
import { scriptEnv } from "./script-env";

const LEVELS = (scriptEnv.BENCH_LEVELS ?? "1,16,64").split(",").map(Number);
const DATABASES = (scriptEnv.BENCH_DATABASES ?? "pglite,postgres").split(",");
const SECONDS = Number(scriptEnv.BENCH_SECONDS ?? 5);
const root = new URL("..", import.meta.url).pathname;
/** `npx tsx scripts/bench.ts --no-doc`: a trial run, printed only. */
const TRIAL = process.argv.includes("--no-doc");

type Result = { rps: number; p50: number; p99: number; errors: number; count: number };

function summarize({
  latencies,
  errors,
  elapsed,
}: Pick<ClientResult, "latencies" | "errors" | "elapsed">): Result {
  const sorted = Float64Array.from(latencies).sort();
  const pct = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
  return {
    rps: sorted.length / elapsed,
    p50: pct(0.5),
    p99: pct(0.99),
    errors,
    count: sorted.length,
  };
}

/** The bare transaction, on this process's pool: `connections` closed loops for `seconds`. */
async function measure(
  connections: number,
  seconds: number,
  run: (worker: number) => Promise<void>,
): Promise<Result> {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await run(worker);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return summarize({ latencies: Float64Array.from(latencies), errors: 0, elapsed });
}

/** The HTTP load, from a child process: one keep-alive connection per virtual client. */
async function measureHttp(job: ClientJob): Promise<Result> {
  const result = await runBenchClient(job);
  const perRequest = result.cpuMs / Math.max(1, result.latencies.length);
  console.info(`  (load generator CPU: ${perRequest.toFixed(2)} ms per request)`);
  return summarize(result);
}

async function benchDatabase(label: string, database: Database) {
  await database.migrate();
  const mails: Mail[] = [];
  const appUrl = "http://127.0.0.1";
  const { app } = createApp({
    db: database.db,
    mailer: { kind: "smtp", send: async (m) => void mails.push(m), close() {} },
    appUrl,
    authSecret: "bench-secret-bench-secret-bench-secret-00",
    limits: { signUp: { bucket: "sign-up", max: 1_000_000, windowSeconds: 60 } },
    // The key's limit (600 a minute) out of the way; its counter's upsert still runs per request.
    apiKeyRateLimit: { bucket: "api-key", max: 1_000_000_000, windowSeconds: 60 },
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((r) => server.once("listening", r));
  const port = (server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(base + path, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: appUrl,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });

  const email = `bench-${randomUUID()}@example.com`;
  await post("/api/accounts/company", {
    companyName: "Bench Café",
    email,
    password: "segredo1",
    city: "São Paulo",
    state: "SP",
    phone: "11 99999-0000",
    sector: "alimentacao",
  });
  // The confirmation e-mail goes through the outbox's job, which a bench does not run: confirm
  // the address directly.
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const signIn = await post("/api/session", { email, password: "segredo1" });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const me = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as {
    user: { id: string };
    company: { id: string };
  };
  const actor = {
    userId: me.user.id,
    companyId: me.company.id,
    role: "owner" as const,
    locationId: null,
  };

  // One customer and card per connection, so the measure is throughput, not one row's lock queue.
  const max = Math.max(...LEVELS);
  for (let i = 0; i < max; i++) {
    await post("/api/accounts/customer", {
      name: `Cliente ${i}`,
      email: `c${i}-${randomUUID()}@example.com`,
      password: "segredo1",
      city: "São Paulo",
      state: "SP",
      phone: "",
      birthDate: "",
      origin: { empresa_id: actor.companyId },
    });
  }
  await database.db
    .update(loyaltyCards)
    .set({ maxStamps: 100_000_000 })
    .where(eq(loyaltyCards.companyId, actor.companyId));
  // Each card is stamped again and again: the counter's interval and daily cap are off.
  await database.db
    .update(companies)
    .set({ stampIntervalMinutes: 0, dailyStampCap: 0 })
    .where(eq(companies.id, actor.companyId));
  const cardRows = await database.db
    .select({ id: loyaltyCards.id, memberId: loyaltyCards.customerId })
    .from(loyaltyCards)
    .where(eq(loyaltyCards.companyId, actor.companyId));
  const cards = cardRows.map((c) => c.id);
  const members = cardRows.map((c) => c.memberId);
  // The public API's key: a live one that may stamp, made by the owner as on /integracoes.
  const created = await post(
    "/api/integrations/keys",
    { name: "Bench PDV", scopes: ["stamps:write"], mode: "live" },
    cookie,
  );
  const { secret } = (await created.json()) as { secret: string };

  const input = { method: "purchase", notes: "", quantity: 1 } as const;
  const httpJob = (connections: number, seconds: number): ClientJob => ({
    port,
    paths: cards.slice(0, connections).map((id) => `/api/cards/${id}/stamps`),
    headers: { "content-type": "application/json", origin: appUrl, cookie },
    body: JSON.stringify(input),
    expectStatus: 201,
    seconds,
  });
  // The same stamp through the public API: each connection its own member (its one card), a
  // fresh Idempotency-Key on every request, as a till sends them.
  const apiJob = (connections: number, seconds: number): ClientJob => ({
    port,
    paths: members.slice(0, connections).map(() => "/api/v1/stamps"),
    headers: { "content-type": "application/json", authorization: `Bearer ${secret}` },
    body: "",
    bodies: members.slice(0, connections).map((memberId) => JSON.stringify({ memberId, count: 1 })),
    uniqueHeader: "idempotency-key",
    expectStatus: 201,
    seconds,
  });
  // The route's own flow without HTTP: the same transaction (no Idempotency-Key).
  const bareRun = async (w: number) => {
    await giveStamp(
      { db: database.db, appUrl },
      actor,
      { cardId: cards[w]!, input },
      { key: undefined, requestHash: "" },
    );
  };

  // Not recorded: lets both paths compile hot and the pool open its connections first.
  await measureHttp(httpJob(max, 1));
  await measureHttp(apiJob(max, 1));
  await measure(max, 1, bareRun);

  // CPU per request: this process (the server, or the bare transaction's caller; PGlite runs in
  // it too) and PostgreSQL's backends on the bench's database, read from /proc. The pool opens and
  // closes connections as the load changes, so the backends are listed at the start and the end
  // of each row: one that started during the row counts from zero.
  const backends = async () =>
    database.kind === "postgres"
      ? postgresCpuMs(
          (
            await database.db.execute<{ pid: number }>(
              sql`select pid from pg_stat_activity where datname = current_database()`,
            )
          ).rows.map((r) => r.pid),
        )
      : new Map<number, number>();
  const cpuNow = async () => ({ node: process.cpuUsage(), pg: await backends() });
  const cpuPerRequest = async (
    before: Awaited<ReturnType<typeof cpuNow>>,
    requests: number,
  ): Promise<Cpu> => {
    const node = process.cpuUsage(before.node);
    let pg = 0;
    for (const [pid, ms] of await backends()) pg += ms - (before.pg.get(pid) ?? 0);
    return {
      node: (node.user + node.system) / 1000 / Math.max(1, requests),
      pg: pg / Math.max(1, requests),
    };
  };

  const levels: LevelResult[] = [];
  for (const connections of LEVELS) {
    let before = await cpuNow();
    const profile = PROFILE ? await startProfile() : null;
    const http = await measureHttp(httpJob(connections, SECONDS));
    if (profile) await profile.stop(`${PROFILE}-${database.kind}-${connections}.cpuprofile`);
    const httpCpu = await cpuPerRequest(before, http.count);
    before = await cpuNow();
    const api = await measureHttp(apiJob(connections, SECONDS));
    const apiCpu = await cpuPerRequest(before, api.count);
    before = await cpuNow();
    const bare = await measure(connections, SECONDS, bareRun);
    const bareCpu = await cpuPerRequest(before, bare.count);
    levels.push({ connections, http, bare, httpCpu, bareCpu, api, apiCpu });
    console.info(levelRow(label, levels.at(-1)!));
    console.info(apiRow(label, levels.at(-1)!));
  }
  // The open loop: half the best closed-loop rate, sent at fixed times over 64 connections, run
  // OPEN_RUNS times: one stall sets a run's p99, so the median and the spread say more than one run.
  const rate = Math.round(Math.max(...levels.map((l) => l.http.rps)) / 2);
  const runs: OpenRun[] = [];
  for (let run = 0; run < OPEN_RUNS; run++) {
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    const open = await measureHttp({ ...httpJob(max, SECONDS), rate });
    loopDelay.disable();
    // Where a slow answer waited: the server's event loop (blocked by a collection, or PGlite's
    // queries, which run on it) or elsewhere (the database, the socket, the client).
    runs.push({
      ...open,
      loopDelayP99: loopDelay.percentile(99) / 1e6,
      loopDelayMax: loopDelay.max / 1e6,
    });
    console.info(
      `  open loop ${run + 1}/${OPEN_RUNS} at ${rate} req/s: p50 ${f(open.p50)} ms, p99 ${f(open.p99)} ms (server event-loop delay p99 ${f(runs.at(-1)!.loopDelayP99)} ms, max ${f(runs.at(-1)!.loopDelayMax)} ms)`,
    );
  }
  await new Promise((r) => server.close(r));
  return { label, levels, open: openSummary(rate, runs) };
}

/** BENCH_PROFILE=path: a CPU profile of the server during each HTTP row (Chrome DevTools opens it). */
const PROFILE = scriptEnv.BENCH_PROFILE;

async function startProfile() {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post("Profiler.enable");
  await post("Profiler.start");
  return {
    async stop(file: string) {
      const { profile } = (await post("Profiler.stop")) as { profile: unknown };
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** Open-loop runs per database (issue 35: the median p99 of 5, with its spread). */
const OPEN_RUNS = 5;

type OpenRun = Result & { loopDelayP99: number; loopDelayMax: number };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The open loop's runs: p50 and p99 are the runs' medians, with the p99's min and max. */
function openSummary(rate: number, runs: OpenRun[]) {
  const p99s = runs.map((r) => r.p99);
  return {
    rate,
    runs,
    count: runs.reduce((n, r) => n + r.count, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    p50: median(runs.map((r) => r.p50)),
    p99: median(p99s),
    p99Min: Math.min(...p99s),
    p99Max: Math.max(...p99s),
    loopDelayMax: Math.max(...runs.map((r) => r.loopDelayMax)),
  };
}

type Cpu = { node: number; pg: number };
type LevelResult = {
  connections: number;
  http: Result;
  bare: Result;
  httpCpu: Cpu;
  bareCpu: Cpu;
  /** `POST /api/v1/stamps` with a key, right after the session's row. */
  api: Result;
  apiCpu: Cpu;
};
type DatabaseResult = Awaited<ReturnType<typeof benchDatabase>>;

/** CPU time (ms) each of the given PostgreSQL backends has used so far: utime + stime. */
function postgresCpuMs(pids: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * 10); // 100 ticks per second
    } catch {
      // The backend has gone: its time is lost, and the figure a little low.
    }
  }
  return used;
}

const f = (n: number) => n.toFixed(1);
const cpu = (c: Cpu, kind: string) =>
  kind.startsWith("PGlite") ? `${c.node.toFixed(2)}` : `${c.node.toFixed(2)} + ${c.pg.toFixed(2)}`;

function levelRow(label: string, l: LevelResult) {
  return `| ${label} | ${l.connections} | ${f(l.http.rps)} | ${f(l.http.p50)} | ${f(l.http.p99)} | ${l.http.errors} | ${cpu(l.httpCpu, label)} | ${f(l.bare.rps)} | ${f(l.bare.p50)} | ${f(l.bare.p99)} | ${cpu(l.bareCpu, label)} | ${(l.http.rps / l.bare.rps).toFixed(2)} |`;
}

function apiRow(label: string, l: LevelResult) {
  return `| ${label} | ${l.connections} | ${f(l.api.rps)} | ${f(l.api.p50)} | ${f(l.api.p99)} | ${l.api.errors} | ${cpu(l.apiCpu, label)} | ${f(l.http.rps)} | ${(l.api.rps / l.http.rps).toFixed(2)} |`;
}

async function main() {
  const results: DatabaseResult[] = [];
  if (DATABASES.includes("pglite")) {
    const pglite = openPglite();
    results.push(await benchDatabase("PGlite (embedded)", pglite));
    await pglite.close();
  }

  const url = scriptEnv.DATABASE_URL;
  if (url && DATABASES.includes("postgres")) {
    const name = `carimbou_bench_${Date.now()}`;
    const admin = connectPostgres(url, { max: 1 });
    await admin.db.execute(sql.raw(`CREATE DATABASE ${name}`));
    const target = new URL(url);
    target.pathname = `/${name}`;
    // The server's own pool size (connectPostgres' default): on 2 cores, more backends only
    // contend for the same CPU (measured: 20 connections were no faster and the bare path slower).
    const pg = connectPostgres(target.toString());
    try {
      results.push(await benchDatabase("PostgreSQL", pg));
    } finally {
      await pg.close();
      await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await admin.close();
    }
  }

  const measuredAt = new Date().toISOString();
  const load = loadavg()[0]!.toFixed(1);
  if (!TRIAL) {
    mkdirSync(`${root}.bench`, { recursive: true });
    writeFileSync(
      `${root}.bench/add-stamp.json`,
      JSON.stringify({ measuredAt, seconds: SECONDS, loadAverage: Number(load), results }, null, 2),
    );
  }
  const section = [
    "## Add-stamp (`npm run bench`)",
    "",
    `Measured ${measuredAt.slice(0, 10)} on this project's 2-core machine (1-minute load average ${load} when it ended), ${SECONDS} s per row, one customer card per connection. "bare" is the same database transaction (\`addStampToCard\`, which answers the card as the panel shows it, and the referral check \`qualifyReferral\`) called without HTTP. CPU: milliseconds per request of the Node process (server, or the bare transaction's caller; PGlite runs inside it) + PostgreSQL's backends (from /proc).`,
    "",
    "| database | connections | HTTP req/s | HTTP p50 ms | HTTP p99 ms | HTTP errors | HTTP CPU ms | bare tx/s | bare p50 ms | bare p99 ms | bare CPU ms | HTTP / bare |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...results.flatMap((r) => r.levels.map((l) => levelRow(r.label, l))),
    "",
    `Open loop: requests sent at fixed times at half the best closed-loop rate above, over 64 connections, ${OPEN_RUNS} runs of ${SECONDS} s; a request's latency counts from the time it was due. p50 and p99 are the runs' medians; "p99 spread" the lowest and highest run's p99; "each run's p99" in order; the server's event-loop delay is the worst of the runs.`,
    "",
    "| database | rate req/s | sent | errors | p50 ms | p99 ms (median) | p99 spread ms | each run's p99 ms | event-loop delay max ms |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...results.map(
      (r) =>
        `| ${r.label} | ${r.open.rate} | ${r.open.count} | ${r.open.errors} | ${f(r.open.p50)} | ${f(r.open.p99)} | ${f(r.open.p99Min)}–${f(r.open.p99Max)} | ${r.open.runs.map((x) => f(x.p99)).join(", ")} | ${f(r.open.loopDelayMax)} |`,
    ),
    "",
    "Through the public API (issue 33): `POST /api/v1/stamps` with a live key (`Authorization: Bearer cb_live_…`, a fresh `Idempotency-Key` on every request, `{ memberId, count: 1 }`, one member per connection), measured right after the session's row at the same connections; \"session\" is the HTTP req/s of the table above. The key's rate limit is raised for the bench (its counter is still written on every request).",
    "",
    "| database | connections | API req/s | API p50 ms | API p99 ms | API errors | API CPU ms | session req/s | API / session |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...results.flatMap((r) => r.levels.map((l) => apiRow(r.label, l))),
    "",
  ].join("\n");
  // `--no-doc`: a trial run, printed only (docs/performance.md and .bench/ keep the last full run).
  if (TRIAL) return console.info(section);
  writePerformanceSection("## Add-stamp", section);
  console.info(`\nWritten to docs/performance.md and .bench/add-stamp.json`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
