import { z } from "zod";
import { isCalendarDate } from "./text";

/** 'Aniversários Hoje': a member whose birthday is today, and whether this year's gift was given. */
export const BirthdayTodaySchema = z
  .object({
    customerId: z.string(),
    name: z.string(),
    gifted: z.boolean(),
  })
  .meta({ id: "BirthdayToday" });
export type BirthdayToday = z.infer<typeof BirthdayTodaySchema>;

export const DashboardStatsSchema = z
  .object({
    totalCustomers: z.number().int(),
    activeCards: z.number().int(),
    rewardsRedeemed: z.number().int(),
    /** Completed (complete or redeemed) cards / all cards, 0..100, one decimal. */
    completionRate: z.number(),
    stampsToday: z.number().int(),
    /** Customer stamp claims waiting for the company's answer. */
    pendingClaims: z.number().int(),
    cardsCompletedToday: z.number().int(),
    /** Members whose birthday is today (29 February on 28 February in other years), by name. */
    birthdaysToday: z.array(BirthdayTodaySchema),
  })
  .meta({ id: "DashboardStats" });
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

/**
 * The dashboard's 'Primeiros passos' (GET /api/dashboard/setup), in the order shown. Each step is
 * ticked from the company's data, never from a click on the list: `program` the default programme
 * saved since sign-up or another programme made; `brand` a brand colour and a logo; `poster` the
 * poster downloaded; `team` a team invitation (not cancelled) or a second member; `referrals` the
 * referral programme on; `import` an import of paper-card customers confirmed.
 */
export const SETUP_STEPS = ["program", "brand", "poster", "team", "referrals", "import"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const SetupChecklistSchema = z
  .object({
    items: z.array(z.object({ key: z.enum(SETUP_STEPS), done: z.boolean() })),
    /** 'Ocultar lista': hidden for the whole company until shown again (null column: shown). */
    dismissed: z.boolean(),
  })
  .meta({ id: "SetupChecklist" });
export type SetupChecklist = z.infer<typeof SetupChecklistSchema>;

// ---------------------------------------------------------------------------------------------
// /relatorios (GET /api/reports) and the exports (GET /api/reports/exports/…)

/** Report periods offered on /relatorios (São Paulo days); `custom` takes `from` and `to`. */
export const REPORT_PRESETS = ["7d", "30d", "90d", "this_month", "last_month", "custom"] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];
/** The longest period a report or an export covers, in days. */
export const REPORT_MAX_DAYS = 366;

/** A day that exists in the calendar (2026-02-31 is refused before it reaches the database). */
const isoDay = z.string().refine(isCalendarDate, "date_invalid");

const bothDays = (q: { from: string; to: string }) =>
  isCalendarDate(q.from) && isCalendarDate(q.to);

/**
 * A period of whole São Paulo days, both ends included (`to` ≥ `from`, at most REPORT_MAX_DAYS).
 * The web side turns a preset into these two dates (shared `reportPeriod` helper, below).
 */
export const ReportQuerySchema = z
  .object({
    from: isoDay,
    to: isoDay,
    /**
     * Only what this team member did (a user id of the company's team: 'Equipe'): the stamps they
     * gave or approved, the cards their stamp completed, the rewards they redeemed. Members who
     * joined, birthdays and referrals are no one's doing: company-wide always.
     */
    memberId: z.string().trim().min(1).max(100).optional(),
    /** Only what happened at this shop ('Unidades', when the company lists two or more). */
    locationId: z.string().trim().min(1).max(100).optional(),
  })
  // (Only between two real days: an impossible one is reported as date_invalid alone.)
  .refine((q) => !bothDays(q) || q.from <= q.to, { message: "period_invalid", path: ["to"] })
  .refine(
    (q) =>
      !bothDays(q) || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 <= REPORT_MAX_DAYS,
    { message: "period_too_long", path: ["to"] },
  );
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

/** The São Paulo dates of a preset, given today's São Paulo date (YYYY-MM-DD). */
export function reportPeriod(
  preset: Exclude<ReportPreset, "custom">,
  today: string,
): { from: string; to: string } {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const minus = (days: number) => day(new Date(Date.parse(today) - days * 86_400_000));
  switch (preset) {
    case "7d":
      return { from: minus(6), to: today };
    case "30d":
      return { from: minus(29), to: today };
    case "90d":
      return { from: minus(89), to: today };
    case "this_month":
      return { from: day(new Date(Date.UTC(y, m - 1, 1))), to: today };
    case "last_month":
      return {
        from: day(new Date(Date.UTC(y, m - 2, 1))),
        to: day(new Date(Date.UTC(y, m - 1, 0))),
      };
  }
}

/** How many members the report's top list shows. */
export const REPORT_TOP_MEMBERS = 10;
/** The birthdays list covers today and the following days: 30 São Paulo days in all. */
export const REPORT_BIRTHDAY_DAYS = 30;
/** At most this many birthdays are listed (by date, then name). */
export const REPORT_BIRTHDAYS_LIMIT = 100;

/** A figure of the period and of the previous period of the same length. */
const Compared = z.object({ current: z.number(), previous: z.number() });

/** How members joined, grouped from memberships.origin. */
export const MEMBER_ORIGINS = [
  "qrcode",
  "company_link",
  "referral",
  "partnership",
  "invited",
  "other",
] as const;
export type MemberOrigin = (typeof MEMBER_ORIGINS)[number];

export const ReportSchema = z
  .object({
    period: z.object({ from: z.string(), to: z.string(), days: z.number().int() }),
    previous: z.object({ from: z.string(), to: z.string() }),
    tiles: z.object({
      /** Memberships that started in the period. */
      newMembers: Compared,
      /** Members with at least one confirmed stamp in the period. */
      activeMembers: Compared,
      /** Stamps given (confirmed stamp rows' worth) in the period, every method. */
      stampsGiven: Compared,
      /** Cards that reached their maximum in the period. */
      cardsCompleted: Compared,
      /** Rewards redeemed in the period. */
      rewardsRedeemed: Compared,
      /** rewardsRedeemed ÷ cardsCompleted of the period, 0..100 with one decimal (0 when none completed). */
      redemptionRate: Compared,
      /** Members with stamps on two or more different São Paulo days ÷ activeMembers, 0..100, one decimal. */
      returnRate: Compared,
    }),
    /** Every day of the period (São Paulo), stamps given by method. */
    stampsByDay: z.array(
      z.object({
        date: z.string(),
        purchase: z.number().int(),
        receipt: z.number().int(),
        social: z.number().int(),
        google_review: z.number().int(),
        birthday: z.number().int(),
        referral: z.number().int(),
      }),
    ),
    /** Every week (Monday, São Paulo) touching the period: new members by origin. */
    newMembersByWeek: z.array(
      z.object({
        weekStart: z.string(),
        qrcode: z.number().int(),
        company_link: z.number().int(),
        referral: z.number().int(),
        partnership: z.number().int(),
        invited: z.number().int(),
        other: z.number().int(),
      }),
    ),
    /** Every week (Monday) touching the period: cards completed and rewards redeemed. */
    cardsByWeek: z.array(
      z.object({
        weekStart: z.string(),
        completed: z.number().int(),
        redeemed: z.number().int(),
      }),
    ),
    /** The 10 members with the most stamps in the period (ties by name). */
    topMembers: z.array(
      z.object({ customerId: z.string(), name: z.string(), stamps: z.number().int() }),
    ),
    /**
     * Birthdays in the next 30 days from today (REPORT_BIRTHDAY_DAYS, today included), by date then
     * name, at most REPORT_BIRTHDAYS_LIMIT: the date of the next birthday; the age is never shown.
     */
    upcomingBirthdays: z.array(
      z.object({ customerId: z.string(), name: z.string(), date: z.string() }),
    ),
  })
  .meta({ id: "Report" });
export type Report = z.infer<typeof ReportSchema>;

/** A report's filter: a team member, a shop (the choices of GET /api/reports/filters). */
export type ReportFilter = Pick<ReportQuery, "memberId" | "locationId">;

/** Whether a report or an export is narrowed to a member or a shop. */
export const isFilteredReport = (filter: ReportFilter) =>
  Boolean(filter.memberId || filter.locationId);

/** What /relatorios can be narrowed to: the company's team and, from two on, its shops. */
export const ReportFiltersSchema = z
  .object({
    members: z.array(z.object({ userId: z.string(), name: z.string() })),
    /** Empty unless the company lists two or more shops (a single shop is never named). */
    locations: z.array(z.object({ id: z.string(), name: z.string() })),
  })
  .meta({ id: "ReportFilters" });
export type ReportFilters = z.infer<typeof ReportFiltersSchema>;

/**
 * What can be exported (each a CSV, and a sheet of the workbook); `indicacoes` only when referrals
 * exist, and never narrowed to a member or a shop (no one's doing: left out of a filtered export).
 */
export const EXPORT_DATASETS = [
  "membros",
  "cartoes",
  "carimbos",
  "mensagens",
  "indicacoes",
] as const;
export type ExportDataset = (typeof EXPORT_DATASETS)[number];
