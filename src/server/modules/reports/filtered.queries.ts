import type { ReportFilter } from "@shared/reports.schema";
import type { StampMethod } from "@shared/stamps.schema";
import { and, asc, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { inSaoPaulo, saoPauloDayEnd, saoPauloDayStart } from "../../db/time-zone";
import { profiles } from "../auth/profiles.table";
import { loyaltyCards } from "../cards/cards.table";
import { memberships } from "../customers/memberships.table";
import { stamps } from "../stamps/stamps.table";
import { companyMembers, locations } from "../team/team.table";
import type { PeriodFigures } from "./reports.queries";

/**
 * /relatorios narrowed to a team member or a shop (issue 30). The daily roll-ups
 * (reports.table.ts) know no giver, so a filtered report reads the stamp and card rows of the
 * period instead, through their company-and-date indexes: what the member (or the shop) did.
 *
 * - a stamp: approved with `given_by` the member (who gave it, or approved the claim) and
 *   `location_id` the shop;
 * - a completed card: the stamp that completed it (approved in the same transaction: its
 *   `approved_at` is the card's `completed_at`) is the member's or the shop's;
 * - a redemption: `redeemed_by` the member, `redeemed_location_id` the shop.
 *
 * Members who joined, birthdays and referrals are no one's doing: they stay company-wide.
 */

export type FilteredRange = { from: string; to: string } & ReportFilter;

/** `column` (a timestamptz) within the range's São Paulo days. */
const within = (column: SQLWrapper, range: FilteredRange) =>
  sql`(${column} >= ${saoPauloDayStart(range.from)} and ${column} < ${saoPauloDayEnd(range.to)})`;

/** The filter on a stamp row (of `table`: stamps or an alias of it). */
export function stampFilter(
  table: { givenBy: AnyPgColumn; locationId: AnyPgColumn },
  filter: ReportFilter,
): SQL {
  return (
    and(
      filter.memberId ? eq(table.givenBy, filter.memberId) : undefined,
      filter.locationId ? eq(table.locationId, filter.locationId) : undefined,
    ) ?? sql`true`
  );
}

/** The filter on a card's redemption. */
export function redemptionFilter(filter: ReportFilter): SQL {
  return (
    and(
      filter.memberId ? eq(loyaltyCards.redeemedBy, filter.memberId) : undefined,
      filter.locationId ? eq(loyaltyCards.redeemedLocationId, filter.locationId) : undefined,
    ) ?? sql`true`
  );
}

const completing = alias(stamps, "completing");
/** The alias in a FROM of raw SQL (a bare alias there renders as its name only). */
export const aliased = (table: SQLWrapper, name: string) =>
  sql`${table} as ${sql.identifier(name)}`;

/** A card's completing stamp is the filter's (see above). */
const completedByFilter = (filter: ReportFilter) =>
  sql`exists (select 1 from ${aliased(stamps, "completing")} where ${completing.cardId} = ${loyaltyCards.id}
    and ${completing.status} = 'approved' and ${completing.approvedAt} = ${loyaltyCards.completedAt}
    and ${stampFilter(completing, filter)})`;

/** The period's approved stamps that match the filter. */
const filteredStamps = (companyId: string, range: FilteredRange) =>
  and(
    eq(stamps.companyId, companyId),
    eq(stamps.status, "approved"),
    within(stamps.approvedAt, range),
    stampFilter(stamps, range),
  );

/** The figures of a filtered period, in one round trip (new members: company-wide). */
export async function filteredPeriodFigures(
  db: Db,
  companyId: string,
  range: FilteredRange,
): Promise<PeriodFigures> {
  const result = await db.execute<{
    new_members: number;
    stamps_given: number;
    active: number;
    returning: number;
    cards_completed: number;
    rewards_redeemed: number;
  }>(sql`with s as (
      select ${stamps.customerId} as customer_id, ${stamps.count} as worth,
        ${inSaoPaulo(stamps.approvedAt)}::date as day
      from ${stamps} where ${filteredStamps(companyId, range)}
    )
    select
      (select count(*)::int from ${memberships} where ${memberships.companyId} = ${companyId}
        and ${within(memberships.joinedAt, range)}) as new_members,
      (select coalesce(sum(worth), 0)::int from s) as stamps_given,
      (select count(distinct customer_id)::int from s) as active,
      (select count(*)::int from (select customer_id from s group by 1
        having count(distinct day) >= 2) r) as returning,
      (select count(*)::int from ${loyaltyCards} where ${loyaltyCards.companyId} = ${companyId}
        and ${loyaltyCards.completedAt} is not null and ${within(loyaltyCards.completedAt, range)}
        and ${completedByFilter(range)}) as cards_completed,
      (select count(*)::int from ${loyaltyCards} where ${loyaltyCards.companyId} = ${companyId}
        and ${loyaltyCards.redeemedAt} is not null and ${within(loyaltyCards.redeemedAt, range)}
        and ${redemptionFilter(range)}) as rewards_redeemed`);
  const row = result.rows[0]!;
  return {
    newMembers: Number(row.new_members),
    activeMembers: Number(row.active),
    returningMembers: Number(row.returning),
    stampsGiven: Number(row.stamps_given),
    cardsCompleted: Number(row.cards_completed),
    rewardsRedeemed: Number(row.rewards_redeemed),
  };
}

/** The filter's stamps per São Paulo day and method (days without stamps are absent). */
export async function filteredStampsByDay(db: Db, companyId: string, range: FilteredRange) {
  const day = sql<string>`(${inSaoPaulo(stamps.approvedAt)})::date::text`;
  const rows = await db
    .select({
      day,
      method: stamps.method,
      stamps: sql<number>`sum(${stamps.count})::int`,
    })
    .from(stamps)
    .where(filteredStamps(companyId, range))
    .groupBy(day, stamps.method);
  return rows.map((r) => ({
    day: String(r.day),
    method: r.method as StampMethod,
    stamps: Number(r.stamps),
  }));
}

const weekOf = (column: SQLWrapper) => sql`date_trunc('week', ${inSaoPaulo(column)})::date::text`;

/** The filter's completed cards and redemptions by week (Monday, São Paulo). */
export async function filteredCardsByWeek(db: Db, companyId: string, range: FilteredRange) {
  const result = await db.execute<{ week: string; completed: number; redeemed: number }>(sql`
    select week, sum(completed)::int as completed, sum(redeemed)::int as redeemed from (
      select ${weekOf(loyaltyCards.completedAt)} as week, 1 as completed, 0 as redeemed
      from ${loyaltyCards} where ${loyaltyCards.companyId} = ${companyId}
        and ${loyaltyCards.completedAt} is not null and ${within(loyaltyCards.completedAt, range)}
        and ${completedByFilter(range)}
      union all
      select ${weekOf(loyaltyCards.redeemedAt)}, 0, 1
      from ${loyaltyCards} where ${loyaltyCards.companyId} = ${companyId}
        and ${loyaltyCards.redeemedAt} is not null and ${within(loyaltyCards.redeemedAt, range)}
        and ${redemptionFilter(range)}
    ) w group by week`);
  return result.rows.map((r) => ({
    weekStart: String(r.week),
    completed: Number(r.completed),
    redeemed: Number(r.redeemed),
  }));
}

/** The `limit` customers with the most of the filter's stamps in the period (ties by name). */
export async function filteredTopMembers(
  db: Db,
  companyId: string,
  range: FilteredRange,
  limit: number,
) {
  const total = sql<number>`sum(${stamps.count})::int`;
  const rows = await db
    .select({ customerId: stamps.customerId, name: profiles.name, stamps: total })
    .from(stamps)
    .innerJoin(profiles, eq(profiles.id, stamps.customerId))
    .innerJoin(
      memberships,
      and(
        eq(memberships.companyId, stamps.companyId),
        eq(memberships.customerId, stamps.customerId),
      ),
    )
    .where(filteredStamps(companyId, range))
    .groupBy(stamps.customerId, profiles.name, memberships.sortName)
    .having(sql`sum(${stamps.count}) > 0`)
    .orderBy(sql`${total} desc`, asc(memberships.sortName), asc(stamps.customerId))
    .limit(limit);
  return rows.map((r) => ({ customerId: r.customerId, name: r.name, stamps: Number(r.stamps) }));
}

/**
 * What /relatorios can be narrowed to: the company's team by name, and its shops when it lists two
 * or more.
 */
export async function reportFilters(db: Db, companyId: string) {
  const [members, shops] = await Promise.all([
    db
      .select({ userId: companyMembers.userId, name: profiles.name })
      .from(companyMembers)
      .innerJoin(profiles, eq(profiles.id, companyMembers.userId))
      .where(eq(companyMembers.companyId, companyId))
      .orderBy(asc(profiles.name), asc(companyMembers.userId)),
    db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(eq(locations.companyId, companyId))
      .orderBy(asc(locations.name), asc(locations.id)),
  ]);
  return { members, locations: shops.length >= 2 ? shops : [] };
}
