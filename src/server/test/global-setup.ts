import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { TestProject } from "vitest/node";
import { connectPostgres, openPglite } from "../db/client";
import { JOBS } from "../jobs";
import { installJobs } from "../modules/jobs/jobs.service";
import { adminUrl, TEMPLATE_DATABASE } from "./databases";
import { testEnv } from "./test-env";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
  }
}

/**
 * Migrates one template database (and installs the job queue's schema) before the test files run; each file then starts from a copy
 * (a PGlite dump, or a PostgreSQL database created from the template when TEST_DATABASE_URL is set).
 */
export default async function setup(project: TestProject) {
  const testDatabaseUrl = testEnv.TEST_DATABASE_URL;
  if (testDatabaseUrl) {
    const admin = connectPostgres(adminUrl(testDatabaseUrl), { max: 1 });
    await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`));
    await admin.db.execute(sql.raw(`CREATE DATABASE ${TEMPLATE_DATABASE}`));
    await admin.close();
    const template = connectPostgres(adminUrl(testDatabaseUrl, TEMPLATE_DATABASE), { max: 1 });
    await template.migrate();
    await installJobs(template, JOBS);
    await template.close();
    project.provide("pgliteTemplatePath", "");
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "carimbou-test-"));
  const database = openPglite();
  await database.migrate();
  // pg-boss's schema and the registered queues: services can enqueue without the jobs running.
  await installJobs(database, JOBS);
  const dump = (await database.pglite!.dumpDataDir("none")) as Blob;
  await database.close();
  const path = join(dir, "template.tar");
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplatePath", path);
  return () => rmSync(dir, { recursive: true, force: true });
}
