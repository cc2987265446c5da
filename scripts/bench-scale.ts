/**
 * `npm run bench:scale` (last of `npm run bench`): does one company's cost stay flat when the
 * database around it grows tenfold? On PostgreSQL (DATABASE_URL), in two fresh databases on that
 * server (dropped after, unless BENCH_SCALE_KEEP names them): one company with 100,000 members and
 * 1,000,000 stamps over 12 months (BENCH_SCALE_MEMBERS, BENCH_SCALE_STAMPS; seed-reports.ts) is
 * seeded alone; a copy of that database gets 999 other companies (BENCH_SCALE_COMPANIES - 1) with
 * nine times its members and stamps (BENCH_SCALE_FACTOR 10: 1,000,000 members and 10,000,000
 * stamps in all; seed-tenants.ts); then the same company is measured in both, in turns
 * (BENCH_SCALE_ROUNDS): add-stamp over HTTP at 16 connections (bench-client.ts), the /clientes
 * directory search over bench-customers.ts' terms, and /relatorios over bench-reports.ts'
 * periods. Goal: each within 1.2× of the small database. Rewrites the "## Scale" section of
 * docs/performance.md and writes .bench/scale.json. Without DATABASE_URL it says so and exits 0. */

import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import { eq, sql } from "drizzle-orm";
import { createApp } from "../src/server/app";
import { connectPostgres, type Database } from "../src/server/db/client";
import { companies, loyaltyCards, memberships } from "../src/server/db/schema";
import { JOBS } from "../src/server/jobs";
import { installJobs } from "../src/server/modules/jobs/jobs.service";
import type { ClientJob } from "./bench-client";
import { TERMS } from "./bench-customers";
import { runBenchClient } from "./bench-fork";
import { reportPeriods } from "./bench-reports";
import { writePerformanceSection } from "./perf-doc";
import { scriptEnv } from "./script-env";
import { ensureSeedCompany, seedCustomers } from "./seed-customers";
import { seedReportActivity } from "./seed-reports";
import { seedTenants } from "./seed-tenants";

const MEMBERS = Number(scriptEnv.BENCH_SCALE_MEMBERS ?? 100_000);
const STAMPS = Number(scriptEnv.BENCH_SCALE_STAMPS ?? 1_000_000);
const FACTOR = Number(scriptEnv.BENCH_SCALE_FACTOR ?? 10);
const COMPANIES = Number(scriptEnv.BENCH_SCALE_COMPANIES ?? 1_000);
const SECONDS = Number(scriptEnv.BENCH_SCALE_SECONDS ?? 10);
const CONNECTIONS = 16;
const SEARCH_RUNS = 60;
const REPORT_RUNS = 40;
const WARMUP = 5;
/** Turns of small then big: each figure is the median of its rounds' figures. */
const ROUNDS = Number(scriptEnv.BENCH_SCALE_ROUNDS ?? 2);
const GOAL = 1.2;
const SECTION = "## Scale";
const root = new URL("..", import.meta.url);

type Percentiles = { p50: number; p95: number; p99: number };
type Phase = {
  loadAverage: number;
  databaseMb: number;
  addStamp: { rps: number; errors: number } & Percentiles;
  search: Percentiles & { terms: ({ label: string; results: string } & Percentiles)[] };
  reports: Percentiles & { periods: ({ label: string; stamps: number } & Percentiles)[] };
};

const percentiles = (values: ArrayLike<number>): Percentiles => {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
};
const f = (n: number) => n.toFixed(1);
const thousands = (n: number) => Math.round(n).toLocaleString("en");

/** Sequential GETs of `path`: the latencies after the warm-ups, and the last answer. */
async function timeGets(base: string, cookie: string, path: string, runs: number) {
  const latencies: number[] = [];
  let body: unknown = null;
  for (let i = 0; i < WARMUP + runs; i++) {
    const t0 = performance.now();
    const res = await fetch(base + path, { headers: { cookie } });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
    body = JSON.parse(text);
    if (i >= WARMUP) latencies.push(ms);
  }
  return { latencies, body };
}

async function measurePhase(
  name: string,
  database: Database,
  ctx: { base: string; port: number; cookie: string; cards: string[]; appUrl: string },
): Promise<Phase> {
  const loadAverage = loadavg()[0]!;
  const [size] = (
    await database.db.execute<{ mb: number }>(
      sql.raw("SELECT pg_database_size(current_database()) / 1e6 AS mb"),
    )
  ).rows;
  console.info(`\n${name}: load average ${f(loadAverage)}, database ${f(Number(size!.mb))} MB`);

  const job = (seconds: number): ClientJob => ({
    port: ctx.port,
    paths: ctx.cards.map((id) => `/api/cards/${id}/stamps`),
    headers: { "content-type": "application/json", origin: ctx.appUrl, cookie: ctx.cookie },
    body: JSON.stringify({ method: "purchase", notes: "" }),
    expectStatus: 201,
    seconds,
  });
  await runBenchClient(job(1)); // not recorded: compiles the path hot, opens the pool
  const load = await runBenchClient(job(SECONDS));
  const addStamp = {
    rps: load.latencies.length / load.elapsed,
    errors: load.errors,
    ...percentiles(load.latencies),
  };
  console.info(
    `  add-stamp: ${f(addStamp.rps)} req/s, p50 ${f(addStamp.p50)} ms, p99 ${f(addStamp.p99)} ms, ${addStamp.errors} errors`,
  );

  const searchAll: number[] = [];
  const terms: Phase["search"]["terms"] = [];
  for (const { term, page, what } of TERMS) {
    const params = new URLSearchParams();
    if (term) params.set("search", term);
    if (page) params.set("page", String(page));
    const { latencies, body } = await timeGets(
      ctx.base,
      ctx.cookie,
      `/api/customers/directory?${params}`,
      SEARCH_RUNS,
    );
    searchAll.push(...latencies);
    const { total, totalCapped } = body as { total: number; totalCapped: boolean };
    const label = term ? `\`${term}\`${page ? `, page ${page}` : ""}: ${what}` : what;
    terms.push({ label, results: `${totalCapped ? "> " : ""}${total}`, ...percentiles(latencies) });
  }
  const search = { ...percentiles(searchAll), terms };
  console.info(`  /clientes search: p50 ${f(search.p50)} ms, p95 ${f(search.p95)} ms`);

  const reportAll: number[] = [];
  const periods: Phase["reports"]["periods"] = [];
  for (const { what, from, to } of reportPeriods()) {
    const { latencies, body } = await timeGets(
      ctx.base,
      ctx.cookie,
      `/api/reports?from=${from}&to=${to}`,
      REPORT_RUNS,
    );
    reportAll.push(...latencies);
    const stamps = (body as { tiles: { stampsGiven: { current: number } } }).tiles.stampsGiven
      .current;
    periods.push({ label: what, stamps, ...percentiles(latencies) });
  }
  const reports = { ...percentiles(reportAll), periods };
  console.info(`  reports: p50 ${f(reports.p50)} ms, p95 ${f(reports.p95)} ms`);
  return { loadAverage, databaseMb: Number(size!.mb), addStamp, search, reports };
}

/** How many times worse big is than small: latency big ÷ small, throughput small ÷ big. */
const worse = (small: number, big: number, higherIsBetter = false) =>
  higherIsBetter ? small / big : big / small;

/** The "Scale" section from the two databases' pooled phases (also re-rendered from .bench/scale.json). */
export function section(
  small: Phase,
  big: Phase,
  seed: { small: string; big: string },
  sizes: { members: number; stamps: number; companies: number },
) {
  const rows = [
    ["add-stamp, 16 connections: req/s", small.addStamp.rps, big.addStamp.rps, true],
    ["add-stamp, 16 connections: p99 ms", small.addStamp.p99, big.addStamp.p99, false],
    ["`/clientes` search: p95 ms (all terms)", small.search.p95, big.search.p95, false],
    ["reports: p95 ms (all periods)", small.reports.p95, big.reports.p95, false],
  ] as const;
  const results = rows.map(([what, s, b, higher]) => {
    const ratio = worse(s, b, higher);
    return { what, small: s, big: b, ratio, holds: ratio <= GOAL };
  });
  const detail = (
    title: string,
    pairs: { label: string; extra: string; small: Percentiles; big: Percentiles }[],
  ) => [
    `| ${title} | small p95 ms | big p95 ms | ratio |`,
    "| --- | --- | --- | --- |",
    ...pairs.map(
      (p) =>
        `| ${p.label}${p.extra} | ${f(p.small.p95)} | ${f(p.big.p95)} | ${(p.big.p95 / p.small.p95).toFixed(2)} |`,
    ),
  ];
  const failing = results.filter((r) => !r.holds);
  const text = [
    `${SECTION}: one company among ${thousands(sizes.companies)} (\`npm run bench:scale\`, PostgreSQL)`,
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on this project's 2-core machine by \`scripts/bench-scale.ts\`: the same company in two databases on one server. "small": the company alone (${thousands(MEMBERS)} members and ${thousands(STAMPS)} stamps over 12 months, scripts/seed-reports.ts, seeded in ${seed.small}); "big": a copy of it (\`CREATE DATABASE … TEMPLATE\`: the same rows and session) with ${thousands(sizes.companies - 1)} other companies seeded around it, ${thousands(sizes.members)} members and ${thousands(sizes.stamps)} stamps in all, people shared between companies (scripts/seed-tenants.ts, seeded in ${seed.big}); \`VACUUM ANALYZE\` after each seed. Measured in ${ROUNDS} turns of small then big (each figure the median of its turns), so a change in the machine's load falls on both. Add-stamp: \`POST /api/cards/:id/stamps\` from a child process (scripts/bench-client.ts), ${CONNECTIONS} keep-alive connections on ${CONNECTIONS} of the company's cards, ${SECONDS} s a turn. Search: \`GET /api/customers/directory\` over bench-customers' ${TERMS.length} terms (${SEARCH_RUNS} requests each after ${WARMUP} warm-ups, one at a time). Reports: \`GET /api/reports\` over bench-reports' 5 periods (${REPORT_RUNS} each). Ratio: big ÷ small for times, small ÷ big for req/s. Goal: each ≤ ${GOAL}×. Load average (1 minute) when the measures started, the turns' mean: small ${f(small.loadAverage)}, big ${f(big.loadAverage)}; database size ${thousands(small.databaseMb)} MB and ${thousands(big.databaseMb)} MB.`,
    "",
    "| measure | small | big | ratio | ≤ 1.2× |",
    "| --- | --- | --- | --- | --- |",
    ...results.map(
      (r) =>
        `| ${r.what} | ${f(r.small)} | ${f(r.big)} | ${r.ratio.toFixed(2)} | ${r.holds ? "yes" : "**no**"} |`,
    ),
    "",
    failing.length === 0
      ? `Every measure is within ${GOAL}× of the small database.`
      : `Over ${GOAL}×: ${failing.map((r) => r.what).join("; ")}.`,
    "",
    ...detail(
      "search term: what (results in big)",
      small.search.terms.map((t, i) => ({
        label: t.label,
        extra: ` (${big.search.terms[i]!.results.replace(">", "more than")})`,
        small: t,
        big: big.search.terms[i]!,
      })),
    ),
    "",
    ...detail(
      "report period (stamps in it)",
      small.reports.periods.map((p, i) => ({
        label: p.label,
        extra: ` (${thousands(p.stamps)})`,
        small: p,
        big: big.reports.periods[i]!,
      })),
    ),
    "",
  ].join("\n");
  return { text, results };
}

/** An app server on `database`, as bench-reports runs it; its base URL and port. */
async function startApp(database: Database, appUrl: string) {
  const { app } = createApp({
    db: database.db,
    mailer: { kind: "smtp", send: async () => {}, close() {} },
    appUrl,
    authSecret: "bench-secret-bench-secret-bench-secret-00",
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((r) => server.once("listening", r));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** Latencies of every round together: each phase's figures over all its rounds. */
function pool(phases: Phase[]): Phase {
  const [first] = phases;
  if (phases.length === 1) return first!;
  const avg = (pick: (p: Phase) => number) =>
    phases.reduce((t, p) => t + pick(p), 0) / phases.length;
  // Percentiles of percentiles would mislead: the medians of the rounds' figures.
  const med = (pick: (p: Phase) => number) => {
    const v = phases.map(pick).sort((a, b) => a - b);
    return v.length % 2 ? v[(v.length - 1) / 2]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2;
  };
  const p = (pick: (p: Phase) => Percentiles): Percentiles => ({
    p50: med((x) => pick(x).p50),
    p95: med((x) => pick(x).p95),
    p99: med((x) => pick(x).p99),
  });
  return {
    loadAverage: avg((x) => x.loadAverage),
    databaseMb: phases.at(-1)!.databaseMb,
    addStamp: {
      rps: med((x) => x.addStamp.rps),
      errors: phases.reduce((t, x) => t + x.addStamp.errors, 0),
      ...p((x) => x.addStamp),
    },
    search: {
      ...p((x) => x.search),
      terms: first!.search.terms.map((t, i) => ({ ...t, ...p((x) => x.search.terms[i]!) })),
    },
    reports: {
      ...p((x) => x.reports),
      periods: first!.reports.periods.map((t, i) => ({ ...t, ...p((x) => x.reports.periods[i]!) })),
    },
  };
}

async function main() {
  const url = scriptEnv.DATABASE_URL;
  if (!url) {
    console.info(
      "bench-scale: the scale benchmark needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres). Skipped.",
    );
    return;
  }
  const keep = scriptEnv.BENCH_SCALE_KEEP;
  if (keep && !/^[a-z_][a-z0-9_]*$/.test(keep)) throw new Error(`Not a database name: ${keep}`);
  const name = keep ?? `carimbou_bench_scale_${Date.now()}`;
  const names = { small: `${name}_small`, big: `${name}_big` };
  const admin = connectPostgres(url, { max: 1 });
  const urlOf = (db: string) => {
    const target = new URL(url);
    target.pathname = `/${db}`;
    return target.toString();
  };
  await admin.db.execute(sql.raw(`CREATE DATABASE ${names.small}`));
  const open: Database[] = [];
  const servers: { close: () => Promise<unknown> }[] = [];
  const connect = (db: string) => {
    const database = connectPostgres(urlOf(db));
    open.push(database);
    return database;
  };
  try {
    const appUrl = "http://127.0.0.1";
    const s = (ms: number) => (ms / 1000).toFixed(1);
    // Small: the company alone, signed in once (the session is copied into the big database).
    let smallDb = connect(names.small);
    await smallDb.migrate();
    await installJobs(smallDb, JOBS);
    const login = { email: "bench-escala@example.com", password: "segredo1" };
    const companyId = await ensureSeedCompany(smallDb.db, { ...login, name: "Bench Escala" });
    const first = await startApp(smallDb, appUrl);
    const signIn = await fetch(`${first.base}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: appUrl },
      body: JSON.stringify(login),
    });
    if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    await first.close();
    let t0 = performance.now();
    await seedCustomers(smallDb.db, companyId, MEMBERS);
    const customersDone = performance.now();
    await seedReportActivity(smallDb.db, companyId, STAMPS);
    const smallSeed = `${s(customersDone - t0)} s for the members, ${s(performance.now() - customersDone)} s for the stamps and roll-ups`;
    // Active members' cards that take every stamp of the runs (no card_complete).
    const cards = (
      await smallDb.db
        .select({ id: loyaltyCards.id })
        .from(loyaltyCards)
        .innerJoin(memberships, eq(memberships.id, loyaltyCards.membershipId))
        .where(
          sql`${loyaltyCards.companyId} = ${companyId} and ${loyaltyCards.status} = 'active' and ${memberships.status} = 'active'`,
        )
        .orderBy(loyaltyCards.id)
        .limit(CONNECTIONS)
    ).map((c) => c.id);
    for (const id of cards)
      await smallDb.db
        .update(loyaltyCards)
        .set({ maxStamps: 100_000_000 })
        .where(eq(loyaltyCards.id, id));
    // Each card is stamped again and again: the counter's interval and daily cap are off.
    await smallDb.db
      .update(companies)
      .set({ stampIntervalMinutes: 0, dailyStampCap: 0 })
      .where(eq(companies.id, companyId));
    await smallDb.db.execute(sql.raw("VACUUM ANALYZE"));
    console.info(`Small database seeded: ${smallSeed}`);

    // Big: a copy of the small one (the same company, rows and session), with the others around.
    await smallDb.close();
    open.splice(open.indexOf(smallDb), 1);
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.db.execute(
          sql.raw(`CREATE DATABASE ${names.big} TEMPLATE ${names.small} STRATEGY FILE_COPY`),
        );
        break;
      } catch (error) {
        // An autovacuum worker still on the template: wait and try again.
        if (attempt >= 10) throw error;
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
    smallDb = connect(names.small);
    const bigDb = connect(names.big);
    const others = {
      companies: COMPANIES - 1,
      people: Math.round(MEMBERS * (FACTOR - 3)),
      members: MEMBERS * (FACTOR - 1),
      stamps: STAMPS * (FACTOR - 1),
    };
    console.info(
      `Seeding ${thousands(others.companies)} companies, ${thousands(others.people)} people, ${thousands(others.members)} members, ${thousands(others.stamps)} stamps…`,
    );
    t0 = performance.now();
    const seeded = await seedTenants(bigDb.db, others, (step, seconds) =>
      console.info(`  ${step}: ${seconds.toFixed(1)} s`),
    );
    const vacuumStart = performance.now();
    await bigDb.db.execute(sql.raw("VACUUM ANALYZE"));
    const bigSeconds = (performance.now() - t0) / 1000;
    const bigSeed = `${f(bigSeconds)} s (${Object.entries(seeded.steps)
      .map(([step, seconds]) => `${step} ${f(seconds)} s`)
      .join(", ")}, \`VACUUM ANALYZE\` ${s(performance.now() - vacuumStart)} s)`;
    console.info(`Big database seeded in ${bigSeed}`);

    // Measured in turns, small then big, so a change in the machine's load falls on both.
    const apps = { small: await startApp(smallDb, appUrl), big: await startApp(bigDb, appUrl) };
    servers.push(apps.small, apps.big);
    const rounds: { small: Phase[]; big: Phase[] } = { small: [], big: [] };
    for (let round = 1; round <= ROUNDS; round++) {
      for (const which of ["small", "big"] as const) {
        const ctx = { ...apps[which], cookie, cards, appUrl };
        const database = which === "small" ? smallDb : bigDb;
        rounds[which].push(await measurePhase(`${which}, round ${round}`, database, ctx));
      }
    }
    const small = pool(rounds.small);
    const big = pool(rounds.big);

    const sizes = {
      companies: COMPANIES,
      members: MEMBERS + seeded.members,
      stamps: STAMPS + seeded.stamps,
    };
    const { text, results } = section(small, big, { small: smallSeed, big: bigSeed }, sizes);
    writePerformanceSection(SECTION, text);
    mkdirSync(new URL(".bench/", root), { recursive: true });
    writeFileSync(
      new URL(".bench/scale.json", root),
      `${JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          goal: GOAL,
          sizes: { measured: { members: MEMBERS, stamps: STAMPS }, all: sizes },
          seed: { small: smallSeed, big: bigSeed, bigSeconds },
          results,
          small,
          big,
          rounds,
        },
        null,
        2,
      )}\n`,
    );
    console.info(
      `\n${results.map((r) => `${r.what}: ${f(r.small)} → ${f(r.big)} (${r.ratio.toFixed(2)}×)`).join("\n")}`,
    );
    console.info("\nWritten to docs/performance.md and .bench/scale.json");
  } finally {
    for (const server of servers) await server.close();
    for (const database of open) await database.close();
    if (!keep)
      for (const db of [names.big, names.small])
        await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`));
    await admin.close();
  }
}

// Run directly (npm run bench:scale), not when imported.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
