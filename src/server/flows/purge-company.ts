/**
 * The end of a closed company (issue 34; flow: decision 022), the daily job `company-purge`:
 * COMPANY_CLOSURE_DAYS after 'Fechar conta', its stored backup files are removed (backup), then in
 * one transaction its invoices get its trade name and CPF/CNPJ copied onto them (billing: the law
 * keeps them 5 years), the company row is deleted with everything it holds by cascade
 * (companies), and so is its owner's account when it is in no company's team any more (auth).
 */
import type { Db } from "../db/client";
import { log as serverLog } from "../lib/log";
import { deleteOwnerAccount } from "../modules/auth/users.service";
import { removeStoredBackups } from "../modules/backup/stored-backups";
import { keepInvoicesOfDeletedCompany } from "../modules/billing/billing-invoices";
import { deleteClosedCompany, lockCompany } from "../modules/companies/companies.service";
import type { JobDefinition } from "../modules/jobs/jobs.service";
import { closureDeleteAt, listCompaniesToPurge } from "../modules/privacy/company-closure.queries";
import { findMembership } from "../modules/team/team.queries";

export type CompanyPurgeResult = {
  deleted: string[];
  invoicesKept: number;
  backupsRemoved: number;
  ownersDeleted: number;
  failed: string[];
};

/**
 * Deletes every company closed COMPANY_CLOSURE_DAYS or more before `now`. A company restored
 * meanwhile is left alone (checked again under its lock). One that fails does not stop the others;
 * the run then fails so that pg-boss retries it (the deleted ones are gone from the list).
 */
export async function purgeClosedCompanies(
  db: Db,
  backupDir: string,
  now = new Date(),
  log: Pick<Console, "error"> = serverLog,
): Promise<CompanyPurgeResult> {
  const result: CompanyPurgeResult = {
    deleted: [],
    invoicesKept: 0,
    backupsRemoved: 0,
    ownersDeleted: 0,
    failed: [],
  };
  for (const company of await listCompaniesToPurge(db, now)) {
    try {
      // The files first: a failure below leaves the company for tomorrow's run, never files
      // that no company row points to any more.
      if (backupDir) result.backupsRemoved += await removeStoredBackups(backupDir, company.id);
      const done = await db.transaction(async (tx) => {
        const row = await lockCompany(tx, company.id);
        if (!row?.closedAt || closureDeleteAt(row.closedAt) > now) return null;
        const invoicesKept = await keepInvoicesOfDeletedCompany(tx, row.id, row.tradeName);
        await deleteClosedCompany(tx, row.id);
        // The owner's team membership went with the company; an account in another team stays.
        const ownerDeleted =
          !(await findMembership(tx, row.ownerId)) && (await deleteOwnerAccount(tx, row.ownerId));
        return { invoicesKept, ownerDeleted };
      });
      if (!done) continue;
      result.deleted.push(company.id);
      result.invoicesKept += done.invoicesKept;
      if (done.ownerDeleted) result.ownersDeleted += 1;
    } catch (error) {
      log.error(
        `Purge of closed company ${company.id} failed: ${error instanceof Error ? error.message : error}`,
      );
      result.failed.push(company.id);
    }
  }
  if (result.failed.length > 0) {
    throw new Error(
      `Purge failed for ${result.failed.length} closed companies (${result.deleted.length} deleted)`,
    );
  }
  return result;
}

/** Every day at 04:45 in São Paulo: the closed companies whose 30 days are over. */
export const COMPANY_PURGE_JOB: JobDefinition<{ db: Db; backupDir: string }> = {
  name: "company-purge",
  cron: "45 4 * * *",
  handler: ({ db, backupDir }, now) => purgeClosedCompanies(db, backupDir, now),
  expireInSeconds: 60 * 60,
};
