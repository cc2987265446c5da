import { DIGEST_INTERVAL_MINUTES, DIGEST_ITEMS_PER_CATEGORY } from "@shared/notifications.schema";
import { SETTINGS_DEFAULTS } from "@shared/settings.schema";
import { and, eq, gt, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { alias, type PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { profiles } from "../auth/profiles.table";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { customerMessages } from "../messages/messages.table";
import { partnerships } from "../partnerships/partnerships.table";
import { programs } from "../programs/programs.table";
import { companySettings } from "../settings/settings.table";
import { stamps } from "../stamps/stamps.table";
import { notificationDigests } from "./notifications.table";

/**
 * The owner's e-mail digest's read model (the job `notification-digests`, digest.job.ts): what is
 * new in every company that may get an e-mail now, and to whom it goes. Read only; the digest rows
 * are written by digest.job.ts.
 *
 * A company may get an e-mail when it got none in the last DIGEST_INTERVAL_MINUTES. What is new
 * is what happened after its digest row's `coveredUntil`; a company without a row starts at the
 * later of its sign-up and DIGEST_INTERVAL_MINUTES before the run, so the first run after this
 * feature shipped does not e-mail the companies' history.
 */

export const DIGEST_CATEGORIES = [
  "messages",
  "partnershipRequests",
  "stamps",
  "completedCards",
] as const;
export type DigestCategory = (typeof DIGEST_CATEGORIES)[number];

/** One of the newest events of a category, with how many the category has in all. */
export type DigestEvent = {
  companyId: string;
  category: DigestCategory;
  id: string;
  at: Date;
  /**
   * `at` in microseconds since 1970 (a decimal string): PostgreSQL keeps microseconds, a Date only
   * milliseconds, and the digest row must move exactly to the newest event it covered.
   */
  micros: string;
  /** The customer's name (partnershipRequests: the requesting company's). */
  customerName: string;
  /**
   * messages: the message's text; partnershipRequests: the proposal; stamps: the claim's method;
   * completedCards: the programme.
   */
  detail: string;
  total: number;
};

const at = (now: Date): SQL => sql`${now.toISOString()}::timestamptz`;
const interval = sql`make_interval(mins => ${DIGEST_INTERVAL_MINUTES})`;

/** The companies that may get an e-mail at `now`, each with the moment its news start after. */
function dueCompanies(db: Db, now: Date) {
  return db.$with("due").as(
    db
      .select({
        companyId: sql<string>`${companies.id}`.as("due_company_id"),
        since:
          sql`coalesce(${notificationDigests.coveredUntil}, greatest(${companies.createdAt}, ${at(now)} - ${interval}))`.as(
            "due_since",
          ),
      })
      .from(companies)
      .leftJoin(notificationDigests, eq(notificationDigests.companyId, companies.id))
      .where(
        and(
          // A sandbox (a test key's copy of a company) gets no digest, nor a closed company.
          isNull(companies.sandboxOf),
          isNull(companies.closedAt),
          or(
            isNull(notificationDigests.lastSentAt),
            lte(notificationDigests.lastSentAt, sql`${at(now)} - ${interval}`),
          ),
        ),
      ),
  );
}

type Due = ReturnType<typeof dueCompanies>;

/** `time` is after the company's start and not after `now`: answered by (company, time) indexes. */
const isNew = (due: Due, companyColumn: PgColumn, time: PgColumn, now: Date) =>
  and(eq(companyColumn, due.companyId), gt(time, due.since), lte(time, at(now)));

/** The newest DIGEST_ITEMS_PER_CATEGORY rows per company of a ranked subquery. */
const rank = (companyColumn: PgColumn, time: PgColumn, id: PgColumn) => ({
  micros: sql<string>`((extract(epoch from ${time}) * 1000000)::bigint)::text`.as("micros"),
  rank: sql<number>`(row_number() over (partition by ${companyColumn} order by ${time} desc, ${id} desc))::int`.as(
    "rank",
  ),
  total: sql<number>`(count(*) over (partition by ${companyColumn}))::int`.as("total"),
});

/** Customers' messages created after the company's start and still waiting for an answer. */
async function newMessages(db: Db, now: Date): Promise<DigestEvent[]> {
  const due = dueCompanies(db, now);
  const ranked = db
    .select({
      companyId: customerMessages.companyId,
      id: customerMessages.id,
      at: customerMessages.createdAt,
      customerName: sql<string>`${profiles.name}`.as("customer_name"),
      detail: sql<string>`${customerMessages.body}`.as("detail"),
      ...rank(customerMessages.companyId, customerMessages.createdAt, customerMessages.id),
    })
    .from(due)
    .innerJoin(
      customerMessages,
      isNew(due, customerMessages.companyId, customerMessages.createdAt, now),
    )
    .innerJoin(profiles, eq(profiles.id, customerMessages.customerId))
    .where(and(eq(customerMessages.sender, "customer"), eq(customerMessages.status, "pending")))
    .as("ranked");
  const rows = await db
    .with(due)
    .select()
    .from(ranked)
    .where(lte(ranked.rank, DIGEST_ITEMS_PER_CATEGORY));
  return rows.map((r) => ({ ...r, category: "messages" as const }));
}

/** Partnership requests received after the company's start and still waiting for an answer. */
async function newPartnershipRequests(db: Db, now: Date): Promise<DigestEvent[]> {
  const due = dueCompanies(db, now);
  const requester = alias(companies, "requester");
  const ranked = db
    .select({
      companyId: partnerships.recipientCompanyId,
      id: partnerships.id,
      at: partnerships.createdAt,
      customerName: sql<string>`${requester.tradeName}`.as("customer_name"),
      detail: sql<string>`${partnerships.proposal}`.as("detail"),
      ...rank(partnerships.recipientCompanyId, partnerships.createdAt, partnerships.id),
    })
    .from(due)
    .innerJoin(
      partnerships,
      isNew(due, partnerships.recipientCompanyId, partnerships.createdAt, now),
    )
    .innerJoin(requester, eq(requester.id, partnerships.requesterCompanyId))
    .where(eq(partnerships.state, "pending"))
    .as("ranked");
  const rows = await db
    .with(due)
    .select()
    .from(ranked)
    .where(lte(ranked.rank, DIGEST_ITEMS_PER_CATEGORY));
  return rows.map((r) => ({ ...r, category: "partnershipRequests" as const }));
}

/** Customers' stamp claims made after the company's start and still waiting for a review. */
async function newClaims(db: Db, now: Date): Promise<DigestEvent[]> {
  const due = dueCompanies(db, now);
  const ranked = db
    .select({
      companyId: stamps.companyId,
      id: stamps.id,
      at: stamps.createdAt,
      customerName: sql<string>`${profiles.name}`.as("customer_name"),
      detail: sql<string>`${stamps.method}::text`.as("detail"),
      ...rank(stamps.companyId, stamps.createdAt, stamps.id),
    })
    .from(due)
    .innerJoin(stamps, isNew(due, stamps.companyId, stamps.createdAt, now))
    .innerJoin(profiles, eq(profiles.id, stamps.customerId))
    .where(and(eq(stamps.claimed, true), eq(stamps.status, "pending")))
    .as("ranked");
  const rows = await db
    .with(due)
    .select()
    .from(ranked)
    .where(lte(ranked.rank, DIGEST_ITEMS_PER_CATEGORY));
  return rows.map((r) => ({ ...r, category: "stamps" as const }));
}

/** Cards completed after the company's start (a range of the (company, completed) index). */
async function newCompletedCards(db: Db, now: Date): Promise<DigestEvent[]> {
  const due = dueCompanies(db, now);
  const ranked = db
    .select({
      companyId: loyaltyCards.companyId,
      id: loyaltyCards.id,
      at: sql<Date>`${loyaltyCards.completedAt}`.mapWith(loyaltyCards.completedAt).as("at"),
      customerName: sql<string>`${profiles.name}`.as("customer_name"),
      detail: sql<string>`${programs.name}`.as("detail"),
      ...rank(loyaltyCards.companyId, loyaltyCards.completedAt, loyaltyCards.id),
    })
    .from(due)
    .innerJoin(loyaltyCards, isNew(due, loyaltyCards.companyId, loyaltyCards.completedAt, now))
    .innerJoin(profiles, eq(profiles.id, loyaltyCards.customerId))
    .innerJoin(programs, eq(programs.id, loyaltyCards.programId))
    .as("ranked");
  const rows = await db
    .with(due)
    .select()
    .from(ranked)
    .where(lte(ranked.rank, DIGEST_ITEMS_PER_CATEGORY));
  return rows.map((r) => ({ ...r, category: "completedCards" as const }));
}

/**
 * What is new at `now` in every company that may get an e-mail: of each category, the newest
 * DIGEST_ITEMS_PER_CATEGORY events per company, each with the category's count.
 */
export async function listDigestEvents(db: Db, now: Date): Promise<DigestEvent[]> {
  // One after the other: PGlite answers one query at a time anyway.
  return [
    ...(await newMessages(db, now)),
    ...(await newPartnershipRequests(db, now)),
    ...(await newClaims(db, now)),
    ...(await newCompletedCards(db, now)),
  ];
}

export type DigestRecipient = {
  companyId: string;
  tradeName: string;
  ownerName: string;
  ownerEmail: string;
  ownerLanguage: string | null;
  /** The company's switches (the defaults, all on, without a settings record). */
  email: boolean;
  messages: boolean;
  /** Partnership requests go with the messages' switch. */
  partnershipRequests: boolean;
  stamps: boolean;
  completedCards: boolean;
};

const on = (column: PgColumn, fallback: boolean) =>
  sql<boolean>`coalesce(${column}, ${fallback})`.mapWith(Boolean);

/** The owners of `companyIds` (name, e-mail, language) and the companies' e-mail switches. */
export async function listDigestRecipients(
  db: Db,
  companyIds: string[],
): Promise<DigestRecipient[]> {
  if (companyIds.length === 0) return [];
  const defaults = SETTINGS_DEFAULTS.notifications;
  return db
    .select({
      companyId: companies.id,
      tradeName: companies.tradeName,
      ownerName: profiles.name,
      ownerEmail: profiles.email,
      ownerLanguage: profiles.language,
      email: on(companySettings.emailNotifications, defaults.email),
      messages: on(companySettings.messageNotifications, defaults.messages),
      partnershipRequests: on(companySettings.messageNotifications, defaults.messages),
      stamps: on(companySettings.stampNotifications, defaults.stamps),
      completedCards: on(companySettings.completedCardNotifications, defaults.completedCards),
    })
    .from(companies)
    .innerJoin(profiles, eq(profiles.id, companies.ownerId))
    .leftJoin(companySettings, eq(companySettings.companyId, companies.id))
    .where(inArray(companies.id, companyIds));
}
