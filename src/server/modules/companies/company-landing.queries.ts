import type { CompanyLanding } from "@shared/company-landing";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { saoPauloToday } from "../../db/time-zone";
import { programs } from "../programs/programs.table";
import { companies } from "./companies.table";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A company's landing card (read model across companies and programs): its public card, brand
 * colour, default programme (unless archived), the special promotion while it runs (as the directory's: active, a
 * description, today in São Paulo within its dates, an active subscription) and the birthday rule's stamps. One query;
 * null for an id that names no company (or is no UUID).
 */
export async function findCompanyLanding(db: Db, id: string): Promise<CompanyLanding | null> {
  if (!UUID.test(id)) return null;
  const today = saoPauloToday();
  const running = sql<boolean>`(${companies.subscriptionActive} and ${companies.promotionActive}
    and btrim(coalesce(${companies.promotionDescription}, '')) <> ''
    and (${companies.promotionStartsOn} is null or ${companies.promotionStartsOn} <= ${today})
    and (${companies.promotionEndsOn} is null or ${companies.promotionEndsOn} >= ${today}))`;
  const [row] = await db
    .select({
      id: companies.id,
      tradeName: companies.tradeName,
      city: companies.city,
      state: companies.state,
      sector: companies.sector,
      logoUrl: companies.logoUrl,
      brandColor: companies.brandColor,
      birthdayEnabled: companies.birthdayEnabled,
      birthdayStamps: companies.birthdayStamps,
      promotionRunning: running,
      promotionTitle: companies.promotionTitle,
      promotionDescription: companies.promotionDescription,
      promotionEndsOn: companies.promotionEndsOn,
      stampsRequired: programs.stampsRequired,
      reward: programs.reward,
    })
    .from(companies)
    .leftJoin(
      programs,
      and(
        eq(programs.companyId, companies.id),
        eq(programs.isDefault, true),
        isNull(programs.archivedAt),
      ),
    )
    .where(eq(companies.id, id))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    tradeName: row.tradeName,
    city: row.city,
    state: row.state,
    sector: row.sector,
    logoUrl: row.logoUrl,
    brandColor: row.brandColor,
    program:
      row.stampsRequired !== null && row.reward !== null
        ? { stampsRequired: row.stampsRequired, reward: row.reward }
        : null,
    promotion: row.promotionRunning
      ? {
          title: row.promotionTitle?.trim() ?? "",
          description: row.promotionDescription?.trim() ?? "",
          endsOn: row.promotionEndsOn,
        }
      : null,
    birthdayStamps: row.birthdayEnabled && row.birthdayStamps > 0 ? row.birthdayStamps : null,
  };
}
