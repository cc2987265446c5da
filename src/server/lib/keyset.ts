import { and, asc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";

/** Reading a company's rows in batches for the backup, whatever their table. */

/** Rows read per query while exporting. */
const BATCH_SIZE = 1000;

export type Row = Record<string, unknown>;

/** How a CSV cell is written (backup.service.ts). */
export type Kind = "text" | "free" | "date" | "timestamp" | "boolean" | "number" | "cents" | "list";

type Column = { key: string; header: string; kind: Kind };

/** One kind of row of the company: its files' name, CSV columns and how to read it in batches. */
export type Dataset = {
  name: string;
  columns: Column[];
  batches: (db: Db, companyId: string) => AsyncGenerator<Row[]>;
};

export const col = (key: string, header: string, kind: Kind = "text"): Column => ({
  key,
  header,
  kind,
});
export type KeyPart = { column: AnyPgColumn; timestamp?: boolean };

/**
 * Keyset pagination within the company: each batch starts after the last row of the one before,
 * so a large table is never read whole (and never sorted whole for a late page).
 * Reads `read(after, limit)` until a batch comes back short. `query` returns rows that include a
 * `_key` array (the keyset values, in order), used for the next batch and then dropped.
 */
export async function* keyset(
  read: (after: SQL | undefined, limit: number) => Promise<(Row & { _key: unknown[] })[]>,
  key: KeyPart[],
): AsyncGenerator<Row[]> {
  let after: SQL | undefined;
  for (;;) {
    const rows = await read(after, BATCH_SIZE);
    if (rows.length === 0) return;
    const last = rows.at(-1)!._key;
    const columns = sql.join(
      key.map((k) => sql`${k.column}`),
      sql`, `,
    );
    const values = sql.join(
      key.map((k, i) => (k.timestamp ? sql`${last[i]}::timestamptz` : sql`${last[i]}`)),
      sql`, `,
    );
    after = sql`(${columns}) > (${values})`;
    yield rows.map(({ _key, ...row }) => row);
    if (rows.length < BATCH_SIZE) return;
  }
}

/**
 * The keyset of a row, as text: timestamps keep their microseconds this way (a JS Date would round
 * them to milliseconds and the next batch would repeat or skip rows).
 */
export const keyOf = (key: KeyPart[]) =>
  sql<string[]>`array[${sql.join(
    key.map((k) => sql`${k.column}::text`),
    sql`, `,
  )}]`;

/** The company's single row (one batch). */
export function single(read: (db: Db, companyId: string) => Promise<Row[]>) {
  return async function* (db: Db, companyId: string): AsyncGenerator<Row[]> {
    yield await read(db, companyId);
  };
}

export const byCreatedAt = (table: { createdAt: AnyPgColumn; id: AnyPgColumn }): KeyPart[] => [
  { column: table.createdAt, timestamp: true },
  { column: table.id },
];

/**
 * Rows of a table that `where` picks for the company (however they are linked to it), oldest first
 * (keyed by creation time and id), every column but `omit`.
 */
export function rowsByCreatedAt<T extends PgTable & { createdAt: AnyPgColumn; id: AnyPgColumn }>(
  table: T,
  where: (companyId: string) => SQL | undefined,
  omit: string[] = [],
) {
  return (db: Db, companyId: string) => {
    const key = byCreatedAt(table);
    const fields = Object.fromEntries(
      Object.entries(getTableColumns(table)).filter(([name]) => !omit.includes(name)),
    );
    return keyset(
      (after, limit) =>
        db
          .select({ ...fields, _key: keyOf(key) })
          .from(table as PgTable)
          .where(and(where(companyId), after))
          .orderBy(asc(table.createdAt), asc(table.id))
          .limit(limit) as unknown as Promise<(Row & { _key: unknown[] })[]>,
      key,
    );
  };
}

/**
 * A company's rows of a table keyed by company, creation time and id (gifts, referrals, bonus
 * entries), oldest first, every column but the company's.
 */
export function companyRowsByCreatedAt(
  table: PgTable & { companyId: AnyPgColumn; createdAt: AnyPgColumn; id: AnyPgColumn },
) {
  return rowsByCreatedAt(table, (companyId) => eq(table.companyId, companyId), ["companyId"]);
}
