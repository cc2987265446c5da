import { birthdaysOn } from "@shared/dates";
import type { Language } from "@shared/languages";
import { and, eq, inArray, isNull, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
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

// The same expressions as the indexes profiles_birthday_idx and memberships_birthday_idx.
const monthOf = (date: SQLWrapper) => sql`extract(month from ${date})`;
const dayOf = (date: SQLWrapper) => sql`extract(day from ${date})`;

/** The member's birthday gift of `year` (a left join: null when there is none). */
const giftOfYear = (year: number) =>
  and(
    eq(birthdayGifts.companyId, memberships.companyId),
    eq(birthdayGifts.customerId, memberships.customerId),
    eq(birthdayGifts.year, year),
  );
const gifted = sql<boolean>`(${birthdayGifts.id} is not null)`;

/** `date` falls on one of `monthDays` ('MM-DD'), in a form the birthday indexes answer. */
function onDays(date: SQLWrapper, monthDays: string[]): SQL {
  return or(
    ...monthDays.map((md) => {
      const [month, day] = md.split("-").map(Number);
      return and(sql`${monthOf(date)} = ${month}`, sql`${dayOf(date)} = ${day}`);
    }),
  )!;
}

/**
 * The active members, of companies whose birthday rule is on, whose birthday is one of
 * `monthDays` ('MM-DD'), with whether they already have `year`'s gift. The birthday is the
 * company's own record of the member (`memberships.birth_date`) when it has one, else the
 * customer's profile: two indexed branches, each a few hundred rows in 100,000.
 */
export async function listBirthdayMembers(
  db: Db,
  { monthDays, year }: { monthDays: string[]; year: number },
): Promise<BirthdayMember[]> {
  const select = () =>
    db
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
      .from(memberships)
      .innerJoin(profiles, eq(profiles.id, memberships.customerId))
      .innerJoin(companies, eq(companies.id, memberships.companyId))
      .leftJoin(birthdayGifts, giftOfYear(year));
  // A closed company ('Fechar conta') gives no more gifts.
  const active = and(
    eq(memberships.status, "active"),
    eq(companies.birthdayEnabled, true),
    isNull(companies.closedAt),
  );
  const [fromProfiles, fromRecords] = await Promise.all([
    select().where(
      and(active, isNull(memberships.birthDate), onDays(profiles.birthDate, monthDays)),
    ),
    select().where(and(active, onDays(memberships.birthDate, monthDays))),
  ]);
  return [...fromProfiles, ...fromRecords].sort(
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
    .where(
      and(
        eq(memberships.companyId, companyId),
        inArray(
          sql`to_char(coalesce(${memberships.birthDate}, ${profiles.birthDate}), 'MM-DD')`,
          birthdaysOn(day),
        ),
      ),
    )
    .orderBy(profiles.name);
}

/**
 * The company's members whose birthday falls on one of `days` (yyyy-MM-dd, São Paulo, in order),
 * by the job's rule (the company's record, else the profile; 29 February on 28 February in other
 * years), each with the date of that birthday, by date then name; at most `limit`. The days are
 * read a few at a time (1, 2, 4, … of them) through the two indexed branches of
 * listBirthdayMembers, stopping once `limit` are found: a large base reads only its first days.
 */
export async function listUpcomingBirthdays(
  db: Db,
  companyId: string,
  days: string[],
  limit: number,
): Promise<{ customerId: string; name: string; date: string }[]> {
  const found: { customerId: string; name: string; date: string }[] = [];
  const ofCompany = eq(memberships.companyId, companyId);
  for (
    let start = 0, size = 1;
    start < days.length && found.length < limit;
    start += size, size *= 2
  ) {
    const dateOf = new Map<string, string>();
    for (const day of days.slice(start, start + size))
      for (const md of birthdaysOn(day)) if (!dateOf.has(md)) dateOf.set(md, day);
    const monthDays = [...dateOf.keys()];
    const select = () =>
      db
        .select({
          customerId: memberships.customerId,
          name: profiles.name,
          monthDay: sql<string>`to_char(coalesce(${memberships.birthDate}, ${profiles.birthDate}), 'MM-DD')`,
        })
        .from(memberships)
        .innerJoin(profiles, eq(profiles.id, memberships.customerId));
    const [fromProfiles, fromRecords] = await Promise.all([
      select().where(
        and(ofCompany, isNull(memberships.birthDate), onDays(profiles.birthDate, monthDays)),
      ),
      select().where(and(ofCompany, onDays(memberships.birthDate, monthDays))),
    ]);
    found.push(
      ...[...fromProfiles, ...fromRecords]
        .map((r) => ({ customerId: r.customerId, name: r.name, date: dateOf.get(r.monthDay)! }))
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
