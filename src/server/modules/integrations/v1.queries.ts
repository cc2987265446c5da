import { formatShortCode } from "@shared/counter";
import type {
  V1Card,
  V1Member,
  V1MemberPage,
  V1RedemptionPage,
  V1Stamp,
  V1StampPage,
} from "@shared/public-api";
import { and, asc, desc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { profiles } from "../auth/profiles.table";
import { loyaltyCards } from "../cards/cards.table";
import { isActiveMember } from "../customers/memberships.queries";
import { memberships } from "../customers/memberships.table";
import { programs } from "../programs/programs.table";
import { stamps } from "../stamps/stamps.table";
import { apiKeys } from "./integrations.table";

/**
 * The public API's read model (`/api/v1`, issue 33): the acting company's active members, their
 * cards, and its stamps and redemptions in a stable keyset order, each with the API key that made
 * it ("via <key name>"). Every read is scoped by the acting company (a test key's: its sandbox).
 */

// ---------------------------------------------------------------------------------------------
// Cursors: base64url of [timestamp as PostgreSQL's text (microseconds kept), id]

const TIMESTAMP_TEXT =
  /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;

const badCursor = () =>
  new AppError("validation_failed", 400, "Invalid cursor", { cursor: "cursor_invalid" });

export function encodeCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString("base64url");
}

export function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      TIMESTAMP_TEXT.test(value[0]) &&
      typeof value[1] === "string" &&
      value[1].length > 0 &&
      value[1].length <= 100
    ) {
      return [value[0], value[1]];
    }
  } catch {}
  throw badCursor();
}

/** Rows after the cursor in the (time, id) order. */
function after(cursor: string | undefined, time: AnyPgColumn, id: AnyPgColumn): SQL | undefined {
  if (!cursor) return undefined;
  const [at, key] = decodeCursor(cursor);
  return sql`(${time}, ${id}) > (${at}::timestamptz, ${key})`;
}

/** A page of `limit` rows read with one more: the next cursor when there is more. */
function page<R extends { _at: string; _id: string }>(rows: R[], limit: number) {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  return {
    rows: shown,
    nextCursor: more && last ? encodeCursor(last._at, last._id) : null,
  };
}

/**
 * A page of a feed read since a cursor (stamps, redemptions): the cursor to ask from next time is
 * always given (the last row's, or the one asked with when nothing is new; null only when the
 * company has none yet), so a till that has read everything can come back later for what is new;
 * `hasMore` says whether to ask again now.
 */
function feedPage<R extends { _at: string; _id: string }>(
  rows: R[],
  limit: number,
  asked: string | undefined,
) {
  const hasMore = rows.length > limit;
  const shown = hasMore ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  return {
    rows: shown,
    nextCursor: last ? encodeCursor(last._at, last._id) : (asked ?? null),
    hasMore,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---------------------------------------------------------------------------------------------
// Members

const memberPhone = sql<string | null>`coalesce(${memberships.phone}, ${profiles.phone})`;

/** A phone's digits, without Brazil's +55 when the rest is a Brazilian number (10 or 11 digits). */
function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.startsWith("55") && (digits.length === 12 || digits.length === 13)
    ? digits.slice(2)
    : digits;
}

/**
 * The company's active members, oldest member first, found by phone, e-mail or short code (the
 * caller turned a scanned QR code into its short code). Only what the panel shows of them.
 */
export async function listV1Members(
  db: Db,
  companyId: string,
  query: { cursor?: string; limit: number; phone?: string; email?: string; shortCode?: string },
): Promise<V1MemberPage> {
  const digits = query.phone ? phoneDigits(query.phone) : undefined;
  const rows = await db
    .select({
      id: profiles.id,
      name: profiles.name,
      email: profiles.email,
      phone: memberPhone,
      counterCode: profiles.counterCode,
      joinedAt: memberships.joinedAt,
      _at: sql<string>`${memberships.joinedAt}::text`,
      _id: memberships.customerId,
    })
    .from(memberships)
    .innerJoin(profiles, eq(profiles.id, memberships.customerId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.status, "active"),
        after(query.cursor, memberships.joinedAt, memberships.customerId),
        query.email ? sql`lower(${profiles.email}) = ${query.email.toLowerCase()}` : undefined,
        query.shortCode ? eq(profiles.counterCode, query.shortCode) : undefined,
        digits !== undefined
          ? sql`regexp_replace(coalesce(${memberPhone}, ''), '[^0-9]', '', 'g') in (${digits || "-"}, ${`55${digits}`})`
          : undefined,
      ),
    )
    .orderBy(asc(memberships.joinedAt), asc(memberships.customerId))
    .limit(query.limit + 1);
  const { rows: shown, nextCursor } = page(rows, query.limit);
  return {
    data: shown.map(
      (r): V1Member => ({
        id: r.id,
        name: r.name,
        email: r.email,
        phone: r.phone,
        shortCode: r.counterCode ? formatShortCode(r.counterCode) : null,
        joinedAt: r.joinedAt.toISOString(),
        status: "active",
      }),
    ),
    nextCursor,
  };
}

function cardsQuery(db: Db, where: SQL | undefined) {
  return db
    .select({ card: loyaltyCards, programName: programs.name, keyName: apiKeys.name })
    .from(loyaltyCards)
    .innerJoin(programs, eq(programs.id, loyaltyCards.programId))
    .leftJoin(apiKeys, eq(apiKeys.id, loyaltyCards.redeemedByKeyId))
    .where(where);
}

const toV1Card = ({
  card,
  programName,
  keyName,
}: Awaited<ReturnType<typeof cardsQuery>>[number]): V1Card => ({
  id: card.id,
  programId: card.programId,
  programName,
  stamps: card.stamps,
  maxStamps: card.maxStamps,
  status: card.status,
  reward: card.reward,
  createdAt: card.createdAt.toISOString(),
  completedAt: iso(card.completedAt),
  redeemedAt: iso(card.redeemedAt),
  redeemedViaKey: keyName,
});

/** An active member's cards at the company, newest first; 404 for anyone else. */
export async function listV1Cards(db: Db, companyId: string, memberId: string): Promise<V1Card[]> {
  if (!(await isActiveMember(db, companyId, memberId))) {
    throw new AppError("not_found", 404, "Member not found");
  }
  const rows = await cardsQuery(
    db,
    and(eq(loyaltyCards.companyId, companyId), eq(loyaltyCards.customerId, memberId)),
  ).orderBy(desc(loyaltyCards.createdAt), desc(loyaltyCards.id));
  return rows.map(toV1Card);
}

/** One of the company's cards, or 404. */
export async function findV1Card(db: Db, companyId: string, cardId: string): Promise<V1Card> {
  const [row] = await cardsQuery(
    db,
    and(eq(loyaltyCards.companyId, companyId), eq(loyaltyCards.id, cardId)),
  ).limit(1);
  if (!row) throw new AppError("not_found", 404, "Card not found");
  return toV1Card(row);
}

// ---------------------------------------------------------------------------------------------
// Stamps and redemptions

function stampsQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: stamps.id,
      memberId: stamps.customerId,
      cardId: stamps.cardId,
      count: stamps.count,
      amountCents: stamps.amountCents,
      externalSaleId: stamps.externalSaleId,
      viaKey: apiKeys.name,
      approvedAt: stamps.approvedAt,
      createdAt: stamps.createdAt,
      card: {
        id: loyaltyCards.id,
        programId: loyaltyCards.programId,
        stamps: loyaltyCards.stamps,
        maxStamps: loyaltyCards.maxStamps,
        status: loyaltyCards.status,
      },
      _at: sql<string>`${stamps.approvedAt}::text`,
      _id: stamps.id,
    })
    .from(stamps)
    .innerJoin(loyaltyCards, eq(loyaltyCards.id, stamps.cardId))
    .leftJoin(apiKeys, eq(apiKeys.id, stamps.apiKeyId))
    .where(where);
}

type StampRow = Awaited<ReturnType<typeof stampsQuery>>[number];

const toV1Stamp = ({ _at, _id, approvedAt, createdAt, ...r }: StampRow): V1Stamp => ({
  ...r,
  createdAt: (approvedAt ?? createdAt).toISOString(),
});

/** One of the company's stamps as the API answers it (with its card now), or null. */
export async function findV1Stamp(db: Db, companyId: string, id: string): Promise<V1Stamp | null> {
  const [row] = await stampsQuery(db, and(eq(stamps.id, id), eq(stamps.companyId, companyId)));
  return row ? toV1Stamp(row) : null;
}

/** The company's stamp of a till's sale, if any. */
export async function findStampIdBySale(
  db: Db,
  companyId: string,
  externalSaleId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: stamps.id })
    .from(stamps)
    .where(and(eq(stamps.companyId, companyId), eq(stamps.externalSaleId, externalSaleId)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The company's stamps that counted (approved), in the order they counted (approval time, id),
 * after the cursor: every grant, whoever gave it (panel, counter, rules, the API).
 */
export async function listV1Stamps(
  db: Db,
  companyId: string,
  query: { cursor?: string; limit: number },
): Promise<V1StampPage> {
  const rows = await stampsQuery(
    db,
    and(
      eq(stamps.companyId, companyId),
      eq(stamps.status, "approved"),
      isNotNull(stamps.approvedAt),
      after(query.cursor, stamps.approvedAt, stamps.id),
    ),
  )
    .orderBy(asc(stamps.approvedAt), asc(stamps.id))
    .limit(query.limit + 1);
  const { rows: shown, nextCursor, hasMore } = feedPage(rows, query.limit, query.cursor);
  return { data: shown.map(toV1Stamp), nextCursor, hasMore };
}

/** The company's redeemed cards, in the order they were redeemed, after the cursor. */
export async function listV1Redemptions(
  db: Db,
  companyId: string,
  query: { cursor?: string; limit: number },
): Promise<V1RedemptionPage> {
  const rows = await db
    .select({
      cardId: loyaltyCards.id,
      memberId: loyaltyCards.customerId,
      programId: loyaltyCards.programId,
      reward: loyaltyCards.reward,
      redeemedAt: loyaltyCards.redeemedAt,
      viaKey: apiKeys.name,
      _at: sql<string>`${loyaltyCards.redeemedAt}::text`,
      _id: loyaltyCards.id,
    })
    .from(loyaltyCards)
    .leftJoin(apiKeys, eq(apiKeys.id, loyaltyCards.redeemedByKeyId))
    .where(
      and(
        eq(loyaltyCards.companyId, companyId),
        isNotNull(loyaltyCards.redeemedAt),
        after(query.cursor, loyaltyCards.redeemedAt, loyaltyCards.id),
      ),
    )
    .orderBy(asc(loyaltyCards.redeemedAt), asc(loyaltyCards.id))
    .limit(query.limit + 1);
  const { rows: shown, nextCursor, hasMore } = feedPage(rows, query.limit, query.cursor);
  return {
    data: shown.map(({ _at, _id, redeemedAt, ...r }) => ({
      ...r,
      redeemedAt: (redeemedAt as Date).toISOString(),
    })),
    nextCursor,
    hasMore,
  };
}
