/**
 * `npm run bench`: add-stamp over HTTP with an authenticated staff session, beside the same
 * database transaction run without HTTP, at 1, 16 and 64 connections. Embedded PGlite always;
 * PostgreSQL too when DATABASE_URL is set (in a fresh database on that server, dropped after).
 * The HTTP clients run in a child process (scripts/bench-client.ts), not on the server's event
 * loop. Writes the table to docs/performance.md.
 */

import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { serve } from "@hono/node-server";
import { eq, sql } from "drizzle-orm";
import { createApp } from "../src/server/app";
import { connectPostgres, type Database, openPglite } from "../src/server/db/client";
import { loyaltyCards, users } from "../src/server/db/schema";
import type { Mail } from "../src/server/modules/mail/mail.service";
import { qualifyReferral } from "../src/server/modules/referrals/referrals.service";
import { addStampToCard } from "../src/server/modules/stamps/stamps.service";
import type { ClientJob, ClientResult } from "./bench-client";
import { scriptEnv } from "./script-env";

const LEVELS = [1, 16, 64];
const SECONDS = Number(scriptEnv.BENCH_SECONDS ?? 5);
const root = new URL("..", import.meta.url).pathname;

type Result = { rps: number; p50: number; p99: number; errors: number };

function summarize({
  latencies,
  errors,
  elapsed,
}: Pick<ClientResult, "latencies" | "errors" | "elapsed">): Result {
  const sorted = Float64Array.from(latencies).sort();
  const pct = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
  return { rps: sorted.length / elapsed, p50: pct(0.5), p99: pct(0.99), errors };
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
function measureHttp(job: ClientJob): Promise<Result> {
  return new Promise((resolve, reject) => {
    // Same runtime flags as this process (tsx's loader), and structured clone for the latencies.
    const client = fork(new URL("./bench-client.ts", import.meta.url), {
      execArgv: process.execArgv,
      serialization: "advanced",
    });
    client.once("message", (message) => {
      const result = message as ClientResult;
      const perRequest = result.cpuMs / Math.max(1, result.latencies.length);
      console.info(`  (load generator CPU: ${perRequest.toFixed(2)} ms per request)`);
      resolve(summarize(result));
    });
    client.once("error", reject);
    client.once("exit", (code) => {
      if (code !== 0) reject(new Error(`bench client exited with ${code}`));
    });
    client.send(job);
  });
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
  const actor = { userId: me.user.id, companyId: me.company.id };

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
  const cards = (
    await database.db
      .select({ id: loyaltyCards.id })
      .from(loyaltyCards)
      .where(eq(loyaltyCards.companyId, actor.companyId))
  ).map((c) => c.id);

  const input = { method: "purchase", notes: "" } as const;
  const httpJob = (connections: number, seconds: number): ClientJob => ({
    port,
    paths: cards.slice(0, connections).map((id) => `/api/cards/${id}/stamps`),
    headers: { "content-type": "application/json", origin: appUrl, cookie },
    body: JSON.stringify(input),
    expectStatus: 201,
    seconds,
  });
  const bareRun = (w: number) =>
    database.db.transaction(async (tx) => {
      const { customerId } = await addStampToCard(tx as never, actor, cards[w]!, input);
      await qualifyReferral(tx as never, { companyId: actor.companyId, customerId, appUrl });
    });

  // Not recorded: lets both paths compile hot and the pool open its connections first.
  await measureHttp(httpJob(max, 1));
  await measure(max, 1, bareRun);

  const rows: string[] = [];
  for (const connections of LEVELS) {
    const http = await measureHttp(httpJob(connections, SECONDS));
    const bare = await measure(connections, SECONDS, bareRun);
    const f = (n: number) => n.toFixed(1);
    rows.push(
      `| ${label} | ${connections} | ${f(http.rps)} | ${f(http.p50)} | ${f(http.p99)} | ${http.errors} | ${f(bare.rps)} | ${f(bare.p50)} | ${f(bare.p99)} | ${(http.rps / bare.rps).toFixed(2)} |`,
    );
    console.info(rows.at(-1));
  }
  await new Promise((r) => server.close(r));
  return rows;
}

async function main() {
  const header = [
    "| database | connections | HTTP req/s | HTTP p50 ms | HTTP p99 ms | HTTP errors | bare tx/s | bare p50 ms | bare p99 ms | HTTP / bare |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  console.info(header.join("\n"));
  const rows: string[] = [];
  const pglite = openPglite();
  rows.push(...(await benchDatabase("PGlite (embedded)", pglite)));
  await pglite.close();

  const url = scriptEnv.DATABASE_URL;
  if (url) {
    const name = `carimbou_bench_${Date.now()}`;
    const admin = connectPostgres(url, { max: 1 });
    await admin.db.execute(sql.raw(`CREATE DATABASE ${name}`));
    const target = new URL(url);
    target.pathname = `/${name}`;
    // The server's own pool size (connectPostgres' default): on 2 cores, more backends only
    // contend for the same CPU (measured: 20 connections were no faster and the bare path slower).
    const pg = connectPostgres(target.toString());
    try {
      rows.push(...(await benchDatabase("PostgreSQL", pg)));
    } finally {
      await pg.close();
      await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await admin.close();
    }
  }

  const doc = `${root}docs/performance.md`;
  const previous = (() => {
    try {
      return readFileSync(doc, "utf8");
    } catch {
      return "";
    }
  })();
  const start = previous.indexOf("## Add-stamp");
  const end =
    start >= 0 && previous.indexOf("\n## ", start + 1) >= 0
      ? previous.indexOf("\n## ", start + 1) + 1
      : previous.length;
  // The hand-written "Reading:" under the table survives a re-run (to be revised with the figures).
  const oldSection = start >= 0 ? previous.slice(start, end) : "";
  const reading = oldSection.includes("\nReading:")
    ? oldSection.slice(oldSection.indexOf("\nReading:") + 1).trimEnd()
    : "";
  const section = [
    "## Add-stamp (`npm run bench`)",
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on this project's 2-core machine, ${SECONDS} s per row, one customer card per connection. "bare" is the same database transaction (\`addStampToCard\` and the referral check \`qualifyReferral\`) called without HTTP.`,
    "",
    ...header,
    ...rows,
    "",
    ...(reading ? [reading, ""] : []),
  ].join("\n");
  const rest = start >= 0 ? previous.slice(end) : "";
  const head =
    start >= 0
      ? previous.slice(0, start)
      : previous ||
        "# Performance\n\nFigures the project keeps; `npm run bench` rewrites its section.\n\n";
  writeFileSync(doc, `${head}${section}${rest ? `\n${rest}` : ""}`);
  console.info(`\nWritten to docs/performance.md`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
