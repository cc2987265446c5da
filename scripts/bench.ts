/**
 * `npm run bench`: add-stamp over HTTP with an authenticated staff session, beside the same
 * database transaction run without HTTP, at 1, 16 and 64 connections. Embedded PGlite always;
 * PostgreSQL too when DATABASE_URL is set (in a fresh database on that server, dropped after).
 * Writes the table to docs/performance.md.
 */
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { serve } from "@hono/node-server";
import { eq, sql } from "drizzle-orm";
import { createApp } from "../src/server/app";
import { connectPostgres, type Database, openPglite } from "../src/server/db/client";
import { loyaltyCards } from "../src/server/db/schema";
import type { Mail } from "../src/server/modules/mail/mail.service";
import { addStampToCard } from "../src/server/modules/stamps/stamps.service";

const LEVELS = [1, 16, 64];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const root = new URL("..", import.meta.url).pathname;

type Result = { rps: number; p50: number; p99: number; errors: number };

async function measure(
  connections: number,
  run: (worker: number) => Promise<boolean>,
): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const ok = await run(worker);
        latencies.push(performance.now() - t0);
        if (!ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { rps: latencies.length / elapsed, p50: pct(0.5), p99: pct(0.99), errors };
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
  const link = mails.at(-1)!.text.match(/https?:\/\/\S+/)![0];
  await fetch(base + new URL(link).pathname + new URL(link).search, { redirect: "manual" });
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

  const rows: string[] = [];
  for (const connections of LEVELS) {
    const http = await measure(connections, async (w) => {
      const res = await post(
        `/api/cards/${cards[w]}/stamps`,
        { method: "purchase", notes: "" },
        cookie,
      );
      await res.arrayBuffer();
      return res.status === 201;
    });
    const bare = await measure(connections, async (w) => {
      await database.db.transaction((tx) =>
        addStampToCard(tx as never, actor, cards[w]!, { method: "purchase", notes: "" }),
      );
      return true;
    });
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

  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `carimbou_bench_${Date.now()}`;
    const admin = connectPostgres(url, { max: 1 });
    await admin.db.execute(sql.raw(`CREATE DATABASE ${name}`));
    const target = new URL(url);
    target.pathname = `/${name}`;
    const pg = connectPostgres(target.toString(), { max: 20 });
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
  const section = [
    "## Add-stamp (`npm run bench`)",
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on this project's 2-core machine, ${SECONDS} s per row, one customer card per connection. "bare" is the same database transaction (\`addStampToCard\`) called without HTTP.`,
    "",
    ...header,
    ...rows,
    "",
  ].join("\n");
  const start = previous.indexOf("## Add-stamp");
  const rest =
    start >= 0
      ? previous.slice(
          previous.indexOf("\n## ", start + 1) >= 0
            ? previous.indexOf("\n## ", start + 1) + 1
            : previous.length,
        )
      : "";
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
