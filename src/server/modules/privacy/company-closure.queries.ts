import { COMPANY_CLOSURE_DAYS, type CompanyClosure } from "@shared/privacy.schema";
import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";
import { memberships } from "../customers/memberships.table";

/**
 * 'Fechar conta' (issue 34), read only: whether a company is closed and until when it can be
 * restored, the members to tell, and the companies whose 30 days are over.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day a closed company's data is deleted (closed + COMPANY_CLOSURE_DAYS). */
export const closureDeleteAt = (closedAt: Date) =>
  new Date(closedAt.getTime() + COMPANY_CLOSURE_DAYS * DAY_MS);

export function toClosure(closedAt: Date | null): CompanyClosure {
  return {
    closedAt: closedAt?.toISOString() ?? null,
    deleteAt: closedAt ? closureDeleteAt(closedAt).toISOString() : null,
  };
}

/** The company's name and closing day (null: no such company). */
export async function findCompanyClosure(db: Db, companyId: string) {
  const [row] = await db
    .select({ tradeName: companies.tradeName, closedAt: companies.closedAt })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ?? null;
}

export const companyClosed = () =>
  new AppError("company_closed", 403, "This company closed its account.");

/**
 * Refuses what a customer or a newcomer would start with a closed company (join, invitation,
 * claim, message, the counter's self-stamp): 403 `company_closed`. A missing company is left to
 * the caller's own 404.
 */
export async function assertCompanyOpen(db: Db, companyId: string): Promise<void> {
  const [row] = await db
    .select({ closedAt: companies.closedAt })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (row?.closedAt) throw companyClosed();
}

/** Who is told that the programme ended: the active members with a profile, and their language. */
export function listActiveMemberContacts(db: Db, companyId: string) {
  return db
    .select({ email: profiles.email, language: profiles.language })
    .from(memberships)
    .innerJoin(profiles, eq(profiles.id, memberships.customerId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.status, "active")))
    .orderBy(asc(memberships.id));
}

/** Live companies closed COMPANY_CLOSURE_DAYS or more before `now`: their data goes. */
export function listCompaniesToPurge(db: Db, now: Date) {
  const before = new Date(now.getTime() - COMPANY_CLOSURE_DAYS * DAY_MS);
  return db
    .select({ id: companies.id, tradeName: companies.tradeName, ownerId: companies.ownerId })
    .from(companies)
    .where(and(lte(companies.closedAt, before), isNull(companies.sandboxOf)))
    .orderBy(asc(companies.closedAt));
}
