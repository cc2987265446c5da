/**
 * `npm run bench:cluster` (and the end of `npm run bench`): add-stamp over HTTP against the real
 * server process (`src/server/main.ts`) on PostgreSQL, run as 1 process and then as 2 processes on
 * one port (WEB_CONCURRENCY=2, node:cluster), at 16 and 64 connections, one card per connection.
 * The load comes from scripts/bench-client.ts in a child process. Beside the throughput, the CPU
 * each side used per request (from /proc: the app's processes, PostgreSQL's, the load
 * generator's), since on this 2-core machine they all share the same two cores. A fresh database
 * on DATABASE_URL's server, dropped after. Writes the "Several app processes" section of
 * docs/performance.md and .bench/cluster.json. Without DATABASE_URL it says so and exits 0.
 */

import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { startAppServer } from "../e2e/support/app-server";
import type { ClientJob } from "./bench-client";
import { runBenchClient } from "./bench-fork";
import { writePerformanceSection } from "./perf-doc";
import { scriptEnv } from "./script-env";

const LEVELS = [16, 64];
const PROCESSES = [1, 2];
const SECONDS = Number(scriptEnv.BENCH_SECONDS ?? 8);
const SECTION = "## Several app processes";
const root = new URL("..", import.meta.url).pathname;
/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s. */
const TICK_MS = 10;

type Row = {
  processes: number;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The machine's 1-minute load average just before the row: anything else running shows here. */
  loadBefore: number;
  /** CPU milliseconds per request: the app's processes, PostgreSQL's, the load generator's. */
  cpuMsPerRequest: { app: number; postgres: number; client: number };
};

/** Every process's parent, command line and CPU ticks so far (user + system), from /proc. */
function processTable() {
  const table = new Map<number, { ppid: number; command: string; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const fields = stat.slice(close + 2).split(" ");
      table.set(Number(entry), {
        ppid: Number(fields[1]),
        command: readFileSync(`/proc/${entry}/cmdline`, "utf8"),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/**
 * CPU ticks of the process tree under `rootPid` (tsx, the primary, the workers) and of the
 * PostgreSQL backends serving `database` (their title names it; other databases' are not ours).
 */
function cpuTicks(rootPid: number, database: string) {
  const table = processTable();
  const inTree = (pid: number): boolean => {
    for (let at = pid, hops = 0; at > 1 && hops < 10; hops++) {
      if (at === rootPid) return true;
      at = table.get(at)?.ppid ?? 0;
    }
    return false;
  };
  let app = 0;
  let postgres = 0;
  for (const [pid, p] of table) {
    if (inTree(pid)) app += p.ticks;
    else if (p.command.startsWith("postgres:") && p.command.includes(` ${database} `)) {
      postgres += p.ticks;
    }
  }
  return { app, postgres };
}

type Setup = { cookie: string; cards: string[] };

/** A company (its session) and one member's card per connection, made through the API. */
async function setUp(baseUrl: string, db: pg.Client): Promise<Setup> {
  let ip = 0;
  const post = (path: string, body: unknown, cookie = "") =>
    fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: baseUrl,
        cookie,
        // The server trusts one proxy here (TRUST_PROXY=1): each sign-up from its own address,
        // so that the sign-up limit per IP (30 an hour) does not stop the 64 members.
        "x-forwarded-for": `10.0.${Math.floor(++ip / 250)}.${ip % 250}`,
      },
      body: JSON.stringify(body),
    });
  const email = `bench-${randomUUID()}@example.com`;
  const company = await post("/api/accounts/company", {
    companyName: "Bench Café",
    email,
    password: "segredo1",
    city: "São Paulo",
    state: "SP",
    phone: "11 99999-0000",
    sector: "alimentacao",
  });
  if (company.status !== 201) throw new Error(`company sign-up: ${company.status}`);
  // The confirmation link is e-mailed (to the dev mailbox): confirm the address directly.
  await db.query("update users set email_verified = true where email = $1", [email]);
  const signIn = await post("/api/session", { email, password: "segredo1" });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const companyId = ((await signIn.json()) as { company: { id: string } }).company.id;
  for (let i = 0; i < Math.max(...LEVELS); i++) {
    const res = await post("/api/accounts/customer", {
      name: `Cliente ${i}`,
      email: `c${i}-${randomUUID()}@example.com`,
      password: "segredo1",
      city: "São Paulo",
      state: "SP",
      phone: "",
      birthDate: "",
      origin: { empresa_id: companyId },
    });
    if (res.status !== 201) throw new Error(`customer sign-up: ${res.status}`);
  }
  await db.query("update loyalty_cards set max_stamps = 100000000 where company_id = $1", [
    companyId,
  ]);
  // Each card is stamped again and again: the counter's interval and daily cap are off.
  await db.query(
    "update companies set stamp_interval_minutes = 0, daily_stamp_cap = 0 where id = $1",
    [companyId],
  );
  const { rows } = await db.query<{ id: string }>(
    "select id from loyalty_cards where company_id = $1 order by id",
    [companyId],
  );
  return { cookie, cards: rows.map((r) => r.id) };
}

async function benchProcesses(
  processes: number,
  databaseUrl: string,
  db: pg.Client,
  previous: Setup | null,
): Promise<{ rows: Row[]; setup: Setup }> {
  const server = await startAppServer({
    databaseUrl,
    env: {
      // Not "test": the test-only header of the cluster's workers would cost a copy per answer.
      NODE_ENV: "development",
      WEB_CONCURRENCY: String(processes),
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-00",
      TRUST_PROXY: "1",
    },
  });
  try {
    const setup = previous ?? (await setUp(server.baseUrl, db));
    const port = Number(new URL(server.baseUrl).port);
    const job = (connections: number, seconds: number): ClientJob => ({
      port,
      paths: setup.cards.slice(0, connections).map((id) => `/api/cards/${id}/stamps`),
      headers: { "content-type": "application/json", origin: server.baseUrl, cookie: setup.cookie },
      body: JSON.stringify({ method: "purchase", notes: "" }),
      expectStatus: 201,
      seconds,
    });
    // Not recorded: every process compiles the path hot and opens its pool's connections.
    await runBenchClient(job(Math.max(...LEVELS), 2));

    const rows: Row[] = [];
    const childPid = server.process.pid ?? 0;
    const database = new URL(databaseUrl).pathname.slice(1);
    for (const connections of LEVELS) {
      const loadBefore = Number(loadavg()[0]!.toFixed(1));
      const before = cpuTicks(childPid, database);
      const result = await runBenchClient(job(connections, SECONDS));
      const after = cpuTicks(childPid, database);
      const sorted = Float64Array.from(result.latencies).sort();
      const pct = (p: number) =>
        sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
      const n = Math.max(1, sorted.length);
      const perRequest = (ticks: number) => Number(((ticks * TICK_MS) / n).toFixed(2));
      rows.push({
        processes,
        connections,
        rps: Number((sorted.length / result.elapsed).toFixed(1)),
        p50: Number(pct(0.5).toFixed(1)),
        p99: Number(pct(0.99).toFixed(1)),
        errors: result.errors,
        loadBefore,
        cpuMsPerRequest: {
          app: perRequest(after.app - before.app),
          postgres: perRequest(after.postgres - before.postgres),
          client: Number((result.cpuMs / n).toFixed(2)),
        },
      });
      console.info(JSON.stringify(rows.at(-1)));
    }
    return { rows, setup };
  } finally {
    await server.close();
  }
}

async function main() {
  const url = scriptEnv.DATABASE_URL;
  if (!url) {
    console.info(
      "bench-cluster: several app processes need PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres). Skipped.",
    );
    return;
  }
  const name = `carimbou_bench_cluster_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = new pg.Client({ connectionString: target.toString() });
  const rows: Row[] = [];
  try {
    await db.connect();
    let setup: Setup | null = null;
    for (const processes of PROCESSES) {
      const run = await benchProcesses(processes, target.toString(), db, setup);
      setup = run.setup;
      rows.push(...run.rows);
    }
  } finally {
    await db.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }

  mkdirSync(`${root}.bench`, { recursive: true });
  writeFileSync(
    `${root}.bench/cluster.json`,
    `${JSON.stringify({ date: new Date().toISOString(), cores: cpus().length, seconds: SECONDS, rows }, null, 2)}\n`,
  );

  const f = (n: number) => n.toFixed(1);
  const table = rows.map((r) => {
    const base = rows.find((b) => b.processes === 1 && b.connections === r.connections);
    const ratio = base ? (r.rps / base.rps).toFixed(2) : "";
    const cpu = r.cpuMsPerRequest;
    return `| ${r.processes} | ${r.connections} | ${f(r.rps)} | ${ratio} | ${f(r.p50)} | ${f(r.p99)} | ${r.errors} | ${r.loadBefore} | ${cpu.app.toFixed(2)} | ${cpu.postgres.toFixed(2)} | ${cpu.client.toFixed(2)} |`;
  });
  const section = [
    `${SECTION} (\`npm run bench:cluster\`, PostgreSQL)`,
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on this project's ${cpus().length}-core machine, ${SECONDS} s per row: add-stamp over HTTP (staff session, one card per connection) against the real server process (\`src/server/main.ts\`, NODE_ENV=development) as 1 process, then as 2 processes on one port (\`WEB_CONCURRENCY=2\`, node:cluster), on one PostgreSQL database. CPU: milliseconds per request used by the app's processes (tsx, the cluster's primary and its workers), by the PostgreSQL backends of the bench's database, and by the load generator (scripts/bench-client.ts), all on the same cores. "load avg": the machine's 1-minute load average before the row (the bench's own previous row accounts for about 2 to 3; much more means other work shared the cores and the row is not comparable).`,
    "",
    "| processes | connections | req/s | × 1 process | p50 ms | p99 ms | errors | load avg | app CPU ms/req | PostgreSQL CPU ms/req | client CPU ms/req |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...table,
    "",
  ].join("\n");
  console.info(section);
  writePerformanceSection(SECTION, section);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
