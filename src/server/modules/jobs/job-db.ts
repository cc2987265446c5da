import { type SQL, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Database, Db } from "../../db/client";

/**
 * pg-boss's connection to the app's database (its `db.executeSql` option): our node-postgres pool
 * on PostgreSQL, or the embedded PGlite, which has one connection that pg-boss then shares.
 */
export function jobConnection(database: Database): PgBoss.Db {
  const { pool, pglite } = database;
  if (pool) {
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return pool.query(text, values);
        // A script (BEGIN … COMMIT) that fails half-way leaves its connection in the aborted
        // transaction: roll it back before the pool hands that connection to the app.
        const client = await pool.connect();
        try {
          return await client.query(text);
        } catch (error) {
          await client.query("ROLLBACK").catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      },
    };
  }
  if (!pglite) throw new Error("The job queue needs a PostgreSQL pool or a PGlite database");
  return {
    async executeSql(text, values) {
      // One statement with parameters: query(). Several statements without (pg-boss's schema, its
      // maintenance in BEGIN … COMMIT): exec(), inside transaction() so that a script failing
      // half-way is rolled back before anyone else uses the one connection.
      if (values && values.length > 0) return pglite.query(text, values);
      const results = await pglite.transaction((tx) => tx.exec(text));
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/**
 * pg-boss's `db` over a Drizzle handle, a transaction's above all: a job sent through it is
 * written in that transaction and exists only if it commits. pg-boss writes `$1`, `$2` …; each
 * becomes a Drizzle parameter. On PGlite this is the only way to enqueue inside `transaction()`:
 * the global connection waits for the transaction, which waits for it.
 */
export function drizzleJobConnection(db: Pick<Db, "execute">): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const query: SQL = sql.empty();
      parts.forEach((part, i) => {
        if (i % 2 === 0) query.append(sql.raw(part));
        else query.append(sql`${sql.param(values[Number(part) - 1] ?? null)}`);
      });
      const result = await db.execute(query);
      return { rows: result.rows };
    },
  };
}

/** A connection that counts its statements in flight, so stopping can wait for them. */
export function trackedConnection(connection: PgBoss.Db) {
  let inFlight = 0;
  let closed = false;
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (closed) throw new Error("The job queue is stopped");
      inFlight++;
      try {
        return await connection.executeSql(text, values as unknown[]);
      } finally {
        inFlight--;
      }
    },
    /** Refuses new statements and waits (up to `timeoutMs`) for those running to end. */
    async close(timeoutMs = 5000) {
      closed = true;
      const deadline = Date.now() + timeoutMs;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
