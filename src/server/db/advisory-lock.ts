import { sql } from "drizzle-orm";
import type { Db } from "./client";

/** Serialises, until the transaction ends, everything that counts under one key. */
export const advisoryLock = (tx: Db, key: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
