import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { planExpiredSql } from "../companies/companies.queries";
import { companies } from "../companies/companies.table";

/**
 * What a key acts on (issue 33): its live company's plan state and, for a test key, the company's
 * sandbox (null when none was made).
 */
export async function findKeyCompany(
  db: Db,
  liveCompanyId: string,
  mode: string,
): Promise<{ actingId: string | null; planExpired: boolean } | null> {
  const [row] = await db
    .select({
      actingId:
        mode === "test"
          ? sql<
              string | null
            >`(select s.id from ${companies} s where s.sandbox_of = ${liveCompanyId})`
          : companies.id,
      planExpired: planExpiredSql,
    })
    .from(companies)
    .where(eq(companies.id, liveCompanyId))
    .limit(1);
  return row ?? null;
}
