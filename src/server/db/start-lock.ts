import type { Database } from "./client";

/** Any fixed number: the key of the session-level advisory lock of the start-up's schema work. */
const START_LOCK = 7_261_903_315;

/**
 * Runs `work` (the start-up's schema changes: migrations, the job queue's install) holding a
 * PostgreSQL advisory lock, so that servers starting together on one DATABASE_URL (or the
 * processes of WEB_CONCURRENCY) do it one after the other. Drizzle's migrator takes no lock: two
 * processes would both see a migration pending and the second would fail half-way; pg-boss's
 * first install from two processes at once can end in a deadlock. Whoever comes second finds
 * nothing left to do. On PGlite (one process, the DATA_DIR lock) `work` just runs.
 */
export async function withStartLock(database: Database, work: () => Promise<void>): Promise<void> {
  if (!database.pool) return work();
  const holder = await database.pool.connect();
  try {
    await holder.query("select pg_advisory_lock($1)", [START_LOCK]);
    await work();
  } finally {
    // Closed, not returned to the pool: the session's end lets go of its lock, whatever failed.
    holder.release(true);
  }
}
