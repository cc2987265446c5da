/**
 * `npm run bench` (after bench-customers), or `tsx scripts/bench-reports.ts`: /relatorios over
 * HTTP with a company's session, on PostgreSQL (DATABASE_URL) with 100,000 members and 1,000,000
 * stamps over 12 months (BENCH_REPORT_MEMBERS, BENCH_REPORT_STAMPS) seeded by
 * scripts/seed-reports.ts, in a fresh database dropped after. p50/p95/p99 of GET /api/reports for
 * 7, 30 and 90 days, last month and 12 months; the exports' rate in rows per second (CSV of every
 * member, of every stamp, and the whole .xlsx workbook). Rewrites only the "## Reports" section of
 * docs/performance.md. Without DATABASE_URL it says so and exits 0.
 */

import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { serve } from "@hono/node-server";
import { saoPauloDate } from "@shared/dates";
import { reportPeriod } from "@shared/reports.schema";
import { sql } from "drizzle-orm";
import { createApp } from "../src/server/app";
import { connectPostgres } from "../src/server/db/client";
import { JOBS } from "../src/server/jobs";
import { installJobs } from "../src/server/modules/jobs/jobs.service";
import { addDays } from "../src/server/modules/reports/reports.service";
import { writePerformanceSection } from "./perf-doc";
import { scriptEnv } from "./script-env";
import { ensureSeedCompany, seedCustomers } from "./seed-customers";
import { seedReportActivity } from "./seed-reports";

const MEMBERS = Number(scriptEnv.BENCH_REPORT_MEMBERS ?? 100_000);
const STAMPS = Number(scriptEnv.BENCH_REPORT_STAMPS ?? 1_000_000);
const RUNS = Number(scriptEnv.BENCH_REPORT_RUNS ?? 40);
const WARMUP = 5;
const SECTION = "## Reports";

// A full collection on demand, to sample the live heap while an export streams.
v8.setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const f = (n: number) => n.toFixed(1);
const thousands = (n: number) => Math.round(n).toLocaleString("en");

/** The periods measured: the screen's presets and the year, ending today (São Paulo). */
export function reportPeriods(
  today = saoPauloDate(),
): { what: string; from: string; to: string }[] {
  return [
    { what: "7 days", ...reportPeriod("7d", today) },
    { what: "30 days", ...reportPeriod("30d", today) },
    { what: "90 days", ...reportPeriod("90d", today) },
    { what: "last month", ...reportPeriod("last_month", today) },
    { what: "12 months", from: addDays(today, -364), to: today },
  ];
}

async function main() {
  const url = scriptEnv.DATABASE_URL;
  if (!url) {
    console.info(
      "bench-reports: the reports benchmark needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres). Skipped.",
    );
    return;
  }
  const name = `carimbou_bench_reports_${Date.now()}`;
  const admin = connectPostgres(url, { max: 1 });
  await admin.db.execute(sql.raw(`CREATE DATABASE ${name}`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = connectPostgres(target.toString());
  let server: ReturnType<typeof serve> | undefined;
  try {
    await database.migrate();
    // The job queue's schema, so the sign-up's confirmation e-mail has its outbox.
    await installJobs(database, JOBS);
    const appUrl = "http://127.0.0.1";
    const { app } = createApp({
      db: database.db,
      mailer: { kind: "smtp", send: async () => {}, close() {} },
      appUrl,
      authSecret: "bench-secret-bench-secret-bench-secret-00",
    });
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((r) => server!.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    // The company through the real sign-up, confirmed (scripts/seed-customers.ts), then signed in.
    const login = { email: "bench-relatorios@example.com", password: "segredo1" };
    const companyId = await ensureSeedCompany(database.db, { ...login, name: "Bench Relatórios" });
    const signIn = await fetch(`${base}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: appUrl },
      body: JSON.stringify(login),
    });
    if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    const seedStart = performance.now();
    await seedCustomers(database.db, companyId, MEMBERS);
    const customersDone = performance.now();
    await seedReportActivity(database.db, companyId, STAMPS);
    const activityDone = performance.now();
    // What autovacuum does on a live server: statistics and the visibility map.
    await database.db.execute(sql.raw("VACUUM ANALYZE"));
    const s = (ms: number) => (ms / 1000).toFixed(1);
    const seeded = `${s(customersDone - seedStart)} s for the members, ${s(activityDone - customersDone)} s for the stamps and their roll-ups, the cards, referrals and messages`;
    console.info(`Seeded: ${seeded}`);

    const periods = reportPeriods();
    const reportHeader = [
      "| period | days | stamps in it | active members | p50 ms | p95 ms | p99 ms |",
      "| --- | --- | --- | --- | --- | --- | --- |",
    ];
    console.info(reportHeader.join("\n"));
    const reportLines: string[] = [];
    const all: number[] = [];
    for (const { what, from, to } of periods) {
      const path = `/api/reports?from=${from}&to=${to}`;
      const latencies: number[] = [];
      let body: { period: { days: number }; tiles: Record<string, { current: number }> } | null =
        null;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const t0 = performance.now();
        const res = await fetch(base + path, { headers: { cookie } });
        const text = await res.text();
        const ms = performance.now() - t0;
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
        body = JSON.parse(text);
        if (i >= WARMUP) latencies.push(ms);
      }
      all.push(...latencies);
      const sorted = latencies.sort((a, b) => a - b);
      reportLines.push(
        `| ${what} (${from} to ${to}) | ${body!.period.days} | ${thousands(body!.tiles.stampsGiven!.current)} | ${thousands(body!.tiles.activeMembers!.current)} | ${f(pct(sorted, 0.5))} | ${f(pct(sorted, 0.95))} | ${f(pct(sorted, 0.99))} |`,
      );
      console.info(reportLines.at(-1));
    }
    const sortedAll = all.sort((a, b) => a - b);
    reportLines.push(
      `| **all** | ${periods.length} periods × ${RUNS} requests | | | **${f(pct(sortedAll, 0.5))}** | **${f(pct(sortedAll, 0.95))}** | **${f(pct(sortedAll, 0.99))}** |`,
    );
    console.info(reportLines.at(-1));

    // The exports of the 12 months, read to the end as a browser downloads them.
    const year = periods.at(-1)!;
    const exportHeader = [
      "| export (12 months) | rows | MB | seconds | rows/s | live heap growth MB |",
      "| --- | --- | --- | --- | --- | --- |",
    ];
    console.info(exportHeader.join("\n"));
    const exportLines: string[] = [];
    const download = async (file: string) => {
      gc();
      const heapBefore = process.memoryUsage().heapUsed;
      let heapMax = heapBefore;
      let sampledAt = 0;
      const t0 = performance.now();
      const res = await fetch(
        `${base}/api/reports/exports/${file}?from=${year.from}&to=${year.to}`,
        { headers: { cookie } },
      );
      if (res.status !== 200) throw new Error(`${file}: ${res.status} ${await res.text()}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body!) {
        bytes += chunk.length;
        for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
        // The live heap (after a collection) every 8 MB: what the export holds, not its garbage.
        if (bytes - sampledAt >= 8e6) {
          sampledAt = bytes;
          gc();
          heapMax = Math.max(heapMax, process.memoryUsage().heapUsed);
        }
      }
      const seconds = (performance.now() - t0) / 1000;
      return { bytes, lines, seconds, heapGrowth: (heapMax - heapBefore) / 1e6 };
    };
    let workbookRows = 0;
    for (const file of [
      "membros.csv",
      "carimbos.csv",
      "cartoes.csv",
      "mensagens.csv",
      "indicacoes.csv",
    ]) {
      const r = await download(file);
      const rows = r.lines - 1;
      workbookRows += rows;
      if (file === "membros.csv" || file === "carimbos.csv") {
        exportLines.push(
          `| \`${file}\` | ${thousands(rows)} | ${f(r.bytes / 1e6)} | ${f(r.seconds)} | ${thousands(rows / r.seconds)} | ${f(r.heapGrowth)} |`,
        );
        console.info(exportLines.at(-1));
      }
    }
    const xlsx = await download("relatorio.xlsx");
    exportLines.push(
      `| \`relatorio.xlsx\` (5 sheets) | ${thousands(workbookRows)} | ${f(xlsx.bytes / 1e6)} | ${f(xlsx.seconds)} | ${thousands(workbookRows / xlsx.seconds)} | ${f(xlsx.heapGrowth)} |`,
    );
    console.info(exportLines.at(-1));

    const section = [
      `${SECTION} (\`npm run bench\`, PostgreSQL)`,
      "",
      `Measured ${new Date().toISOString().slice(0, 10)} on this project's 2-core machine: one company with ${thousands(MEMBERS)} members and ${thousands(STAMPS)} stamps over the last 12 months (scripts/seed-reports.ts, seeded in ${seeded}, then \`VACUUM ANALYZE\`), the server and the client in one process, one request at a time. \`GET /api/reports?from=…&to=…\` over HTTP with the company's session (${RUNS} requests per period after ${WARMUP} warm-ups): every tile for the period and the one before it, stamps by day and method, members by week and origin, cards by week, the top 10 and the birthdays of the next 30 days. Target: p95 ≤ 300 ms.`,
      "",
      ...reportHeader,
      ...reportLines,
      "",
      `The exports of the 12 months, downloaded to the end by a client in the same process (rows without the header; the workbook holds the five CSVs' rows, a sheet each). Live heap growth: the largest heap after a forced collection, sampled every 8 MB of the download, less the heap before it (server and client together). Target: ≥ 20,000 rows/s for the members.`,
      "",
      ...exportHeader,
      ...exportLines,
      "",
    ].join("\n");
    writePerformanceSection(SECTION, section);
    console.info("\nWritten to docs/performance.md");
  } finally {
    if (server) await new Promise((r) => server!.close(r));
    await database.close();
    await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    await admin.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
