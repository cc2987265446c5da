import { sql } from "drizzle-orm";
import { date, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openTestDatabase } from "../test/databases";
import type { Database } from "./client";
import { insertJsonRows } from "./json-insert";

const things = pgTable("json_things", {
  id: text().primaryKey(),
  ownerName: text(),
  visits: integer().notNull(),
  bornOn: date({ mode: "string" }),
  seenAt: timestamp({ withTimezone: true }),
  tags: text().array().notNull(),
  kind: text("legacy_kind"),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(inject("pgliteTemplatePath"));
  await database.db.execute(sql`create table json_things (
    id text primary key, owner_name text, visits integer not null, born_on date,
    seen_at timestamptz, tags text[] not null, legacy_kind text,
    created_at timestamptz not null default now())`);
});
afterAll(async () => {
  await database?.close();
});

describe("insertJsonRows", () => {
  it("stores each value as Drizzle's insert would, column names and types included", async () => {
    const { db } = database;
    const seenAt = new Date("2026-03-04T05:06:07.089Z");
    await insertJsonRows(db, things, [
      {
        id: "a",
        ownerName: `Ana "d'Ávila" \\ ; {x}`,
        visits: 3,
        bornOn: "1990-02-01",
        seenAt,
        tags: ["um", "dois, três", 'quatro "4"'],
        kind: "k",
      },
      { id: "b", ownerName: null, visits: 0, bornOn: null, seenAt: null, tags: [] },
    ]);
    const rows = await db.select().from(things).orderBy(things.id);
    expect(rows.map(({ createdAt, ...row }) => row)).toEqual([
      {
        id: "a",
        ownerName: `Ana "d'Ávila" \\ ; {x}`,
        visits: 3,
        bornOn: "1990-02-01",
        seenAt,
        tags: ["um", "dois, três", 'quatro "4"'],
        kind: "k",
      },
      { id: "b", ownerName: null, visits: 0, bornOn: null, seenAt: null, tags: [], kind: null },
    ]);
    // Left out of every row: the column's default.
    expect(rows.every((row) => row.createdAt instanceof Date)).toBe(true);
  });

  it("refuses a row that leaves out a column with a default the others give", async () => {
    const { db } = database;
    const rows = [
      { id: "c", visits: 1, tags: [], createdAt: new Date() },
      { id: "d", visits: 1, tags: [] },
    ];
    await expect(insertJsonRows(db, things, rows)).rejects.toThrow(/createdAt/);
    await insertJsonRows(db, things, []);
  });
});
