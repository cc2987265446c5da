import { INVITATION_ORIGIN } from "@shared/customers.schema";
import { saoPauloDate } from "@shared/dates";
import { type DashboardStats, MEMBER_ORIGINS, type MemberOrigin } from "@shared/reports.schema";
import { and, desc, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inSaoPaulo, saoPauloDayEnd, saoPauloDayStart } from "../../db/time-zone";
import { profiles } from "../auth/profiles.table";
import { listCompanyBirthdays } from "../birthdays/birthdays.queries";
import { loyaltyCards } from "../cards/cards.table";
import { memberships } from "../customers/memberships.table";
import { stamps } from "../stamps/stamps.table";
import { reportMemberDays, reportMemberTotals, reportStampDays } from "./reports.table";

/**
 * The reports' read model: the figures of a period of São Paulo days for /relatorios and the
 * dashboard, one SQL per figure (`periodFigures`), so the two screens can never disagree. Stamps
 * are counted from the daily roll-ups the database keeps (reports.table.ts, decision 013); members
 * and cards from their own rows, through the indexes on their dates.
 */

/** São Paulo days, both ends included; without `from`, everything up to `to`. */
export type DayRange = { from?: string; to: string };

/** `column` (a timestamptz) falls on one of the range's São Paulo days (an index range). */
function within(column: SQLWrapper, range: DayRange): SQL {
  const end = sql`${column} < ${saoPauloDayEnd(range.to)}`;
  return range.from ? sql`${column} >= ${saoPauloDayStart(range.from)} and ${end}` : end;
}

/** A day column (`report_*_days.day`) within the range. */
function daysWithin(column: SQLWrapper, range: DayRange): SQL {
  const end = sql`${column} <= ${range.to}::date`;
  return range.from ? sql`${column} >= ${range.from}::date and ${end}` : end;
}

// ---------------------------------------------------------------------------------------------
// One SQL per figure

/** Memberships that started in the range (`memberships.joined_at`). */
const newMembersSql = (companyId: string, range: DayRange) =>
  sql`(select count(*)::int from ${memberships} where ${memberships.companyId} = ${companyId}
    and ${within(memberships.joinedAt, range)})`;

/** The worth of the confirmed (approved) stamps of the range, every method. */
const stampsGivenSql = (companyId: string, range: DayRange) =>
  sql`(select coalesce(sum(${reportStampDays.stamps}), 0)::int from ${reportStampDays}
    where ${reportStampDays.companyId} = ${companyId} and ${daysWithin(reportStampDays.day, range)})`;

/** Cards that reached their maximum in the range (`completed_at`; redeemed ones included). */
const cardsCompletedSql = (companyId: string, range: DayRange) =>
  sql`(select count(*)::int from ${loyaltyCards} where ${loyaltyCards.companyId} = ${companyId}
    and ${loyaltyCards.completedAt} is not null and ${within(loyaltyCards.completedAt, range)})`;

/** Rewards redeemed in the range (`redeemed_at`). */
const rewardsRedeemedSql = (companyId: string, range: DayRange) =>
  sql`(select count(*)::int from ${loyaltyCards} where ${loyaltyCards.companyId} = ${companyId}
    and ${loyaltyCards.redeemedAt} is not null and ${within(loyaltyCards.redeemedAt, range)})`;

/**
 * Active members (a confirmed stamp in the range) and returning ones (on two or more São Paulo
 * days of it), in one pass over the range's member-days: a member's first day in the range is the
 * one whose previous day falls before it, their second the one whose day before that does.
 */
const activitySql = (companyId: string, from: string, to: string) => sql`
  select
    count(*) filter (where ${reportMemberDays.prevDay} is null
      or ${reportMemberDays.prevDay} < ${from}::date)::int as active,
    count(*) filter (where ${reportMemberDays.prevDay} >= ${from}::date
      and (${reportMemberDays.prev2Day} is null or ${reportMemberDays.prev2Day} < ${from}::date))::int
      as returning
  from ${reportMemberDays}
  where ${reportMemberDays.companyId} = ${companyId}
    and ${daysWithin(reportMemberDays.day, { from, to })}`;

export type PeriodFigures = {
  newMembers: number;
  /** Null when not asked for (a range without `from`). */
  activeMembers: number | null;
  returningMembers: number | null;
  stampsGiven: number;
  cardsCompleted: number;
  rewardsRedeemed: number;
};

/**
 * The figures of a range of São Paulo days, in one round trip: the report's tiles (the period and
 * the one before) and the dashboard (today; and everything up to today for its totals).
 */
export async function periodFigures(
  db: Db,
  companyId: string,
  range: DayRange,
): Promise<PeriodFigures> {
  const activity = range.from
    ? activitySql(companyId, range.from, range.to)
    : sql`select null::int as active, null::int as returning`;
  const result = await db.execute<{
    new_members: number;
    stamps_given: number;
    cards_completed: number;
    rewards_redeemed: number;
    active: number | null;
    returning: number | null;
  }>(sql`select
      ${newMembersSql(companyId, range)} as new_members,
      ${stampsGivenSql(companyId, range)} as stamps_given,
      ${cardsCompletedSql(companyId, range)} as cards_completed,
      ${rewardsRedeemedSql(companyId, range)} as rewards_redeemed,
      a.active, a.returning
    from (${activity}) a`);
  const row = result.rows[0]!;
  return {
    newMembers: Number(row.new_members),
    activeMembers: row.active === null ? null : Number(row.active),
    returningMembers: row.returning === null ? null : Number(row.returning),
    stampsGiven: Number(row.stamps_given),
    cardsCompleted: Number(row.cards_completed),
    rewardsRedeemed: Number(row.rewards_redeemed),
  };
}

// ---------------------------------------------------------------------------------------------
// The dashboard

/** The dashboard's figures ("today" is the São Paulo calendar day), from `periodFigures`. */
export async function getDashboardStats(db: Db, companyId: string): Promise<DashboardStats> {
  const today = saoPauloDate();
  const [todays, totals, [cards], [pending], birthdays] = await Promise.all([
    periodFigures(db, companyId, { from: today, to: today }),
    periodFigures(db, companyId, { to: today }),
    db
      .select({
        active: sql<number>`count(*) filter (where ${loyaltyCards.status} = 'active')::int`,
        complete: sql<number>`count(*) filter (where ${loyaltyCards.status} <> 'active')::int`,
        all: sql<number>`count(*)::int`,
      })
      .from(loyaltyCards)
      .where(eq(loyaltyCards.companyId, companyId)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(stamps)
      .where(
        and(
          eq(stamps.companyId, companyId),
          eq(stamps.claimed, true),
          eq(stamps.status, "pending"),
        ),
      ),
    listCompanyBirthdays(db, companyId, today),
  ]);
  const all = cards?.all ?? 0;
  return {
    totalCustomers: totals.newMembers,
    activeCards: cards?.active ?? 0,
    rewardsRedeemed: totals.rewardsRedeemed,
    completionRate: all === 0 ? 0 : Math.round(((cards?.complete ?? 0) / all) * 1000) / 10,
    stampsToday: todays.stampsGiven,
    pendingClaims: pending?.total ?? 0,
    cardsCompletedToday: todays.cardsCompleted,
    birthdaysToday: birthdays,
  };
}

// ---------------------------------------------------------------------------------------------
// The report's charts and lists

/** Stamps given per São Paulo day and method in the range (days without stamps are absent). */
export async function stampsByDayAndMethod(db: Db, companyId: string, range: Required<DayRange>) {
  return db
    .select({
      day: reportStampDays.day,
      method: reportStampDays.method,
      stamps: reportStampDays.stamps,
    })
    .from(reportStampDays)
    .where(and(eq(reportStampDays.companyId, companyId), daysWithin(reportStampDays.day, range)));
}

/**
 * How a membership started, from `memberships.origin` (the sign-up link's channel, or its origin
 * code: shared/origin.ts) and the partner company that sent the customer: the index of its group
 * in MEMBER_ORIGINS (qrcode, company_link, referral, partnership, invited, other).
 */
export const memberOriginSql = sql<number>`(case
    when ${memberships.partnerCompanyId} is not null or ${memberships.origin} like 'parceria%'
      then ${MEMBER_ORIGINS.indexOf("partnership")}
    when ${memberships.origin} = ${INVITATION_ORIGIN} then ${MEMBER_ORIGINS.indexOf("invited")}
    when ${memberships.origin} like 'afiliado%' or ${memberships.origin} like 'indica%'
      then ${MEMBER_ORIGINS.indexOf("referral")}
    when ${memberships.origin} like 'qrcode%' then ${MEMBER_ORIGINS.indexOf("qrcode")}
    when ${memberships.origin} like 'empresa_direta%' or ${memberships.origin} like '%link%'
      then ${MEMBER_ORIGINS.indexOf("company_link")}
    else ${MEMBER_ORIGINS.indexOf("other")} end)::int`;

/** The origin group of a `memberOriginSql` value. */
export const memberOrigin = (code: number): MemberOrigin => MEMBER_ORIGINS[code] ?? "other";

/**
 * A timestamptz's UTC hour: rows are grouped by hour first (plain arithmetic), then each hour is
 * put in its São Paulo week, so a year of rows costs a few thousand time-zone conversions, not one
 * per row. São Paulo's offsets have always been whole hours, so an hour never straddles two days.
 */
const hourOf = (column: SQLWrapper) =>
  sql`date_bin('1 hour', ${column}, timestamptz '2000-01-01 00:00:00+00')`;

/** The Monday (São Paulo) of an hour's week, as 'YYYY-MM-DD'. */
const weekOfHour = sql`date_trunc('week', ${inSaoPaulo(sql`hour`)})::date::text`;

/** Members who joined in the range, by week (Monday) and origin. */
export async function newMembersByWeek(db: Db, companyId: string, range: Required<DayRange>) {
  const result = await db.execute<{ week: string; origin: number; members: number }>(sql`
    select ${weekOfHour} as week, origin, sum(members)::int as members from (
      select ${hourOf(memberships.joinedAt)} as hour, ${memberOriginSql} as origin,
        count(*) as members
      from ${memberships}
      where ${memberships.companyId} = ${companyId} and ${within(memberships.joinedAt, range)}
      group by 1, 2
    ) h group by 1, 2`);
  return result.rows.map((r) => ({
    weekStart: String(r.week),
    origin: memberOrigin(Number(r.origin)),
    members: Number(r.members),
  }));
}

/** Cards completed and rewards redeemed in the range, by week (Monday). */
export async function cardsByWeek(db: Db, companyId: string, range: Required<DayRange>) {
  const result = await db.execute<{ week: string; completed: number; redeemed: number }>(sql`
    select ${weekOfHour} as week, sum(completed)::int as completed, sum(redeemed)::int as redeemed
    from (
      select ${hourOf(loyaltyCards.completedAt)} as hour, count(*) as completed, 0 as redeemed
      from ${loyaltyCards} where ${loyaltyCards.companyId} = ${companyId}
        and ${loyaltyCards.completedAt} is not null and ${within(loyaltyCards.completedAt, range)}
      group by 1
      union all
      select ${hourOf(loyaltyCards.redeemedAt)}, 0, count(*)
      from ${loyaltyCards} where ${loyaltyCards.companyId} = ${companyId}
        and ${loyaltyCards.redeemedAt} is not null and ${within(loyaltyCards.redeemedAt, range)}
      group by 1
    ) h group by 1`);
  return result.rows.map((r) => ({
    weekStart: String(r.week),
    completed: Number(r.completed),
    redeemed: Number(r.redeemed),
  }));
}

// ---------------------------------------------------------------------------------------------
// Top members

type Ranked = { customerId: string; stamps: number };

/** The members' stamps in the range, of the given members only, or of everyone. */
async function memberSums(db: Db, companyId: string, range: Required<DayRange>, ids: string[]) {
  const rows = await db
    .select({
      customerId: reportMemberDays.customerId,
      stamps: sql<number>`sum(${reportMemberDays.stamps})::int`,
    })
    .from(reportMemberDays)
    .where(
      and(
        eq(reportMemberDays.companyId, companyId),
        inArray(reportMemberDays.customerId, ids),
        daysWithin(reportMemberDays.day, range),
      ),
    )
    .groupBy(reportMemberDays.customerId);
  return rows.map((r) => ({ customerId: r.customerId, stamps: Number(r.stamps) }));
}

/** Batches of members walked from the most stamps of all time down, before giving up. */
const WALK = [50, 200, 750];

/**
 * The top of a period that holds most of the company's stamps: members walked from the most
 * stamps of all time down (report_member_totals), their stamps in the period summed, until the
 * next member's all-time total is below the current `limit`-th place (no one further down can
 * reach or tie it). Null when the walk would be long (the all-time totals say little about the
 * period): then the period's stamps are summed for everyone.
 */
async function topByWalk(
  db: Db,
  companyId: string,
  range: Required<DayRange>,
  limit: number,
): Promise<Ranked[] | null> {
  const found: Ranked[] = [];
  let after: { stamps: number; customerId: string } | null = null;
  for (const size of WALK) {
    const members: { customerId: string; stamps: number }[] = await db
      .select({ customerId: reportMemberTotals.customerId, stamps: reportMemberTotals.stamps })
      .from(reportMemberTotals)
      .where(
        and(
          eq(reportMemberTotals.companyId, companyId),
          after
            ? sql`(${reportMemberTotals.stamps}, ${reportMemberTotals.customerId}) < (${after.stamps}, ${after.customerId})`
            : undefined,
        ),
      )
      .orderBy(desc(reportMemberTotals.stamps), desc(reportMemberTotals.customerId))
      .limit(size);
    if (members.length > 0) {
      const sums = await memberSums(
        db,
        companyId,
        range,
        members.map((m) => m.customerId),
      );
      found.push(...sums.filter((m) => m.stamps > 0));
    }
    const last = members.at(-1);
    if (members.length < size || !last) return found;
    found.sort((a, b) => b.stamps - a.stamps);
    const kth = found[limit - 1]?.stamps;
    if (kth !== undefined && last.stamps < kth) return found.filter((m) => m.stamps >= kth);
    after = last;
  }
  return null;
}

/** The top of any period: every member's stamps in it summed, the ones tied with the last place. */
async function topBySum(db: Db, companyId: string, range: Required<DayRange>, limit: number) {
  return db.transaction(async (tx) => {
    // A year of 100,000 members is summed in memory, not spilled to disk.
    await tx.execute(sql`set local work_mem = '64MB'`);
    const result = await tx.execute<{ customer_id: string; stamps: number }>(sql`
      with sums as materialized (
        select ${reportMemberDays.customerId} as customer_id,
          sum(${reportMemberDays.stamps})::int as stamps
        from ${reportMemberDays}
        where ${reportMemberDays.companyId} = ${companyId}
          and ${daysWithin(reportMemberDays.day, range)}
        group by 1
      ), kth as (select stamps from sums order by stamps desc offset ${limit - 1} limit 1)
      select customer_id, stamps from sums
      where stamps >= coalesce((select stamps from kth), 0)`);
    return result.rows.map((r) => ({ customerId: r.customer_id, stamps: Number(r.stamps) }));
  });
}

/**
 * The `limit` members with the most stamps in the range, ties by name (as /clientes sorts them).
 * A period holding at least half of the company's stamps walks the all-time totals (`topByWalk`:
 * a year of a large base reads a few hundred members); a shorter one sums its own days.
 */
export async function topMembers(
  db: Db,
  companyId: string,
  range: Required<DayRange>,
  limit: number,
) {
  const [share] = await db
    .select({
      period: sql<number>`coalesce(sum(${reportStampDays.stamps}) filter (where ${daysWithin(reportStampDays.day, range)}), 0)::int`,
      all: sql<number>`coalesce(sum(${reportStampDays.stamps}), 0)::int`,
    })
    .from(reportStampDays)
    .where(eq(reportStampDays.companyId, companyId));
  if (!share || Number(share.period) === 0) return [];
  const ranked =
    (Number(share.period) * 2 >= Number(share.all)
      ? await topByWalk(db, companyId, range, limit)
      : null) ?? (await topBySum(db, companyId, range, limit));
  if (ranked.length === 0) return [];
  const names = await db
    .select({
      customerId: memberships.customerId,
      name: profiles.name,
      sortName: memberships.sortName,
    })
    .from(memberships)
    .innerJoin(profiles, eq(profiles.id, memberships.customerId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        inArray(
          memberships.customerId,
          ranked.map((r) => r.customerId),
        ),
      ),
    );
  const byId = new Map(names.map((n) => [n.customerId, n]));
  return ranked
    .flatMap((r) => {
      const member = byId.get(r.customerId);
      return member ? [{ ...r, name: member.name, sortName: member.sortName }] : [];
    })
    .sort(
      (a, b) =>
        b.stamps - a.stamps ||
        (a.sortName < b.sortName ? -1 : a.sortName > b.sortName ? 1 : 0) ||
        (a.customerId < b.customerId ? -1 : 1),
    )
    .slice(0, limit)
    .map(({ customerId, name, stamps }) => ({ customerId, name, stamps }));
}
