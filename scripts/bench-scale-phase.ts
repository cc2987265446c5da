/**
 * One measure of the company in one database, for `npm run bench:scale` (scripts/bench-scale.ts):
 * add-stamp and `POST /api/v1/stamps` under load from a child process (bench-client.ts), then, one
 * request at a time, the `/clientes` search over bench-customers' terms, `/relatorios` over
 * bench-reports' periods and the counter's lookup (`POST /api/counter/lookup`) by short code and by
 * QR code. Also the codes the lookups need: every customer's short counter code.
 */

import { loadavg } from "node:os";
import { COUNTER_CODE_ALPHABET, formatShortCode } from "@shared/counter";
import { sql } from "drizzle-orm";
import type { Database, Db } from "../src/server/db/client";
import { signStepToken } from "../src/server/lib/step-token";
import type { ClientJob } from "./bench-client";
import { TERMS } from "./bench-customers";
import { runBenchClient } from "./bench-fork";
import { reportPeriods } from "./bench-reports";
import { scriptEnv } from "./script-env";

export const SECONDS = Number(scriptEnv.BENCH_SCALE_SECONDS ?? 10);
export const LOOKUPS = Number(scriptEnv.BENCH_SCALE_LOOKUPS ?? 200);
export const CONNECTIONS = 16;
export const SEARCH_RUNS = 60;
export const REPORT_RUNS = 40;
export const WARMUP = 5;
/** The app's auth secret in the bench (signs the sessions and the QR codes). */
export const AUTH_SECRET = "bench-secret-bench-secret-bench-secret-00";

export type Percentiles = { p50: number; p95: number; p99: number };
type Load = { rps: number; errors: number } & Percentiles;
export type Phase = {
  loadAverage: number;
  databaseMb: number;
  addStamp: Load;
  api: Load;
  search: Percentiles & { terms: ({ label: string; results: string } & Percentiles)[] };
  reports: Percentiles & { periods: ({ label: string; stamps: number } & Percentiles)[] };
  lookupCode: Percentiles;
  lookupQr: Percentiles;
};
/** What a phase needs of the app on one database: its server, the owner's session and key. */
export type PhaseContext = {
  database: Database;
  base: string;
  port: number;
  appUrl: string;
  cookie: string;
  /** The owner's live API key (scope stamps:write). */
  apiKey: string;
  /** One card per connection, and its member (stamped again and again). */
  cards: { id: string; memberId: string }[];
  /** Short codes of other active members, looked up in turn. */
  codes: string[];
};

export const percentiles = (values: ArrayLike<number>): Percentiles => {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
};
const f = (n: number) => n.toFixed(1);

/**
 * Gives every customer without one a short counter code, as if each had opened 'Mostrar no
 * balcão' once (the unique index on profiles.counter_code then holds everyone, its worst case):
 * the n-th code is n × 7919 mod 31^6 written in COUNTER_CODE_ALPHABET, n counting on from the
 * codes already given, so no two are the same. The profiles' search trigger does not fire (it
 * watches the name, e-mail and phone). Answers how many were given.
 */
export async function giveCounterCodes(db: Db): Promise<number> {
  const base = COUNTER_CODE_ALPHABET.length;
  const digits = Array.from(
    { length: 6 },
    (_, i) => `substr('${COUNTER_CODE_ALPHABET}', 1 + (x / ${base ** i} % ${base})::int, 1)`,
  ).join(" || ");
  const result = await db.execute(
    sql.raw(`UPDATE profiles p SET counter_code = c.code
      FROM (SELECT id, ${digits} AS code
        FROM (SELECT id, ((SELECT count(*) FROM profiles WHERE counter_code IS NOT NULL)
            + row_number() OVER (ORDER BY id)) * 7919 % ${base ** 6} AS x
          FROM profiles WHERE role = 'customer' AND counter_code IS NULL) n) c
      WHERE p.id = c.id`),
  );
  return (result as { rowCount?: number | null }).rowCount ?? 0;
}

/** Sequential requests: the latencies after the warm-ups, and the last answer. */
async function timeRequests(
  runs: number,
  request: (i: number) => Promise<Response>,
  before?: (i: number) => Promise<unknown>,
) {
  const latencies: number[] = [];
  let body: unknown = null;
  for (let i = 0; i < WARMUP + runs; i++) {
    await before?.(i);
    const t0 = performance.now();
    const res = await request(i);
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${res.url}: ${res.status} ${text}`);
    body = JSON.parse(text);
    if (i >= WARMUP) latencies.push(ms);
  }
  return { latencies, body };
}

/** A load job's figures: req/s, errors and latencies. */
async function load(job: (seconds: number) => ClientJob): Promise<Load> {
  await runBenchClient(job(1)); // not recorded: compiles the path hot, opens the pool
  const run = await runBenchClient(job(SECONDS));
  return {
    rps: run.latencies.length / run.elapsed,
    errors: run.errors,
    ...percentiles(run.latencies),
  };
}

export async function measurePhase(name: string, ctx: PhaseContext): Promise<Phase> {
  const loadAverage = loadavg()[0]!;
  const db = ctx.database.db;
  const [size] = (
    await db.execute<{ mb: number }>(
      sql.raw("SELECT pg_database_size(current_database()) / 1e6 AS mb"),
    )
  ).rows;
  console.info(`\n${name}: load average ${f(loadAverage)}, database ${f(Number(size!.mb))} MB`);
  const get = (path: string) => fetch(ctx.base + path, { headers: { cookie: ctx.cookie } });

  const addStamp = await load((seconds) => ({
    port: ctx.port,
    paths: ctx.cards.map((c) => `/api/cards/${c.id}/stamps`),
    headers: { "content-type": "application/json", origin: ctx.appUrl, cookie: ctx.cookie },
    body: JSON.stringify({ method: "purchase", notes: "" }),
    expectStatus: 201,
    seconds,
  }));
  console.info(
    `  add-stamp: ${f(addStamp.rps)} req/s, p50 ${f(addStamp.p50)} ms, p99 ${f(addStamp.p99)} ms, ${addStamp.errors} errors`,
  );
  // The same stamp through the public API, as bench.ts sends it: a fresh Idempotency-Key each.
  const api = await load((seconds) => ({
    port: ctx.port,
    paths: ctx.cards.map(() => "/api/v1/stamps"),
    headers: { "content-type": "application/json", authorization: `Bearer ${ctx.apiKey}` },
    body: "",
    bodies: ctx.cards.map((c) => JSON.stringify({ memberId: c.memberId, count: 1 })),
    uniqueHeader: "idempotency-key",
    expectStatus: 201,
    seconds,
  }));
  console.info(
    `  POST /api/v1/stamps: ${f(api.rps)} req/s, p50 ${f(api.p50)} ms, p99 ${f(api.p99)} ms, ${api.errors} errors`,
  );

  const searchAll: number[] = [];
  const terms: Phase["search"]["terms"] = [];
  for (const { term, page, what } of TERMS) {
    const params = new URLSearchParams();
    if (term) params.set("search", term);
    if (page) params.set("page", String(page));
    const { latencies, body } = await timeRequests(SEARCH_RUNS, () =>
      get(`/api/customers/directory?${params}`),
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
    const { latencies, body } = await timeRequests(REPORT_RUNS, () =>
      get(`/api/reports?from=${from}&to=${to}`),
    );
    reportAll.push(...latencies);
    const stamps = (body as { tiles: { stampsGiven: { current: number } } }).tiles.stampsGiven
      .current;
    periods.push({ label: what, stamps, ...percentiles(latencies) });
  }
  const reports = { ...percentiles(reportAll), periods };
  console.info(`  reports: p50 ${f(reports.p50)} ms, p95 ${f(reports.p95)} ms`);

  // The counter allows 60 look-ups a minute per team member: its window is emptied every 50
  // requests, between two of them (each request still counts its hit, as at a till).
  const lookup = async (qr: boolean) => {
    const { latencies } = await timeRequests(
      LOOKUPS,
      (i) => {
        const short = ctx.codes[i % ctx.codes.length]!;
        return fetch(`${ctx.base}/api/counter/lookup`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: ctx.appUrl, cookie: ctx.cookie },
          // A QR code is signed for the current 30-second step, as /api/me/counter-code does.
          body: JSON.stringify({
            code: qr ? signStepToken(AUTH_SECRET, "customer-code", short) : formatShortCode(short),
          }),
        });
      },
      (i) =>
        i % 50 === 0
          ? db.execute(sql.raw("DELETE FROM rate_limits WHERE key LIKE 'counter-lookup:%'"))
          : Promise.resolve(),
    );
    return percentiles(latencies);
  };
  const lookupCode = await lookup(false);
  const lookupQr = await lookup(true);
  console.info(
    `  counter lookup: short code p50 ${f(lookupCode.p50)} / p95 ${f(lookupCode.p95)} / p99 ${f(lookupCode.p99)} ms, QR p50 ${f(lookupQr.p50)} / p95 ${f(lookupQr.p95)} / p99 ${f(lookupQr.p99)} ms`,
  );
  return {
    loadAverage,
    databaseMb: Number(size!.mb),
    addStamp,
    api,
    search,
    reports,
    lookupCode,
    lookupQr,
  };
}

/** Each phase's figures over its rounds: the medians of the rounds' figures. */
export function pool(phases: Phase[]): Phase {
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
  const l = (pick: (p: Phase) => Load): Load => ({
    rps: med((x) => pick(x).rps),
    errors: phases.reduce((t, x) => t + pick(x).errors, 0),
    ...p(pick),
  });
  return {
    loadAverage: avg((x) => x.loadAverage),
    databaseMb: phases.at(-1)!.databaseMb,
    addStamp: l((x) => x.addStamp),
    api: l((x) => x.api),
    search: {
      ...p((x) => x.search),
      terms: first!.search.terms.map((t, i) => ({ ...t, ...p((x) => x.search.terms[i]!) })),
    },
    reports: {
      ...p((x) => x.reports),
      periods: first!.reports.periods.map((t, i) => ({ ...t, ...p((x) => x.reports.periods[i]!) })),
    },
    lookupCode: p((x) => x.lookupCode),
    lookupQr: p((x) => x.lookupQr),
  };
}
