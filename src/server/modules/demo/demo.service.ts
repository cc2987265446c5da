import { randomBytes, randomUUID } from "node:crypto";
import { saoPauloDate } from "@shared/dates";
import type { PgTable } from "drizzle-orm/pg-core";
import { type Database, type Db, openPglite } from "../../db/client";
import * as schema from "../../db/schema";
import { log } from "../../lib/log";
import { generateDemoDataset } from "./demo-data";
import type { DemoDataset } from "./demo-dataset";

/** The demo café's database, in memory, for one São Paulo day. */
export type DemoDatabase = {
  today: string;
  database: Database;
  companyId: string;
  ownerId: string;
  /** The demo owner's session (a row of this database only); the demo app signs its cookie. */
  sessionToken: string;
  /** How long the build took, and what the process's resident memory grew by (MB). */
  buildMs: number;
  rssGrowthMb: number;
};

/** How long a replaced demo database stays open for the requests still reading it. */
const RETIRE_AFTER_MS = 60_000;
/** An unused demo database is closed after this long (its memory back), and built again on use. */
const IDLE_CLOSE_MS = 30 * 60_000;
const SESSION_DAYS = 30;

async function insertAll<T extends PgTable>(tx: Db, table: T, rows: T["$inferInsert"][]) {
  for (let i = 0; i < rows.length; i += 500) {
    await tx.insert(table).values(rows.slice(i, i + 500));
  }
}

/** Writes a dataset into an empty, migrated database, parents before children. */
export async function writeDemoDataset(db: Db, data: DemoDataset) {
  await db.transaction(async (tx) => {
    await insertAll(tx, schema.users, data.users);
    await insertAll(tx, schema.profiles, data.profiles);
    await insertAll(tx, schema.companies, data.companies);
    await insertAll(tx, schema.companyMembers, data.companyMembers);
    await insertAll(tx, schema.companySettings, data.companySettings);
    await insertAll(tx, schema.programs, data.programs);
    await insertAll(tx, schema.memberships, data.memberships);
    await insertAll(tx, schema.loyaltyCards, data.loyaltyCards);
    await insertAll(tx, schema.stamps, data.stamps);
    await insertAll(tx, schema.birthdayGifts, data.birthdayGifts);
    await insertAll(tx, schema.referrals, data.referrals);
    await insertAll(tx, schema.bonusEntries, data.bonusEntries);
    await insertAll(tx, schema.customerMessages, data.customerMessages);
    await insertAll(tx, schema.interests, data.interests);
    await insertAll(tx, schema.interestReplies, data.interestReplies);
    await insertAll(tx, schema.partnerships, data.partnerships);
    await insertAll(tx, schema.partnerMessages, data.partnerMessages);
    await insertAll(tx, schema.customerInvitations, data.customerInvitations);
    await insertAll(tx, schema.subscriptions, data.subscriptions);
    await insertAll(tx, schema.invoices, data.invoices);
  });
}

/**
 * A new in-memory PGlite database (no data directory: nothing on disk), migrated as main.ts
 * migrates the real one, holding the demo dataset of `today` and a session of the demo owner.
 * The owner has no password (no `accounts` row) and an e-mail at a reserved domain: nobody can
 * sign in as them, and this database is reachable only through the demo middleware.
 */
export async function buildDemoDatabase(today: string): Promise<DemoDatabase> {
  const started = performance.now();
  const rssBefore = process.memoryUsage().rss;
  const data = generateDemoDataset(today);
  const database = openPglite();
  try {
    await database.migrate();
    await writeDemoDataset(database.db, data);
    const sessionToken = randomBytes(32).toString("base64url");
    const now = new Date();
    await database.db.insert(schema.sessions).values({
      id: randomUUID(),
      token: sessionToken,
      userId: data.ownerId,
      expiresAt: new Date(now.getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000),
      createdAt: now,
      updatedAt: now,
      userAgent: "carimbou-demo",
    });
    return {
      today,
      database,
      companyId: data.companyId,
      ownerId: data.ownerId,
      sessionToken,
      buildMs: Math.round(performance.now() - started),
      rssGrowthMb: Math.round((process.memoryUsage().rss - rssBefore) / 1e6),
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

let current: { today: string; ready: Promise<DemoDatabase> } | null = null;
let lastUsed = 0;
let idleCheck: ReturnType<typeof setInterval> | null = null;

/**
 * The process's demo database for today's São Paulo date: built on first use (concurrent first
 * requests share one build), rebuilt on the first use after the date changes; the previous one is
 * closed a minute later, and an unused one after 30 minutes. A failed build is tried again by the
 * next request.
 */
export function demoDatabase(now: Date = new Date()): Promise<DemoDatabase> {
  lastUsed = Date.now();
  const today = saoPauloDate(now);
  if (current?.today === today) return current.ready;
  const previous = current;
  const entry = { today, ready: buildDemoDatabase(today) };
  current = entry;
  idleCheck ??= setInterval(closeWhenIdle, 60_000);
  idleCheck.unref();
  entry.ready.then(
    (demo) => {
      log.info(
        `Demo database for ${today} built in ${demo.buildMs} ms (process memory +${demo.rssGrowthMb} MB)`,
      );
      if (previous) retire(previous.ready);
    },
    (error: unknown) => {
      log.error("The demo database could not be built:", error);
      if (current === entry) current = previous;
    },
  );
  return entry.ready;
}

function retire(ready: Promise<DemoDatabase>) {
  const timer = setTimeout(() => {
    ready.then((demo) => demo.database.close()).catch(() => {});
  }, RETIRE_AFTER_MS);
  timer.unref();
}

function closeWhenIdle() {
  if (current && Date.now() - lastUsed > IDLE_CLOSE_MS) void closeDemoDatabase();
}

/** Closes the process's demo database (idle, tests); the next use builds it again. */
export async function closeDemoDatabase() {
  const entry = current;
  current = null;
  if (idleCheck) clearInterval(idleCheck);
  idleCheck = null;
  if (entry) await entry.ready.then((demo) => demo.database.close()).catch(() => {});
}
