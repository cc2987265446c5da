import { birthdaysOn } from "@shared/dates";
import type { Language } from "@shared/languages";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";
import { memberships } from "../customers/memberships.table";
import { birthdayGifts } from "./birthdays.table";

/**
 * The birthdays' read model: today's birthdays of every company whose birthday rule is on, with
 * what the gift needs (read only; the gifts are written by flows/birthday-gifts.ts through birthdays.service.ts).
 */

export type BirthdayMember = {
  membershipId: string;
  companyId: string;
  customerId: string;
  companyName: string;
  /** The rule's 'Mensagem de aniversário' ("" when the company wrote none). */
  message: string;
  customerName: string;
  customerEmail: string;
  language: Language | null;
  /** The member already has this year's gift from the company. */
  gifted: boolean;
};

/** 'MM-DD' as memberships.birthday keeps it: month × 100 + day (migration 0030). */
const monthDayNumber = (monthDay: string) =>
  Number(monthDay.slice(0, 2)) * 100 + Number(monthDay.slice(3, 5));

/** The member's birthday that counts is one of `monthDays` ('MM-DD'). */
const bornOn = (monthDays: string[]) =>
  inArray(memberships.birthday, [...new Set(monthDays.map(monthDayNumber))]);

/** The member's birthday gift of `year` (a left join: null when there is none). */
const giftOfYear = (year: number) =>
  and(
    eq(birthdayGifts.companyId, memberships.companyId),
    eq(birthdayGifts.customerId, memberships.customerId),
    eq(birthdayGifts.year, year),
  );
const gifted = sql<boolean>`(${birthdayGifts.id} is not null)`;

/**
 * The active members, of companies whose birthday rule is on, whose birthday is one of
 * `monthDays` ('MM-DD'), with whether they already have `year`'s gift. The birthday is the
 * company's own record of the member when it has one, else the customer's profile
 * (`memberships.birthday`, kept by the database): read company by company through
 * memberships_company_birthday_idx, a few rows each.
 */
export async function listBirthdayMembers(
  db: Db,
  { monthDays, year }: { monthDays: string[]; year: number },
): Promise<BirthdayMember[]> {
  const rows = await db
    .select({
      membershipId: memberships.id,
      companyId: memberships.companyId,
      customerId: memberships.customerId,
      companyName: companies.tradeName,
      message: sql<string>`coalesce(${companies.birthdayPromotion}, '')`,
      customerName: profiles.name,
      customerEmail: profiles.email,
      language: profiles.language,
      gifted,
    })
    .from(companies)
    .innerJoin(memberships, eq(memberships.companyId, companies.id))
    .innerJoin(profiles, eq(profiles.id, memberships.customerId))
    .leftJoin(birthdayGifts, giftOfYear(year))
    .where(
      and(
        // A closed company ('Fechar conta') gives no more gifts.
        eq(companies.birthdayEnabled, true),
        isNull(companies.closedAt),
        eq(memberships.status, "active"),
        bornOn(monthDays),
      ),
    );
  return rows.sort(
    (a, b) => a.companyId.localeCompare(b.companyId) || a.customerId.localeCompare(b.customerId),
  );
}

/**
 * 'Aniversários Hoje' of one company: its members whose birthday is `day` (yyyy-MM-dd, São Paulo)
 * by the job's rule (the company's record, else the profile; 29 February on 28 February in other
 * years), by name, with whether this year's gift was given.
 */
export function listCompanyBirthdays(db: Db, companyId: string, day: string) {
  return db
    .select({ customerId: memberships.customerId, name: profiles.name, gifted })
    .from(memberships)
    .innerJoin(profiles, eq(profiles.id, memberships.customerId))
    .leftJoin(birthdayGifts, giftOfYear(Number(day.slice(0, 4))))
    .where(and(eq(memberships.companyId, companyId), bornOn(birthdaysOn(day))))
    .orderBy(profiles.name);
}

/**
 * The company's members whose birthday falls on one of `days` (yyyy-MM-dd, São Paulo, in order),
 * by the job's rule (the company's record, else the profile; 29 February on 28 February in other
 * years), each with the date of that birthday, by date then name; at most `limit`. The days are
 * read a few at a time (1, 2, 4, … of them) through memberships_company_birthday_idx, stopping
 * once `limit` are found: a large base reads only its first days, and only its own rows.
 */
export async function listUpcomingBirthdays(
  db: Db,
  companyId: string,
  days: string[],
  limit: number,
): Promise<{ customerId: string; name: string; date: string }[]> {
  const found: { customerId: string; name: string; date: string }[] = [];
  for (
    let start = 0, size = 1;
    start < days.length && found.length < limit;
    start += size, size *= 2
  ) {
    const dateOf = new Map<number, string>();
    for (const day of days.slice(start, start + size))
      for (const md of birthdaysOn(day)) {
        const key = monthDayNumber(md);
        if (!dateOf.has(key)) dateOf.set(key, day);
      }
    const rows = await db
      .select({
        customerId: memberships.customerId,
        name: profiles.name,
        birthday: memberships.birthday,
      })
      .from(memberships)
      .innerJoin(profiles, eq(profiles.id, memberships.customerId))
      .where(
        and(
          eq(memberships.companyId, companyId),
          inArray(memberships.birthday, [...dateOf.keys()]),
        ),
      );
    found.push(
      ...rows
        .map((r) => ({ customerId: r.customerId, name: r.name, date: dateOf.get(r.birthday!)! }))
        .sort(
          (a, b) =>
            a.date.localeCompare(b.date) ||
            a.name.localeCompare(b.name, "pt-BR") ||
            a.customerId.localeCompare(b.customerId),
        ),
    );
  }
  return found.slice(0, limit);
}
