import { eq, sql } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openTestDatabase } from "../test/databases";
import type { Database, Db } from "./client";
import { reusableQuery } from "./prepared";

// reusableQuery reads Drizzle internals that its typed API does not show (decision 019). Should an
// upgrade of drizzle-orm move them, these tests say which one, before a stamp goes wrong.
const changed = (what: string) =>
  `drizzle-orm changed ${what}, which db/prepared.ts reads (decisions 019 and 025): adapt reusableQuery to it`;

const owners = pgTable("pinned_owners", {
  id: text().primaryKey(),
  name: text().notNull(),
});
const pets = pgTable("pinned_pets", {
  id: text().primaryKey(),
  ownerId: text(),
  name: text().notNull(),
  visits: integer().notNull(),
});

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await openTestDatabase(inject("pgliteTemplatePath"));
  db = database.db;
  await db.execute(sql`create table pinned_owners (id text primary key, name text not null)`);
  await db.execute(
    sql`create table pinned_pets (id text primary key, owner_id text, name text not null, visits integer not null)`,
  );
  await db.insert(owners).values([{ id: "o1", name: "Ana" }]);
  await db.insert(pets).values([
    { id: "p1", ownerId: "o1", name: "Rex", visits: 2 },
    { id: "p2", ownerId: null, name: "Mia", visits: 0 },
  ]);
});
afterAll(async () => {
  await database?.close();
});

/** Nested fields, a left-joined table (null when no row joins) and an SQL expression. */
const fields = {
  id: pets.id,
  pet: { name: pets.name, visits: pets.visits },
  owner: owners,
  upper: sql<string>`upper(${pets.name})`,
};

/** Drizzle's own select of every pet with its owner. */
const petsWithOwners = (handle: Db) =>
  handle.select(fields).from(pets).leftJoin(owners, eq(owners.id, pets.ownerId)).orderBy(pets.id);

type Internals = {
  session?: { prepareQuery?: unknown };
  dialect?: { sqlToQuery?: unknown };
  config?: { fields?: unknown; returning?: unknown };
  joinsNotNullableMap?: unknown;
};
const internals = (value: unknown) => value as Internals;

describe("the Drizzle internals reusableQuery reads", () => {
  it("are where it reads them: the handle's session, a builder's dialect, fields and join map", async () => {
    expect(typeof internals(db).session?.prepareQuery, changed("db.session.prepareQuery")).toBe(
      "function",
    );
    await db.transaction(async (tx) => {
      expect(typeof internals(tx).session?.prepareQuery, changed("tx.session.prepareQuery")).toBe(
        "function",
      );
    });
    const select = internals(petsWithOwners(db));
    expect(typeof select.dialect?.sqlToQuery, changed("a builder's dialect.sqlToQuery")).toBe(
      "function",
    );
    expect(select.config?.fields, changed("a select's config.fields")).toBeTypeOf("object");
    expect(select.joinsNotNullableMap, changed("a select's joinsNotNullableMap")).toEqual({
      pinned_pets: true,
      pinned_owners: false,
    });
    const update = internals(
      db.update(pets).set({ visits: 1 }).where(eq(pets.id, "none")).returning({ id: pets.id }),
    );
    expect(update.config?.returning, changed("an update's config.returning")).toBeInstanceOf(Array);
  });
});

describe("a reusable query", () => {
  const reusableSelect = reusableQuery("pinned_pets_with_owners", (handle) =>
    handle
      .select(fields)
      .from(pets)
      .leftJoin(owners, eq(owners.id, pets.ownerId))
      .where(sql`${pets.visits} >= ${sql.placeholder("minVisits")}`)
      .orderBy(pets.id),
  );

  it("answers what Drizzle's own select answers (nested fields, a null joined row), in a transaction too", async () => {
    const expected = await petsWithOwners(db);
    expect(expected[1]!.owner).toBeNull();
    expect(
      await reusableSelect(db, { minVisits: 0 }),
      changed("how a select maps its rows"),
    ).toEqual(expected);
    await db.transaction(async (tx) => {
      expect(
        await reusableSelect(tx, { minVisits: 0 }),
        changed("a transaction's session"),
      ).toEqual(expected);
      expect(await reusableSelect(tx, { minVisits: 1 })).toEqual([expected[0]]);
    });
  });

  it("returns an update's RETURNING, mapped as Drizzle maps it", async () => {
    const bump = reusableQuery("pinned_bump_visits", (handle) =>
      handle
        .update(pets)
        .set({ visits: sql`${pets.visits} + 1` })
        .where(eq(pets.id, sql.placeholder("id")))
        .returning({ id: pets.id, visits: pets.visits, label: sql<string>`${pets.name} || '!'` }),
    );
    await db.transaction(async (tx) => {
      expect(await bump(tx, { id: "p1" }), changed("how an update returns its rows")).toEqual([
        { id: "p1", visits: 3, label: "Rex!" },
      ]);
    });
  });
});

describe("a reusable query's named statement (decision 041)", () => {
  const visitsOf = reusableQuery("pinned_visits_of", (handle) =>
    handle
      .select({ visits: pets.visits })
      .from(pets)
      .where(eq(pets.id, sql.placeholder("id"))),
  );

  it("keeps answering after the transaction it was first prepared in rolled back", async () => {
    await expect(
      db.transaction(async (tx) => {
        expect(await visitsOf(tx, { id: "p2" })).toEqual([{ visits: 0 }]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await visitsOf(db, { id: "p2" })).toEqual([{ visits: 0 }]);
  });

  it("keeps answering after a run that failed, and sees the rows as they are now", async () => {
    const bumpTo = reusableQuery("pinned_set_visits", (handle) =>
      handle
        .update(pets)
        .set({ visits: sql`${sql.placeholder("visits")}::int` })
        .where(eq(pets.id, sql.placeholder("id")))
        .returning({ visits: pets.visits }),
    );
    await expect(
      db.transaction((tx) => bumpTo(tx, { id: "p2", visits: "many" })),
    ).rejects.toThrow();
    await db.transaction((tx) => bumpTo(tx, { id: "p2", visits: 5 }));
    expect(await visitsOf(db, { id: "p2" })).toEqual([{ visits: 5 }]);
    await db.update(pets).set({ visits: 0 }).where(eq(pets.id, "p2"));
    expect(await visitsOf(db, { id: "p2" })).toEqual([{ visits: 0 }]);
  });
});
