/**
 * `npm run bench` (after scripts/bench.ts), or `tsx scripts/bench-customers.ts`: the /clientes
 * search API over HTTP with a company's session, on PostgreSQL (DATABASE_URL) with 100,000
 * customers (BENCH_CUSTOMERS) seeded by scripts/seed-customers.ts, in a fresh database dropped
 * after. p50/p95/p99 per term and overall; rewrites only the "## Customer search" section of
 * docs/performance.md. Without DATABASE_URL it says so and exits 0.
 */

import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import { eq, sql } from "drizzle-orm";
import { createApp } from "../src/server/app";
import { connectPostgres } from "../src/server/db/client";
import { users } from "../src/server/db/schema";
import type { Mail } from "../src/server/modules/mail/mail.service";
import { writePerformanceSection } from "./perf-doc";
import { scriptEnv } from "./script-env";
import { seedCustomers } from "./seed-customers";

const CUSTOMERS = Number(scriptEnv.BENCH_CUSTOMERS ?? 100_000);
const RUNS = Number(scriptEnv.BENCH_SEARCH_RUNS ?? 60);
const WARMUP = 5;
const SECTION = "## Customer search";

/** Realistic terms: names with and without accents, partial e-mail, phone digits, short, none. */
export const TERMS: { term: string; page?: number; what: string }[] = [
  { term: "", what: "no search (first page)" },
  { term: "", page: 50, what: "no search, page 50" },
  { term: "joão", what: "first name, accented" },
  { term: "joao", what: "first name, no accent" },
  { term: "Conceição", what: "name, accents and capital" },
  { term: "guimaraes", what: "surname, no accent" },
  { term: "maria silva", what: "two words" },
  { term: "silva", page: 10, what: "common surname, page 10" },
  { term: "fabio.magalhaes", what: "partial e-mail" },
  { term: "@exemplo.com", what: "e-mail domain (all match)" },
  { term: "98765", what: "phone digits" },
  { term: "(11) 9", what: "phone as written" },
  { term: "a", what: "1 letter" },
  { term: "jo", what: "2 letters" },
  { term: "zq", what: "2 letters, no match" },
  { term: "xyzwq", what: "no match" },
];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function main() {
  const url = scriptEnv.DATABASE_URL;
  if (!url) {
    console.info(
      "bench-customers: the customer search benchmark needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres). Skipped.",
    );
    return;
  }
  const name = `carimbou_bench_customers_${Date.now()}`;
  const admin = connectPostgres(url, { max: 1 });
  await admin.db.execute(sql.raw(`CREATE DATABASE ${name}`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = connectPostgres(target.toString(), { max: 10 });
  const lines: string[] = [];
  let server: ReturnType<typeof serve> | undefined;
  try {
    await database.migrate();
    const mails: Mail[] = [];
    const appUrl = "http://127.0.0.1";
    const { app } = createApp({
      db: database.db,
      mailer: { kind: "smtp", send: async (m) => void mails.push(m), close() {} },
      appUrl,
      authSecret: "bench-secret-bench-secret-bench-secret-00",
    });
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((r) => server!.once("listening", r));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const post = (path: string, body: unknown) =>
      fetch(base + path, {
        method: "POST",
        headers: { "content-type": "application/json", origin: appUrl },
        body: JSON.stringify(body),
      });

    const email = "bench-clientes@example.com";
    await post("/api/accounts/company", {
      companyName: "Bench Clientes",
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
      company: { id: string };
    };

    const seedStart = performance.now();
    await seedCustomers(database.db, me.company.id, CUSTOMERS);
    // What autovacuum does on a live server: statistics and the visibility map.
    await database.db.execute(sql.raw("VACUUM ANALYZE"));
    const seedSeconds = ((performance.now() - seedStart) / 1000).toFixed(1);
    console.info(`Seeded ${CUSTOMERS} customers in ${seedSeconds} s`);

    const all: number[] = [];
    const header = [
      "| term | what | results | p50 ms | p95 ms | p99 ms |",
      "| --- | --- | --- | --- | --- | --- |",
    ];
    console.info(header.join("\n"));
    for (const { term, page, what } of TERMS) {
      const params = new URLSearchParams();
      if (term) params.set("search", term);
      if (page) params.set("page", String(page));
      const path = `/api/customers/directory?${params}`;
      const latencies: number[] = [];
      let total = 0;
      let capped = false;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const t0 = performance.now();
        const res = await fetch(base + path, { headers: { cookie } });
        const body = (await res.json()) as { total: number; totalCapped: boolean };
        const ms = performance.now() - t0;
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
        total = body.total;
        capped = body.totalCapped;
        if (i >= WARMUP) latencies.push(ms);
      }
      all.push(...latencies);
      const sorted = latencies.sort((a, b) => a - b);
      const f = (n: number) => n.toFixed(1);
      lines.push(
        `| ${term ? `\`${term}\`` : "—"}${page ? ` (page ${page})` : ""} | ${what} | ${capped ? `more than ${total}` : total} | ${f(pct(sorted, 0.5))} | ${f(pct(sorted, 0.95))} | ${f(pct(sorted, 0.99))} |`,
      );
      console.info(lines.at(-1));
    }
    const sorted = all.sort((a, b) => a - b);
    const f = (n: number) => n.toFixed(1);
    lines.push(
      `| **all** | ${TERMS.length} terms × ${RUNS} requests | | **${f(pct(sorted, 0.5))}** | **${f(pct(sorted, 0.95))}** | **${f(pct(sorted, 0.99))}** |`,
    );
    console.info(lines.at(-1));

    const section = [
      `${SECTION} (\`npm run bench\`, PostgreSQL)`,
      "",
      `Measured ${new Date().toISOString().slice(0, 10)} on this project's 2-core machine: \`GET /api/customers/directory?search=…\` over HTTP with the company's session, one request at a time (${RUNS} per term after ${WARMUP} warm-ups), on one company with ${CUSTOMERS.toLocaleString("en")} customers (scripts/seed-customers.ts, seeded in ${seedSeconds} s, then \`VACUUM ANALYZE\`). Each answer is a page of 20 with the total (a search counts up to 1,000: "more than 1000"), card and message counts. Target: p95 under 50 ms.`,
      "",
      ...header,
      ...lines,
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
