import { saoPauloDate } from "@shared/dates";
import {
  isFilteredReport,
  MEMBER_ORIGINS,
  REPORT_BIRTHDAY_DAYS,
  REPORT_BIRTHDAYS_LIMIT,
  REPORT_TOP_MEMBERS,
  type Report,
  type ReportQuery,
} from "@shared/reports.schema";
import { STAMP_METHODS } from "@shared/stamps.schema";
import type { Db } from "../../db/client";
import { listUpcomingBirthdays } from "../birthdays/birthdays.queries";
import {
  filteredCardsByWeek,
  filteredPeriodFigures,
  filteredStampsByDay,
  filteredTopMembers,
} from "./filtered.queries";
import {
  cardsByWeek,
  newMembersByWeek,
  type PeriodFigures,
  periodFigures,
  stampsByDayAndMethod,
  topMembers,
} from "./reports.queries";

/**
 * /relatorios: a period's figures beside the previous period of the same length, its charts
 * (every day, every week touching it) and lists. All in São Paulo days (shared/dates.ts).
 */

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' plus `days` (calendar arithmetic in UTC, where every day has 24 hours). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** The Monday of the day's week. */
export function mondayOf(day: string): string {
  const weekday = new Date(Date.parse(day)).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** `part` of `whole` as a percentage with one decimal (0 when `whole` is 0). */
const rate = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;

const tiles = (current: PeriodFigures, previous: PeriodFigures): Report["tiles"] => {
  const pair = (pick: (f: PeriodFigures) => number) => ({
    current: pick(current),
    previous: pick(previous),
  });
  return {
    newMembers: pair((f) => f.newMembers),
    activeMembers: pair((f) => f.activeMembers ?? 0),
    stampsGiven: pair((f) => f.stampsGiven),
    cardsCompleted: pair((f) => f.cardsCompleted),
    rewardsRedeemed: pair((f) => f.rewardsRedeemed),
    redemptionRate: pair((f) => rate(f.rewardsRedeemed, f.cardsCompleted)),
    returnRate: pair((f) => rate(f.returningMembers ?? 0, f.activeMembers ?? 0)),
  };
};

/**
 * The company's report for the period (validated by ReportQuerySchema), narrowed to a team member
 * or a shop when the query names one (new members and birthdays stay company-wide).
 */
export async function getReport(db: Db, companyId: string, query: ReportQuery): Promise<Report> {
  const period = { from: query.from, to: query.to };
  const days = daysBetween(period.from, period.to);
  const previous = { from: addDays(period.from, -days), to: addDays(period.from, -1) };
  const today = saoPauloDate();
  const birthdayDays = Array.from({ length: REPORT_BIRTHDAY_DAYS }, (_, i) => addDays(today, i));

  // Narrowed to a member or a shop: read from the stamp and card rows (filtered.queries.ts).
  const filter = { memberId: query.memberId, locationId: query.locationId };
  const filtered = isFilteredReport(filter);
  const [current, before, byDay, members, cards, top, birthdays] = await Promise.all([
    filtered
      ? filteredPeriodFigures(db, companyId, { ...period, ...filter })
      : periodFigures(db, companyId, period),
    filtered
      ? filteredPeriodFigures(db, companyId, { ...previous, ...filter })
      : periodFigures(db, companyId, previous),
    filtered
      ? filteredStampsByDay(db, companyId, { ...period, ...filter })
      : stampsByDayAndMethod(db, companyId, period),
    newMembersByWeek(db, companyId, period),
    filtered
      ? filteredCardsByWeek(db, companyId, { ...period, ...filter })
      : cardsByWeek(db, companyId, period),
    filtered
      ? filteredTopMembers(db, companyId, { ...period, ...filter }, REPORT_TOP_MEMBERS)
      : topMembers(db, companyId, period, REPORT_TOP_MEMBERS),
    listUpcomingBirthdays(db, companyId, birthdayDays, REPORT_BIRTHDAYS_LIMIT),
  ]);

  const stampsByDay = Array.from({ length: days }, (_, i) => ({
    date: addDays(period.from, i),
    ...(Object.fromEntries(STAMP_METHODS.map((m) => [m, 0])) as Record<
      (typeof STAMP_METHODS)[number],
      number
    >),
  }));
  for (const row of byDay) {
    const day = stampsByDay[daysBetween(period.from, row.day) - 1];
    if (day) day[row.method] += row.stamps;
  }

  const weeks: string[] = [];
  for (let w = mondayOf(period.from); w <= period.to; w = addDays(w, 7)) weeks.push(w);
  const membersByWeek = weeks.map((weekStart) => ({
    weekStart,
    ...(Object.fromEntries(MEMBER_ORIGINS.map((o) => [o, 0])) as Record<
      (typeof MEMBER_ORIGINS)[number],
      number
    >),
  }));
  for (const row of members) {
    const week = membersByWeek.find((w) => w.weekStart === row.weekStart);
    if (week) week[row.origin] += row.members;
  }
  const cardsByWeekList = weeks.map((weekStart) => {
    const row = cards.find((c) => c.weekStart === weekStart);
    return { weekStart, completed: row?.completed ?? 0, redeemed: row?.redeemed ?? 0 };
  });

  return {
    period: { ...period, days },
    previous,
    tiles: tiles(current, before),
    stampsByDay,
    newMembersByWeek: membersByWeek,
    cardsByWeek: cardsByWeekList,
    topMembers: top,
    upcomingBirthdays: birthdays,
  };
}
