import { Column, getTableColumns, is, type Query, SQL, Subquery, Table } from "drizzle-orm";
import type { Db } from "./client";
import { namedStatementClient, pgliteOf } from "./pglite-statements";

/**
 * A query on the hot path (the stamp's transaction) built once and run as a named prepared
 * statement on whichever handle it is given: the pool, or a transaction's connection.
 *
 * Drizzle's own `.prepare(name)` binds the statement to the handle it was built on, so a statement
 * prepared on the pool cannot run inside a transaction, and building the query again on each
 * transaction's handle costs more of the one JavaScript thread than the database spends running it
 * (docs/performance.md). Here the SQL text, its placeholders and the result mapping are taken from
 * the builder once, the first time it is run; each run then only hands them to the handle's
 * session (node-postgres parses a named statement once per connection). Values are passed by
 * `sql.placeholder(name)`.
 *
 * This reads three of Drizzle's internals (`session`, `dialect`, the builder's `config` and
 * `joinsNotNullableMap`), the same ones its `_prepare` reads; decision 019 says what breaks it, and
 * prepared.test.ts names the internal that moved should a drizzle-orm upgrade move one.
 */
export function reusableQuery<Row>(
  name: string,
  build: (db: Db) => { getSQL(): SQL } & PromiseLike<Row[]>,
): (db: Db, values: Record<string, unknown>) => Promise<Row[]> {
  let built: Built | undefined;
  return (db, values) => {
    const session = (db as unknown as { session: Session }).session;
    if (!built) built = take(build(db));
    const prepared = session.prepareQuery(built.query, built.fields, name, true);
    prepared.joinsNotNullableMap = built.joinsNotNullableMap;
    // PGlite's own client runs every statement unnamed: its session runs this one named instead.
    const lite = pgliteOf(session.client);
    if (lite) prepared.client = namedStatementClient(lite, name);
    return prepared.execute(values) as Promise<Row[]>;
  };
}

type Session = {
  /** PGlite's session: the PGlite, or the transaction it runs in (node-postgres: the pool). */
  client: unknown;
  prepareQuery(
    query: Query,
    fields: unknown,
    name: string,
    isResponseInArrayMode: boolean,
  ): {
    joinsNotNullableMap?: unknown;
    /** The driver's client the query runs on (PGlite's prepared query reads it on each run). */
    client?: unknown;
    execute(values: Record<string, unknown>): Promise<unknown>;
  };
};

type Built = { query: Query; fields: unknown; joinsNotNullableMap: unknown };

type BuilderInternals = {
  getSQL(): SQL;
  dialect: { sqlToQuery(sql: SQL): Query };
  config: { fields?: Record<string, unknown>; returning?: unknown };
  joinsNotNullableMap?: unknown;
};

function take(builder: { getSQL(): SQL }): Built {
  const b = builder as unknown as BuilderInternals;
  const query = b.dialect.sqlToQuery(b.getSQL());
  // A select lists its fields in `config.fields`; an insert or update its RETURNING, already in
  // the order Drizzle maps rows with.
  const fields = b.config.fields ? orderSelectedFields(b.config.fields) : b.config.returning;
  if (!fields) throw new Error(`reusableQuery: "${query.sql.slice(0, 40)}…" returns no fields`);
  return { query, fields, joinsNotNullableMap: b.joinsNotNullableMap };
}

/** Drizzle's own `orderSelectedFields` (not in its typed exports): [path, field] in select order. */
function orderSelectedFields(
  fields: Record<string, unknown>,
  prefix: string[] = [],
): { path: string[]; field: unknown }[] {
  return Object.entries(fields).flatMap(([name, field]) => {
    const path = [...prefix, name];
    if (is(field, Column) || is(field, SQL) || is(field, SQL.Aliased) || is(field, Subquery)) {
      return [{ path, field }];
    }
    if (is(field, Table)) return orderSelectedFields(getTableColumns(field), path);
    return orderSelectedFields(field as Record<string, unknown>, path);
  });
}
