import { SETUP_STEPS, type SetupChecklist, type SetupStep } from "@shared/reports.schema";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { companies } from "../companies/companies.table";
import { customerImports } from "../customers/imports.table";
import { programs } from "../programs/programs.table";
import { companyMembers, staffInvitations } from "../team/team.table";

/**
 * The dashboard's 'Primeiros passos' read model (GET /api/dashboard/setup): each step is read
 * from the company's own rows in one query, so a step is ticked by doing it, wherever it is done,
 * and unticked when it is undone (the referral programme switched off again, the colour cleared).
 * (Drizzle writes a column without its table inside `sql`, so the subqueries compare with the
 * company's id as a parameter rather than with the outer row's.)
 */
const steps = (companyId: string) =>
  ({
    // The sign-up's programme saved since (reward, size) or another programme made on /cartoes.
    program: sql<boolean>`exists (select 1 from ${programs} where ${programs.companyId} = ${companyId}
    and (not ${programs.isDefault} or ${programs.updatedAt} > ${programs.createdAt}))`,
    brand: sql<boolean>`(${companies.brandColor} is not null and ${companies.logoUrl} is not null)`,
    poster: sql<boolean>`(${companies.posterDownloadedAt} is not null)`,
    // An invitation sent (not cancelled), or a second member on the team.
    team: sql<boolean>`(exists (select 1 from ${staffInvitations}
      where ${staffInvitations.companyId} = ${companyId} and ${staffInvitations.canceledAt} is null)
    or (select count(*) from ${companyMembers} where ${companyMembers.companyId} = ${companyId}) > 1)`,
    referrals: sql<boolean>`${companies.referralEnabled}`,
    // An import confirmed ('Importar'): queued, running or done; a preview or a failure is not.
    import: sql<boolean>`exists (select 1 from ${customerImports}
    where ${customerImports.companyId} = ${companyId}
      and ${customerImports.status} in ('queued', 'running', 'done'))`,
  }) satisfies Record<SetupStep, unknown>;

export async function getSetupChecklist(db: Db, companyId: string): Promise<SetupChecklist> {
  const [row] = await db
    .select({
      ...steps(companyId),
      dismissed: sql<boolean>`(${companies.setupChecklistDismissedAt} is not null)`,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row) throw new AppError("not_found", 404, "Company not found");
  return {
    items: SETUP_STEPS.map((key) => ({ key, done: row[key] === true })),
    dismissed: row.dismissed === true,
  };
}
