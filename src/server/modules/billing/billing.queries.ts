import { type Language, toLanguage } from "@shared/languages";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { saoPauloDateOf } from "../../db/time-zone";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";
import { subscriptions } from "./billing.table";

/** Billing's read model: the companies' owners (who gets the e-mails), read only. */

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
      ),
    )
    .orderBy(companies.id)
    .limit(5_000);
  return rows.map((row) => ({ ...row, language: toLanguage(row.language) }));
}
