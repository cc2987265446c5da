import type { Plan } from "@shared/billing.schema";
import { type Language, toLanguage } from "@shared/languages";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { saoPauloDateOf, saoPauloToday } from "../../db/time-zone";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";
import { subscriptions } from "./billing.table";

/**
 * Billing's read model: the companies' owners (who gets the e-mails), and the plan whose
 * features a company has today, read only.
 */

/**
 * SQL, beside `companies` in a query: the plan whose features the company has today (decision
 * 027), the highest plan of a paid charge whose period covers today (São Paulo), or of an overdue
 * monthly charge covering it while the grace runs; null when none. An upgrade asked for and not
 * paid, or a plan changed after the last payment, gives nothing; the trial (planStatus) includes
 * everything anyway.
 */
// Written with its own alias and the outer "companies" named in full: Drizzle leaves a one-table
// select's columns unqualified, and "id" there would be the invoice's.
export const featurePlanSql = sql<Plan | null>`(select bi.plan from invoices bi
  where bi.company_id = "companies"."id"
    and bi.due_date <= ${saoPauloToday()} and bi.period_end >= ${saoPauloToday()}
    and (bi.status = 'paid' or (bi.status = 'overdue'
      and bi.kind = 'subscription' and "companies"."grace_until" > now()))
  order by bi.plan desc limit 1)`;

export type CompanyOwner = {
  companyId: string;
  companyName: string;
  ownerName: string;
  ownerEmail: string;
  language: Language;
};

const ownerColumns = {
  companyId: companies.id,
  companyName: companies.tradeName,
  ownerName: profiles.name,
  ownerEmail: profiles.email,
  language: profiles.language,
};

/** The company's name and its owner (name, e-mail, language), or null for an unknown company. */
export async function findCompanyOwner(db: Db, companyId: string): Promise<CompanyOwner | null> {
  const [row] = await db
    .select(ownerColumns)
    .from(companies)
    .innerJoin(profiles, eq(profiles.id, companies.ownerId))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ? { ...row, language: toLanguage(row.language) } : null;
}

/**
 * Companies whose trial ends on the São Paulo day `day` (yyyy-MM-dd), with no subscription and no
 * paid period: the trial reminders' recipients.
 */
export async function listTrialsEndingOn(db: Db, day: string): Promise<CompanyOwner[]> {
  const rows = await db
    .select(ownerColumns)
    .from(companies)
    .innerJoin(profiles, eq(profiles.id, companies.ownerId))
    .leftJoin(subscriptions, eq(subscriptions.companyId, companies.id))
    .where(
      and(
        sql`${saoPauloDateOf(companies.trialEndsAt)} = ${day}::date`,
        isNull(companies.paidUntil),
        isNull(subscriptions.companyId),
        // A closed company ('Fechar conta') is not asked to subscribe.
        isNull(companies.closedAt),
      ),
    )
    .orderBy(companies.id)
    .limit(5_000);
  return rows.map((row) => ({ ...row, language: toLanguage(row.language) }));
}
