import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg, type NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { log } from "../lib/log";
import { AppPglite } from "./pglite-statements";
import * as schema from "./schema";

/**
 * The Drizzle database or an open transaction on it, whichever driver is underneath (the query API
 * is the same): what a function takes when it may run inside its caller's transaction.
 */
export type Db = PgDatabase<NodePgQueryResultHKT, typeof schema>;

/** An open transaction: what a function takes when it must run inside one (a lock, several writes). */
export type Tx = PgTransaction<
  NodePgQueryResultHKT,
  typeof schema,
  ExtractTablesWithRelations<typeof schema>
>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded client (PGlite only), e.g. to dump a migrated template or run the job queue. */
  pglite?: PGlite;
  /** The node-postgres pool (PostgreSQL only): the job queue (pg-boss) shares it. */
  pool?: pg.Pool;
  /** The connection string (PostgreSQL only), e.g. for a second connection in a test. */
  url?: string;
};

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** node-postgres on a PostgreSQL server. */
export function connectPostgres(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle connection the server closes (restart, admin command) must not crash the process.
  pool.on("error", (error) => log.error(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" });
  return {
    db,
    kind: "postgres",
    pool,
    url,
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

/** The embedded PGlite database: in `dataDir`, in memory when undefined, or from a dump. */
export function openPglite(source: { dataDir?: string; loadDataDir?: Blob } = {}): Database {
  // Its transactions say which PGlite they run on: reusableQuery's named statements need it.
  const client = new AppPglite({
    dataDir: source.dataDir,
    loadDataDir: source.loadDataDir,
    // pg_trgm: the customer search's trigram index (migration 0004); PostgreSQL ships it as contrib.
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema, casing: "snake_case" });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
