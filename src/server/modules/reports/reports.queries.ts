import { and, eq, sql } from "drizzle-orm";
import { saoPauloDate } from "../../../shared/dates";
import type { DashboardStats } from "../../../shared/reports.schema";
import type { Db } from "../../db/client";
import { saoPauloDateOf, saoPauloToday } from "../../db/time-zone";
import { listCompanyBirthdays } from "../birthdays/birthdays.queries";
import { loyaltyCards } from "../cards/cards.table";
import { memberships } from "../customers/memberships.table";
import { stamps } from "../stamps/stamps.table";

/** The dashboard's figures, counted in the database ("today" is the São Paulo calendar day). */
export async function getDashboardStats(db: Db, companyId: string): Promise<DashboardStats> {
  const today = saoPauloToday();
  const [cards] = await db
    .select({
      active: sql<number>`count(*) filter (where ${loyaltyCards.status} = 'active')::int`,
      complete: sql<number>`count(*) filter (where ${loyaltyCards.status} <> 'active')::int`,
      redeemed: sql<number>`count(*) filter (where ${loyaltyCards.status} = 'redeemed')::int`,
      all: sql<number>`count(*)::int`,
      completedToday: sql<number>`count(*) filter (where ${saoPauloDateOf(loyaltyCards.completedAt)} = ${today})::int`,
    })
    .from(loyaltyCards)
    .where(eq(loyaltyCards.companyId, companyId));
  const [customers] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(memberships)
    .where(eq(memberships.companyId, companyId));
  const [stampsToday] = await db
    .select({ total: sql<number>`coalesce(sum(${stamps.count}), 0)::int` })
    .from(stamps)
    .where(
      and(
        eq(stamps.companyId, companyId),
        eq(stamps.status, "approved"),
        sql`${saoPauloDateOf(stamps.approvedAt)} = ${today}`,
      ),
    );
  const [pending] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(stamps)
    .where(
      and(eq(stamps.companyId, companyId), eq(stamps.claimed, true), eq(stamps.status, "pending")),
    );
  const birthdays = await listCompanyBirthdays(db, companyId, saoPauloDate());
  const all = cards?.all ?? 0;
  return {
    totalCustomers: customers?.total ?? 0,
    activeCards: cards?.active ?? 0,
    rewardsRedeemed: cards?.redeemed ?? 0,
    completionRate: all === 0 ? 0 : Math.round(((cards?.complete ?? 0) / all) * 1000) / 10,
    stampsToday: stampsToday?.total ?? 0,
    pendingClaims: pending?.total ?? 0,
    cardsCompletedToday: cards?.completedToday ?? 0,
    birthdaysToday: birthdays,
  };
}
