import { getTableColumns, is, SQL, sql } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/**
 * Inserts many rows in one statement with a single parameter: the rows as JSON, spread into
 * columns by `json_to_recordset`. Drizzle's multi-row insert binds one parameter per value (6,500
 * for 500 invitations), and building and binding them costs the server's thread more than the
 * insert itself, on PGlite two to three times as much (docs/performance.md, "Customer import").
 *
 * Plain values only (text, numbers, booleans, Dates, date strings, arrays of them); a column a row
 * leaves out is NULL in that row, so leaving out one with a default is refused rather than
 * silently stored as NULL.
 */
export async function insertJsonRows<T extends PgTable>(
  db: Pick<Db, "execute">,
  table: T,
  rows: readonly T["$inferInsert"][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, T["_"]["columns"][string]>;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  for (const key of keys) {
    const column = columns[key];
    if (!column) throw new Error(`insertJsonRows: ${key} is not a column`);
    for (const row of rows) {
      const value = (row as Record<string, unknown>)[key];
      if (value === undefined && column.hasDefault) {
        throw new Error(`insertJsonRows: a row leaves out ${key}, which has a default`);
      }
      if (is(value, SQL)) throw new Error(`insertJsonRows: ${key} is SQL, not a value`);
    }
  }
  const name = (key: string) => {
    const column = columns[key]!;
    return column.keyAsName ? toSnakeCase(column.name) : column.name;
  };
  // The record's fields are named by key (quoted: camelCase) and typed as their columns.
  const fields = sql.join(
    keys.map((key) => sql`${sql.identifier(key)} ${sql.raw(columns[key]!.getSQLType())}`),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${table} (${sql.join(
      keys.map((key) => sql.identifier(name(key))),
      sql`, `,
    )})
    select ${sql.join(
      keys.map((key) => sql.identifier(key)),
      sql`, `,
    )}
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(${fields})`);
}
