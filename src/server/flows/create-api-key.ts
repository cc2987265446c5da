/**
 * Creating an API key (flow: decision 022). A test key's first creation also makes the company's
 * sandbox (companies) with a copy of its programmes (programs), in the same transaction, so a test
 * key always has somewhere to act.
 */
import type { CreateApiKey } from "@shared/integrations.schema";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import type { CompanyActor } from "../middleware/actor";
import { ensureSandboxCompany, findSandboxCompanyId } from "../modules/companies/companies.service";
import { createApiKey, rotateApiKey } from "../modules/integrations/api-keys.service";
import { copyPrograms } from "../modules/programs/programs.service";

/** The company's sandbox, made (with its programmes) when it has none. */
export async function openSandbox(tx: Tx, liveCompanyId: string): Promise<string> {
  // Two first calls at once (a new test key, or the calls after 'Apagar dados de teste') make one.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sandbox:${liveCompanyId}`}))`);
  const existing = await findSandboxCompanyId(tx, liveCompanyId);
  if (existing) return existing;
  const sandboxId = await ensureSandboxCompany(tx, liveCompanyId);
  await copyPrograms(tx, liveCompanyId, sandboxId);
  return sandboxId;
}

export async function createKey(db: Db, actor: CompanyActor, input: CreateApiKey) {
  return db.transaction(async (tx) => {
    if (input.mode === "test") await openSandbox(tx, actor.companyId);
    return createApiKey(tx, actor.companyId, actor.userId, input);
  });
}

export async function rotateKey(db: Db, actor: CompanyActor, keyId: string, keepOld: boolean) {
  return db.transaction((tx) => rotateApiKey(tx, actor.companyId, actor.userId, keyId, keepOld));
}
