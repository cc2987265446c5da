/**
 * `npm run bench:scale` (last of `npm run bench`): does one company's cost stay flat when the
 * database around it grows? On PostgreSQL (DATABASE_URL), in two fresh databases on that server
 * (dropped after, unless BENCH_SCALE_KEEP names them). One company with 100,000 members and
 * 1,000,000 stamps over 12 months (BENCH_SCALE_MEMBERS, BENCH_SCALE_STAMPS; seed-reports.ts) is
 * seeded alone; a copy of that database is then grown in steps (seed-tenants.ts, once per step)
 * to 3× and 10× the company's members and stamps (BENCH_SCALE_STEPS, default "3": the sizes on
 * the way; BENCH_SCALE_FACTOR, default 10: the last). N× is the company and (N − 1) times its data
 * in other companies of about its size: at 10×, 999 others (BENCH_SCALE_COMPANIES - 1, 1,000,000
 * members and 10,000,000 stamps in all), at 3× 222 of them (2 ÷ 9 of the others). At each step the
 * same company is measured in both, in turns (BENCH_SCALE_ROUNDS): add-stamp and
 * `POST /api/v1/stamps` at 16 connections (bench-client.ts), the /clientes directory search over
 * bench-customers.ts' terms, /relatorios over bench-reports.ts' periods, and the counter's lookup
 * by short code and by QR code (BENCH_SCALE_LOOKUPS requests each, default 200); see
 * bench-scale-phase.ts. Goal: each within 1.2× of the company alone at the last step. Rewrites
 * the "## Scale" section of docs/performance.md with the growth table, draws
 * docs/performance-growth.svg (bench-scale-doc.ts) and writes .bench/scale.json (read by
 * bench-goals.ts). Prints each step's time. Without DATABASE_URL it says so and exits 0.
 */

import { mkdirSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import { and, eq, notInArray, sql } from "drizzle-orm";
import { createApp } from "../src/server/app";
import { connectPostgres, type Database } from "../src/server/db/client";
import { companies, loyaltyCards, memberships, profiles } from "../src/server/db/schema";
import { JOBS } from "../src/server/jobs";
import { installJobs } from "../src/server/modules/jobs/jobs.service";
import { CHART, compare, GOAL, growthSvg, SECTION, type Step, section } from "./bench-scale-doc";
import {
  AUTH_SECRET,
  CONNECTIONS,
  giveCounterCodes,
  measurePhase,
  type Phase,
  type PhaseContext,
  pool,
} from "./bench-scale-phase";
import { writePerformanceSection } from "./perf-doc";
import { scriptEnv } from "./script-env";
import { ensureSeedCompany, seedCustomers } from "./seed-customers";
import { seedReportActivity } from "./seed-reports";
import { seedTenants, type TenantSizes } from "./seed-tenants";

const MEMBERS = Number(scriptEnv.BENCH_SCALE_MEMBERS ?? 100_000);
const STAMPS = Number(scriptEnv.BENCH_SCALE_STAMPS ?? 1_000_000);
const FACTOR = Number(scriptEnv.BENCH_SCALE_FACTOR ?? 10);
const COMPANIES = Number(scriptEnv.BENCH_SCALE_COMPANIES ?? 1_000);
/** The sizes measured on the way to FACTOR, then FACTOR itself. */
const FACTORS = [
  ...new Set([
    ...(scriptEnv.BENCH_SCALE_STEPS ?? "3")
      .split(",")
      .filter((v) => v.trim() !== "")
      .map(Number)
      .filter((n) => n > 1 && n < FACTOR),
    FACTOR,
  ]),
].sort((a, b) => a - b);
/** Turns of alone then N× at each step: each figure is the median of its rounds' figures. */
const ROUNDS = Number(scriptEnv.BENCH_SCALE_ROUNDS ?? 2);
/** Active members of the company looked up at the counter, in turn. */
const LOOKUP_MEMBERS = 20;
const root = new URL("..", import.meta.url);

/**
 * The other companies' share of a database N times the company's size: (N − 1) ÷ (FACTOR − 1) of
 * what FACTOR has around the company (COMPANIES − 1 companies, (FACTOR − 1) times its members and
 * stamps, (FACTOR − 3) times its members as new people: the rest are shared).
 */
function othersAt(factor: number): TenantSizes {
  const share = (factor - 1) / (FACTOR - 1);
  return {
    companies: Math.round((COMPANIES - 1) * share),
    people: Math.round(Math.max(0, MEMBERS * (FACTOR - 3)) * share),
    members: Math.round(MEMBERS * (FACTOR - 1) * share),
    stamps: Math.round(STAMPS * (FACTOR - 1) * share),
  };
}

const f = (n: number) => n.toFixed(1);
const thousands = (n: number) => Math.round(n).toLocaleString("en");
const s = (ms: number) => (ms / 1000).toFixed(1);

/** An app server on `database`, as bench-reports runs it; its base URL and port. */
async function startApp(database: Database, appUrl: string) {
  const { app } = createApp({
    db: database.db,
    mailer: { kind: "smtp", send: async () => {}, close() {} },
    appUrl,
    authSecret: AUTH_SECRET,
    // The key's limit (600 a minute) out of the way; its counter's upsert still runs per request.
    apiKeyRateLimit: { bucket: "api-key", max: 1_000_000_000, windowSeconds: 60 },
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

/**
 * The company alone: seeded, signed in once, its API key made (the session and the key are
 * copied into the big database with the rows); the cards the load stamps and the codes looked up.
 */
async function seedAlone(database: Database, appUrl: string) {
  const db = database.db;
  await database.migrate();
  await installJobs(database, JOBS);
  const login = { email: "bench-escala@example.com", password: "segredo1" };
  const companyId = await ensureSeedCompany(db, { ...login, name: "Bench Escala" });
  const first = await startApp(database, appUrl);
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(first.base + path, {
      method: "POST",
      headers: { "content-type": "application/json", origin: appUrl, ...(cookie && { cookie }) },
      body: JSON.stringify(body),
    });
  const signIn = await post("/api/session", login);
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  // The public API's key: a live one that may stamp, made by the owner as on /integracoes.
  const created = await post(
    "/api/integrations/keys",
    { name: "Bench PDV", scopes: ["stamps:write"], mode: "live" },
    cookie,
  );
  if (created.status !== 201) throw new Error(`API key: ${created.status} ${await created.text()}`);
  const { secret: apiKey } = (await created.json()) as { secret: string };
  await first.close();

  const t0 = performance.now();
  await seedCustomers(db, companyId, MEMBERS);
  const customersDone = performance.now();
  await seedReportActivity(db, companyId, STAMPS);
  const stampsDone = performance.now();
  const coded = await giveCounterCodes(db);
  const seed = `${s(customersDone - t0)} s for the members, ${s(stampsDone - customersDone)} s for the stamps and roll-ups, ${s(performance.now() - stampsDone)} s for ${thousands(coded)} counter codes`;
  // Active members' cards that take every stamp of the runs (no card_complete).
  const cards = await db
    .select({ id: loyaltyCards.id, memberId: loyaltyCards.customerId })
    .from(loyaltyCards)
    .innerJoin(memberships, eq(memberships.id, loyaltyCards.membershipId))
    .where(
      sql`${loyaltyCards.companyId} = ${companyId} and ${loyaltyCards.status} = 'active' and ${memberships.status} = 'active'`,
    )
    .orderBy(loyaltyCards.id)
    .limit(CONNECTIONS);
  for (const { id } of cards)
    await db.update(loyaltyCards).set({ maxStamps: 100_000_000 }).where(eq(loyaltyCards.id, id));
  // Each card is stamped again and again: the counter's interval and daily cap are off.
  await db
    .update(companies)
    .set({ stampIntervalMinutes: 0, dailyStampCap: 0 })
    .where(eq(companies.id, companyId));
  // Other active members, spread over the company, for the counter's look-ups.
  const codes = (
    await db
      .select({ code: profiles.counterCode })
      .from(memberships)
      .innerJoin(profiles, eq(profiles.id, memberships.customerId))
      .where(
        and(
          eq(memberships.companyId, companyId),
          eq(memberships.status, "active"),
          notInArray(
            memberships.customerId,
            cards.map((c) => c.memberId),
          ),
        ),
      )
      .orderBy(sql`md5(${memberships.id})`)
      .limit(LOOKUP_MEMBERS)
  ).map((r) => r.code!);
  await db.execute(sql.raw("VACUUM ANALYZE"));
  return { cookie, apiKey, cards, codes, seed };
}

/** Grows the big database to `factor` from `from` (seed-tenants.ts, codes, VACUUM ANALYZE). */
async function grow(database: Database, from: number, factor: number) {
  const [before, after] = [from > 1 ? othersAt(from) : null, othersAt(factor)];
  const more: TenantSizes = {
    companies: Math.max(1, after.companies - (before?.companies ?? 0)),
    people: after.people - (before?.people ?? 0),
    members: after.members - (before?.members ?? 0),
    stamps: after.stamps - (before?.stamps ?? 0),
  };
  console.info(
    `\nGrowing to ${factor}×: ${thousands(more.companies)} companies, ${thousands(more.people)} people, ${thousands(more.members)} members, ${thousands(more.stamps)} stamps more…`,
  );
  const t0 = performance.now();
  const seeded = await seedTenants(database.db, more, (step, seconds) =>
    console.info(`  ${step}: ${seconds.toFixed(1)} s`),
  );
  let t = performance.now();
  const coded = await giveCounterCodes(database.db);
  const codes = (performance.now() - t) / 1000;
  console.info(`  counter codes (${thousands(coded)}): ${f(codes)} s`);
  t = performance.now();
  await database.db.execute(sql.raw("VACUUM ANALYZE"));
  const vacuum = (performance.now() - t) / 1000;
  console.info(`  VACUUM ANALYZE: ${f(vacuum)} s`);
  const seconds = (performance.now() - t0) / 1000;
  const seed = `${f(seconds)} s (${Object.entries(seeded.steps)
    .map(([step, sec]) => `${step} ${f(sec)} s`)
    .join(", ")}, counter codes ${f(codes)} s, \`VACUUM ANALYZE\` ${f(vacuum)} s)`;
  console.info(`Grown to ${factor}× in ${seed}`);
  return {
    seed,
    seconds,
    members: seeded.members,
    stamps: seeded.stamps,
    companies: more.companies,
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
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 60_000).toFixed(1)} min in`;
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
    let smallDb = connect(names.small);
    const alone = await seedAlone(smallDb, appUrl);
    console.info(`Company alone seeded: ${alone.seed} (${elapsed()})`);

    // The big database: a copy of the small one (the same company, rows, session and key).
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
    console.info(`Copied (${elapsed()})`);
    smallDb = connect(names.small);
    const bigDb = connect(names.big);
    const apps = { small: await startApp(smallDb, appUrl), big: await startApp(bigDb, appUrl) };
    servers.push(apps.small, apps.big);
    const context = (which: "small" | "big"): PhaseContext => ({
      ...apps[which],
      database: which === "small" ? smallDb : bigDb,
      appUrl,
      cookie: alone.cookie,
      apiKey: alone.apiKey,
      cards: alone.cards,
      codes: alone.codes,
    });

    const steps: Step[] = [];
    const rounds: { factor: number; small: Phase[]; big: Phase[] }[] = [];
    const sizes = { companies: 1, members: MEMBERS, stamps: STAMPS };
    let from = 1;
    for (const factor of FACTORS) {
      const grown = await grow(bigDb, from, factor);
      sizes.companies += grown.companies;
      sizes.members += grown.members;
      sizes.stamps += grown.stamps;
      console.info(`(${elapsed()})`);
      // Measured in turns, alone then N×, so a change in the machine's load falls on both.
      const turns = { factor, small: [] as Phase[], big: [] as Phase[] };
      const t0 = performance.now();
      for (let round = 1; round <= ROUNDS; round++) {
        for (const which of ["small", "big"] as const) {
          const label = `${which === "small" ? "alone" : `${factor}×`}, round ${round}`;
          turns[which].push(await measurePhase(label, context(which)));
        }
      }
      rounds.push(turns);
      const step: Step = {
        factor,
        ...sizes,
        seed: grown.seed,
        seedSeconds: grown.seconds,
        small: pool(turns.small),
        big: pool(turns.big),
      };
      steps.push(step);
      console.info(
        `\nAt ${factor}× (measured in ${s(performance.now() - t0)} s, ${elapsed()}):\n${compare(
          step.small,
          step.big,
        )
          .map((r) => `  ${r.what}: ${f(r.small)} → ${f(r.big)} (${r.ratio.toFixed(2)}×)`)
          .join("\n")}`,
      );
      from = factor;
    }

    const { text, results } = section(steps, alone.seed, {
      members: MEMBERS,
      stamps: STAMPS,
      companies: sizes.companies,
      factor: FACTOR,
      rounds: ROUNDS,
    });
    writePerformanceSection(SECTION, text);
    writeFileSync(new URL(`docs/${CHART}`, root), growthSvg(steps));
    mkdirSync(new URL(".bench/", root), { recursive: true });
    writeFileSync(
      new URL(".bench/scale.json", root),
      `${JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          goal: GOAL,
          factor: FACTOR,
          sizes: { measured: { members: MEMBERS, stamps: STAMPS }, all: sizes },
          seed: {
            small: alone.seed,
            steps: steps.map(({ factor, seed, seedSeconds }) => ({ factor, seed, seedSeconds })),
          },
          minutes: (performance.now() - started) / 60_000,
          // The goal's figures: the company alone against the biggest database.
          results,
          // Each step's: the growth curves.
          growth: steps.map((step) => ({
            factor: step.factor,
            companies: step.companies,
            members: step.members,
            stamps: step.stamps,
            results: compare(step.small, step.big),
          })),
          steps,
          rounds,
        },
        null,
        2,
      )}\n`,
    );
    console.info(
      `\nWritten to docs/performance.md, docs/${CHART} and .bench/scale.json (${elapsed()})`,
    );
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
