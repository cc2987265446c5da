/**
 * 'Apagar dados de teste' (flow: decision 022): the company's sandbox, and everything its test
 * keys made in it, deleted in one transaction: its cards first (they reference its programmes with
 * ON DELETE RESTRICT), then the sandbox company, whose rows cascade. The test keys stay; the next
 * call with one opens a new sandbox (middleware/api-key.ts).
 */
import type { Db } from "../db/client";
import { deleteCompanyCards } from "../modules/cards/cards.service";
import { deleteSandboxCompany, findSandboxCompanyId } from "../modules/companies/companies.service";

export async function emptySandbox(db: Db, liveCompanyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const sandboxId = await findSandboxCompanyId(tx, liveCompanyId);
    if (!sandboxId) return;
    await deleteCompanyCards(tx, sandboxId);
    await deleteSandboxCompany(tx, liveCompanyId);
  });
}
