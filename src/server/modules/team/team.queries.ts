import { saoPauloDate } from "@shared/dates";
import { toLanguage } from "@shared/languages";
import {
  type Location,
  type StaffInvitation,
  type StaffInvitationDetails,
  TEAM_ACTIVITY_BASELINE_DAYS,
  TEAM_ACTIVITY_FLAG_FACTOR,
  TEAM_ACTIVITY_FLAG_MIN_AVERAGE,
  type Team,
  type TeamActivity,
  type TeamActivityRow,
  type TeamMember,
} from "@shared/team.schema";
import { and, asc, eq, gte, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { saoPauloDateOf, saoPauloDayStart } from "../../db/time-zone";
import { users } from "../auth/auth.table";
import { profiles } from "../auth/profiles.table";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { stamps } from "../stamps/stamps.table";
import { companyMembers, locations, staffInvitations } from "./team.table";

/**
 * The team module's read model: a user's place in a company's team, as other modules read it, and
 * what /equipe and /equipe/convite show (read only; the writes are in team.service.ts).
 */

/** The company whose team the user is in, their role and shop; null outside any team. */
export async function findMembership(db: Db, userId: string) {
  const [row] = await db
    .select({
      companyId: companyMembers.companyId,
      role: companyMembers.role,
      locationId: companyMembers.locationId,
    })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId))
    .limit(1);
  return row ?? null;
}

const memberColumns = {
  id: companyMembers.id,
  userId: companyMembers.userId,
  name: users.name,
  email: users.email,
  role: companyMembers.role,
  locationId: companyMembers.locationId,
  createdAt: companyMembers.createdAt,
};

type MemberRow = { createdAt: Date } & Omit<TeamMember, "createdAt">;
const toMember = (row: MemberRow): TeamMember => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** The company's members, by name; `where` narrows them (one member, say). */
async function selectMembers(db: Db, companyId: string, where?: SQL) {
  const rows = await db
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), where))
    .orderBy(asc(users.name), asc(companyMembers.createdAt));
  return rows.map(toMember);
}

/** One member of the company, or null (another company's member is none). */
export async function findTeamMember(
  db: Db,
  companyId: string,
  memberId: string,
): Promise<TeamMember | null> {
  const [member] = await selectMembers(db, companyId, eq(companyMembers.id, memberId));
  return member ?? null;
}

/** Whether an account with this e-mail (any case) is in the company's team. */
export async function isInTeam(db: Db, companyId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companyMembers.id })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export type StaffInvitationRow = typeof staffInvitations.$inferSelect;

export const toStaffInvitation = (row: StaffInvitationRow): StaffInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  locationId: row.locationId,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  expired: row.expiresAt.getTime() <= Date.now(),
});

/** SQL: an invitation neither accepted nor cancelled (it may have expired: it can be resent). */
export const openInvitation = and(
  isNull(staffInvitations.acceptedAt),
  isNull(staffInvitations.canceledAt),
);

export async function listLocations(db: Db, companyId: string): Promise<Location[]> {
  return db
    .select({ id: locations.id, name: locations.name, address: locations.address })
    .from(locations)
    .where(eq(locations.companyId, companyId))
    .orderBy(asc(locations.name), asc(locations.createdAt));
}

/** /equipe: the members, the invitations still open (newest first) and the shops. */
export async function listTeam(db: Db, companyId: string): Promise<Team> {
  const [members, invitations, shops] = await Promise.all([
    selectMembers(db, companyId),
    db
      .select()
      .from(staffInvitations)
      .where(and(eq(staffInvitations.companyId, companyId), openInvitation))
      .orderBy(sql`${staffInvitations.createdAt} desc`),
    listLocations(db, companyId),
  ]);
  return { members, invitations: invitations.map(toStaffInvitation), locations: shops };
}

/** Whether `locationId` is one of the company's shops. */
export async function isCompanyLocation(db: Db, companyId: string, locationId: string) {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.companyId, companyId)))
    .limit(1);
  return Boolean(row);
}

/** What the invitation e-mail says: the company's trade name, in the inviting owner's language. */
export async function invitationSender(db: Db, companyId: string, inviterId: string) {
  const [company] = await db
    .select({ name: companies.tradeName })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  const [inviter] = await db
    .select({ language: profiles.language })
    .from(profiles)
    .where(eq(profiles.id, inviterId))
    .limit(1);
  return { companyName: company?.name ?? "", language: toLanguage(inviter?.language) };
}

/** The invitation behind a token's hash, whatever its state (the caller tells them apart). */
export async function findInvitationByHash(
  db: Db,
  tokenHash: string,
): Promise<StaffInvitationRow | null> {
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/**
 * /equipe/convite (to whoever holds the link, the e-mail's owner): the company, the role, the
 * e-mail and what its account, if any, is.
 */
export async function staffInvitationDetails(
  db: Db,
  invitation: StaffInvitationRow,
): Promise<StaffInvitationDetails> {
  const [company] = await db
    .select({ name: companies.tradeName })
    .from(companies)
    .where(eq(companies.id, invitation.companyId))
    .limit(1);
  const [account] = await db
    .select({ role: profiles.role })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(sql`lower(${users.email}) = ${invitation.email.toLowerCase()}`)
    .limit(1);
  return {
    companyName: company?.name ?? "",
    role: invitation.role,
    email: invitation.email,
    account: !account ? "none" : account.role === "customer" ? "customer" : "admin",
  };
}

// ---------------------------------------------------------------------------------------------
// The activity list (/equipe): stamps given and cards redeemed per member per São Paulo day.

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' `n` days after `day` (before, when negative). */
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

type DayCounts = { stamps: number; redemptions: number };

/**
 * The last `days` São Paulo days (today included) of the company's team: per person who gave
 * approved stamps (`stamps.given_by`, the sum of their counts) or redeemed cards
 * (`loyalty_cards.redeemed_by`), per day with any. Today's row carries the person's daily average
 * of stamps over the TEAM_ACTIVITY_BASELINE_DAYS before today (only the days since they joined
 * the team count; a former member's all count) and is flagged past TEAM_ACTIVITY_FLAG_FACTOR ×
 * max(average, TEAM_ACTIVITY_FLAG_MIN_AVERAGE).
 */
export async function teamActivity(db: Db, companyId: string, days: number): Promise<TeamActivity> {
  const today = saoPauloDate();
  const from = addDays(today, -Math.max(days - 1, TEAM_ACTIVITY_BASELINE_DAYS));
  const since = saoPauloDayStart(from);
  const stampDay = saoPauloDateOf(stamps.approvedAt);
  const redeemDay = saoPauloDateOf(loyaltyCards.redeemedAt);
  const [given, redeemed, members] = await Promise.all([
    db
      .select({
        userId: sql<string>`${stamps.givenBy}`,
        day: sql<string>`${stampDay}::text`,
        count: sql<number>`sum(${stamps.count})::int`,
      })
      .from(stamps)
      .where(
        and(
          eq(stamps.companyId, companyId),
          eq(stamps.status, "approved"),
          isNotNull(stamps.givenBy),
          gte(stamps.approvedAt, since),
        ),
      )
      .groupBy(stamps.givenBy, stampDay),
    db
      .select({
        userId: sql<string>`${loyaltyCards.redeemedBy}`,
        day: sql<string>`${redeemDay}::text`,
        count: sql<number>`count(*)::int`,
      })
      .from(loyaltyCards)
      .where(
        and(
          eq(loyaltyCards.companyId, companyId),
          isNotNull(loyaltyCards.redeemedBy),
          gte(loyaltyCards.redeemedAt, since),
        ),
      )
      .groupBy(loyaltyCards.redeemedBy, redeemDay),
    db
      .select({
        userId: companyMembers.userId,
        joined: sql<string>`${saoPauloDateOf(companyMembers.createdAt)}::text`,
      })
      .from(companyMembers)
      .where(eq(companyMembers.companyId, companyId)),
  ]);

  const byUser = new Map<string, Map<string, DayCounts>>();
  const cell = (userId: string, day: string) => {
    const userDays = byUser.get(userId) ?? new Map<string, DayCounts>();
    byUser.set(userId, userDays);
    const counts = userDays.get(day) ?? { stamps: 0, redemptions: 0 };
    userDays.set(day, counts);
    return counts;
  };
  for (const row of given) cell(row.userId, row.day).stamps += row.count;
  for (const row of redeemed) cell(row.userId, row.day).redemptions += row.count;

  const ids = [...byUser.keys()];
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: users.id, name: users.name })
            .from(users)
            .where(inArray(users.id, ids))
        ).map((u) => [u.id, u.name]),
  );
  const joinedOn = new Map(members.map((m) => [m.userId, m.joined]));
  const firstShown = addDays(today, -(days - 1));

  const rows: TeamActivityRow[] = [];
  for (const [userId, userDays] of byUser) {
    const baseline = baselineOf(userDays, today, joinedOn.get(userId));
    for (const [day, counts] of userDays) {
      if (day < firstShown || day > today) continue;
      if (counts.stamps === 0 && counts.redemptions === 0) continue;
      const isToday = day === today;
      rows.push({
        userId,
        name: names.get(userId) ?? "",
        day,
        ...counts,
        average: isToday ? Math.round(baseline * 10) / 10 : null,
        flagged:
          isToday &&
          counts.stamps >
            TEAM_ACTIVITY_FLAG_FACTOR * Math.max(baseline, TEAM_ACTIVITY_FLAG_MIN_AVERAGE),
      });
    }
  }
  rows.sort((a, b) => (a.day === b.day ? a.name.localeCompare(b.name) : a.day < b.day ? 1 : -1));
  return { today, days, rows };
}

/** The daily average of stamps over the baseline days before `today` the person was a member. */
function baselineOf(userDays: Map<string, DayCounts>, today: string, joined: string | undefined) {
  let total = 0;
  let counted = 0;
  for (let n = 1; n <= TEAM_ACTIVITY_BASELINE_DAYS; n++) {
    const day = addDays(today, -n);
    if (joined && day < joined) break;
    counted++;
    total += userDays.get(day)?.stamps ?? 0;
  }
  return counted === 0 ? 0 : total / counted;
}
