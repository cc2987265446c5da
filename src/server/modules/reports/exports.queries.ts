import { isFilteredReport, type MemberOrigin, type ReportFilter } from "@shared/reports.schema";
import type { StampMethod } from "@shared/stamps.schema";
import { and, asc, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { saoPauloDayEnd, saoPauloDayStart } from "../../db/time-zone";
import { byCreatedAt, type KeyPart, keyOf, keyset, type Row } from "../../lib/keyset";
import { profiles } from "../auth/profiles.table";
import { loyaltyCards } from "../cards/cards.table";
import { profileMemberStatus } from "../customers/memberships.queries";
import { memberships } from "../customers/memberships.table";
import { apiKeys } from "../integrations/integrations.table";
import { customerMessages } from "../messages/messages.table";
import { programs } from "../programs/programs.table";
import { referrals } from "../referrals/referrals.table";
import { stamps } from "../stamps/stamps.table";
import { companyMembers } from "../team/team.table";
import { aliased, redemptionFilter, stampFilter } from "./filtered.queries";
import { memberOrigin, memberOriginSql } from "./reports.queries";
import { reportMemberDays } from "./reports.table";

/**
 * The exports' read model: each dataset of /relatorios' downloads for a period of São Paulo days,
 * read in keyset batches (lib/keyset.ts, 1,000 rows a query), so an export of 100,000 members
 * never holds more than a batch. Formatting is exports.ts's.
 */

/** The period, narrowed to a team member or a shop when it names one (filtered.queries.ts). */
export type ExportRange = { from: string; to: string } & ReportFilter;

type Keyed<T> = (T & { _key: unknown[] })[];

/** Batches of typed rows from a keyset read. */
function batches<T>(
  read: (after: SQL | undefined, limit: number) => Promise<Keyed<T>>,
  key: KeyPart[],
): AsyncGenerator<T[]> {
  return keyset(
    read as (after: SQL | undefined, limit: number) => Promise<Keyed<Row>>,
    key,
  ) as AsyncGenerator<T[]>;
}

/** `column` (a timestamptz) within the range's São Paulo days. */
const inRange = (column: SQLWrapper, range: ExportRange) =>
  sql`(${column} >= ${saoPauloDayStart(range.from)} and ${column} < ${saoPauloDayEnd(range.to)})`;

export type MemberExportRow = {
  customerId: string;
  name: string;
  email: string;
  phone: string | null;
  city: string | null;
  state: string | null;
  origin: MemberOrigin;
  joinedAt: Date;
  status: "active" | "inactive";
  stamps: number;
};

/**
 * Every member who had joined by the end of the period (by name, as /clientes lists them), with the
 * company's record over the profile, how they joined, and their stamps in the period.
 */
export function memberExportRows(
  db: Db,
  companyId: string,
  range: ExportRange,
): AsyncGenerator<MemberExportRow[]> {
  const key: KeyPart[] = [{ column: memberships.sortName }, { column: memberships.id }];
  const filtered = isFilteredReport(range);
  const rows = batches<Omit<MemberExportRow, "origin"> & { origin: number }>(
    (after, limit) =>
      db
        .select({
          customerId: memberships.customerId,
          name: profiles.name,
          email: profiles.email,
          phone: sql<string | null>`coalesce(${memberships.phone}, ${profiles.phone})`,
          city: sql<string | null>`coalesce(${memberships.city}, ${profiles.city})`,
          state: sql<string | null>`coalesce(${memberships.state}, ${profiles.state})`,
          origin: memberOriginSql,
          joinedAt: memberships.joinedAt,
          status: profileMemberStatus,
          stamps: filtered
            ? // The member's stamps of the period from the filter's member or shop.
              sql<number>`coalesce((select sum(${given.count}) from ${aliased(stamps, "given")}
                where ${given.companyId} = ${memberships.companyId}
                  and ${given.customerId} = ${memberships.customerId}
                  and ${given.status} = 'approved' and ${inRange(given.approvedAt, range)}
                  and ${stampFilter(given, range)}), 0)::int`
            : // The member's days of the period (the roll-up's primary key: a short range each).
              sql<number>`coalesce((select sum(d.stamps) from ${reportMemberDays} d
            where d.company_id = ${memberships.companyId} and d.customer_id = ${memberships.customerId}
              and d.day between ${range.from}::date and ${range.to}::date), 0)::int`,
          _key: keyOf(key),
        })
        .from(memberships)
        .innerJoin(profiles, eq(profiles.id, memberships.customerId))
        .where(
          and(
            eq(memberships.companyId, companyId),
            sql`${memberships.joinedAt} < ${saoPauloDayEnd(range.to)}`,
            // Narrowed: only the members who got a stamp of the filter's in the period.
            filtered
              ? sql`exists (select 1 from ${aliased(stamps, "given")} where ${given.companyId} = ${memberships.companyId}
                  and ${given.customerId} = ${memberships.customerId}
                  and ${given.status} = 'approved' and ${inRange(given.approvedAt, range)}
                  and ${stampFilter(given, range)})`
              : undefined,
            after,
          ),
        )
        .orderBy(asc(memberships.sortName), asc(memberships.id))
        .limit(limit),
    key,
  );
  return mapBatches(rows, (r) => ({ ...r, origin: memberOrigin(r.origin) }));
}

/** Stamp rows read inside another dataset's query (the members' stamps of a filter). */
const given = alias(stamps, "given");

/** Each batch's rows mapped. */
async function* mapBatches<T, U>(rows: AsyncGenerator<T[]>, map: (row: T) => U) {
  for await (const batch of rows) yield batch.map(map);
}

export type CardExportRow = {
  customer: string;
  program: string;
  stamps: number;
  maxStamps: number;
  status: "active" | "complete" | "redeemed";
  createdAt: Date;
  completedAt: Date | null;
  redeemedAt: Date | null;
};

/**
 * Cards opened, completed or redeemed in the period, oldest first; narrowed to a member or a shop,
 * the cards they stamped or redeemed in it.
 */
export function cardExportRows(db: Db, companyId: string, range: ExportRange) {
  const key = byCreatedAt(loyaltyCards);
  return batches<CardExportRow>(
    (after, limit) =>
      db
        .select({
          customer: profiles.name,
          program: programs.name,
          stamps: loyaltyCards.stamps,
          maxStamps: loyaltyCards.maxStamps,
          status: loyaltyCards.status,
          createdAt: loyaltyCards.createdAt,
          completedAt: loyaltyCards.completedAt,
          redeemedAt: loyaltyCards.redeemedAt,
          _key: keyOf(key),
        })
        .from(loyaltyCards)
        .innerJoin(profiles, eq(profiles.id, loyaltyCards.customerId))
        .innerJoin(programs, eq(programs.id, loyaltyCards.programId))
        .where(
          and(
            eq(loyaltyCards.companyId, companyId),
            isFilteredReport(range)
              ? // Narrowed: the cards the member (or the shop) stamped or redeemed in the period.
                sql`(exists (select 1 from ${aliased(stamps, "given")} where ${given.cardId} = ${loyaltyCards.id}
                  and ${given.status} = 'approved' and ${inRange(given.approvedAt, range)}
                  and ${stampFilter(given, range)})
                  or (${inRange(loyaltyCards.redeemedAt, range)} and ${redemptionFilter(range)}))`
              : sql`(${inRange(loyaltyCards.createdAt, range)} or ${inRange(loyaltyCards.completedAt, range)}
              or ${inRange(loyaltyCards.redeemedAt, range)})`,
            after,
          ),
        )
        .orderBy(asc(loyaltyCards.createdAt), asc(loyaltyCards.id))
        .limit(limit),
    key,
  );
}

export type StampExportRow = {
  approvedAt: Date;
  customer: string;
  method: StampMethod;
  count: number;
  givenBy: string | null;
  /** Taken by the customer at the counter's QR code (given by no one). */
  selfService: boolean;
  notes: string | null;
};

/**
 * The confirmed stamps of the period (approved then, São Paulo time), oldest first; narrowed, the
 * ones the member gave (or approved) or given at the shop.
 */
export function stampExportRows(db: Db, companyId: string, range: ExportRange) {
  const staff = alias(profiles, "staff");
  const key: KeyPart[] = [{ column: stamps.approvedAt, timestamp: true }, { column: stamps.id }];
  return batches<StampExportRow>(
    (after, limit) =>
      db
        .select({
          approvedAt: sql<Date>`${stamps.approvedAt}`.mapWith(stamps.approvedAt),
          customer: profiles.name,
          method: stamps.method,
          count: stamps.count,
          // A team member's name, or "via <key name>" for the public API's stamps.
          givenBy: sql<string | null>`coalesce(${staff.name}, 'via ' || ${apiKeys.name})`,
          selfService: stamps.selfService,
          notes: stamps.notes,
          _key: keyOf(key),
        })
        .from(stamps)
        .innerJoin(profiles, eq(profiles.id, stamps.customerId))
        .leftJoin(staff, eq(staff.id, stamps.givenBy))
        .leftJoin(apiKeys, eq(apiKeys.id, stamps.apiKeyId))
        .where(
          and(
            eq(stamps.companyId, companyId),
            eq(stamps.status, "approved"),
            inRange(stamps.approvedAt, range),
            isFilteredReport(range) ? stampFilter(stamps, range) : undefined,
            after,
          ),
        )
        .orderBy(asc(stamps.approvedAt), asc(stamps.id))
        .limit(limit),
    key,
  );
}

export type MessageExportRow = {
  createdAt: Date;
  customer: string;
  body: string;
  status: "pending" | "answered";
  reply: string | null;
};

const answer = alias(customerMessages, "answer");

/**
 * Narrowed to a member, the messages they answered; to a shop, the ones answered by a member of
 * that shop's team.
 */
const answeredByFilter = (filter: ReportFilter) =>
  sql`exists (select 1 from ${aliased(customerMessages, "answer")} where ${answer.replyToId} = ${customerMessages.id}
    and ${filter.memberId ? sql`${answer.authorId} = ${filter.memberId}` : sql`true`}
    and ${
      filter.locationId
        ? sql`${answer.authorId} in (select ${companyMembers.userId} from ${companyMembers}
            where ${companyMembers.companyId} = ${customerMessages.companyId}
              and ${companyMembers.locationId} = ${filter.locationId})`
        : sql`true`
    })`;

/**
 * The customers' messages of the period with the company's (latest) answer, oldest first;
 * narrowed, the ones the member (or the shop's team) answered.
 */
export function messageExportRows(db: Db, companyId: string, range: ExportRange) {
  const key = byCreatedAt(customerMessages);
  return batches<MessageExportRow>(
    (after, limit) =>
      db
        .select({
          createdAt: customerMessages.createdAt,
          customer: profiles.name,
          body: customerMessages.body,
          status: customerMessages.status,
          reply: sql<string | null>`(select r.body from ${customerMessages} r
            where r.reply_to_id = ${customerMessages.id} order by r.created_at desc limit 1)`,
          _key: keyOf(key),
        })
        .from(customerMessages)
        .innerJoin(profiles, eq(profiles.id, customerMessages.customerId))
        .where(
          and(
            eq(customerMessages.companyId, companyId),
            eq(customerMessages.sender, "customer"),
            inRange(customerMessages.createdAt, range),
            isFilteredReport(range) ? answeredByFilter(range) : undefined,
            after,
          ),
        )
        .orderBy(asc(customerMessages.createdAt), asc(customerMessages.id))
        .limit(limit),
    key,
  );
}

export type ReferralExportRow = {
  createdAt: Date;
  referrer: string;
  referred: string;
  state: (typeof referrals.state.enumValues)[number];
  referredStamps: number;
  referrerStamps: number;
  referredBonusCents: number;
  referrerBonusCents: number;
};

/** The referrals made in the period (a friend signed up through a member's link), oldest first. */
export function referralExportRows(db: Db, companyId: string, range: ExportRange) {
  const key = byCreatedAt(referrals);
  const referrer = alias(profiles, "referrer");
  const referred = alias(profiles, "referred");
  return batches<ReferralExportRow>(
    (after, limit) =>
      db
        .select({
          createdAt: referrals.createdAt,
          referrer: referrer.name,
          referred: referred.name,
          state: referrals.state,
          referredStamps: referrals.referredStamps,
          referrerStamps: referrals.referrerStamps,
          referredBonusCents: referrals.referredBonusCents,
          referrerBonusCents: referrals.referrerBonusCents,
          _key: keyOf(key),
        })
        .from(referrals)
        .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
        .innerJoin(referred, eq(referred.id, referrals.referredId))
        .where(
          and(
            eq(referrals.companyId, companyId),
            inRange(referrals.createdAt, range),
            // No one's doing: a filtered export has none (the workbook leaves the sheet out).
            isFilteredReport(range) ? sql`false` : undefined,
            after,
          ),
        )
        .orderBy(asc(referrals.createdAt), asc(referrals.id))
        .limit(limit),
    key,
  );
}

/** Whether the company has any referral (the workbook then has its sheet). */
export async function companyHasReferrals(db: Db, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(eq(referrals.companyId, companyId))
    .limit(1);
  return Boolean(row);
}
