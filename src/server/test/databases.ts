import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { connectPostgres, type Database, openPglite } from "../db/client";
import { testEnv } from "./test-env";

export const TEMPLATE_DATABASE = "carimbou_test_template";

/** The same server as `url`, on database `name` (default: postgres, to create and drop others). */
export function adminUrl(url: string, name = "postgres") {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A fresh, migrated database for one test file: a copy of the template made by global-setup.
 * On PostgreSQL (TEST_DATABASE_URL) it is a new database dropped by `close`.
 */
export async function openTestDatabase(pgliteTemplatePath: string): Promise<Database> {
  const testDatabaseUrl = testEnv.TEST_DATABASE_URL;
  if (!testDatabaseUrl) {
    const dump = new Blob([readFileSync(pgliteTemplatePath)]);
    return openPglite({ loadDataDir: dump });
  }
  const name = `carimbou_test_${randomUUID().replaceAll("-", "")}`;
  const admin = connectPostgres(adminUrl(testDatabaseUrl), { max: 1 });
  await admin.db.execute(sql.raw(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`));
  const database = connectPostgres(adminUrl(testDatabaseUrl, name), { max: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await admin.close();
    },
  };
}
