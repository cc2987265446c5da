import type {
  CardSort,
  CardStatus,
  CardSummary,
  CompanyCard,
  CustomerCard,
} from "@shared/cards.schema";
import type { Stamp } from "@shared/stamps.schema";
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { containsPattern } from "../../db/like";
import { reusableQuery } from "../../db/prepared";
import { AppError } from "../../errors";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";
import { memberships } from "../customers/memberships.table";
import { apiKeys } from "../integrations/integrations.table";
import { programs } from "../programs/programs.table";
import { stamps } from "../stamps/stamps.table";
import { loyaltyCards } from "./cards.table";

/**
 * The cards' read model: cards as the screens show them, joined with the customer's name, the
 * programme and the company (read only; the cards' writes are in cards.service.ts).
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const companyCardColumns = {
  card: loyaltyCards,
  customerName: profiles.name,
  customerEmail: profiles.email,
  customerPhone: profiles.phone,
  programName: programs.name,
};

type CompanyCardRow = {
  card: typeof loyaltyCards.$inferSelect;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  programName: string;
};

const toCompanyCard = (r: CompanyCardRow): CompanyCard => ({
  id: r.card.id,
  customerId: r.card.customerId,
  customerName: r.customerName,
  customerEmail: r.customerEmail,
  customerPhone: r.customerPhone,
  programId: r.card.programId,
  programName: r.programName,
  // The reward the card opened with (editing the programme later changes only new cards).
  reward: r.card.reward,
  stamps: r.card.stamps,
  maxStamps: r.card.maxStamps,
  status: r.card.status,
  createdAt: r.card.createdAt.toISOString(),
  completedAt: iso(r.card.completedAt),
  redeemedAt: iso(r.card.redeemedAt),
});

function companyCardsQuery(db: Db, where: SQL | undefined) {
  return db
    .select(companyCardColumns)
    .from(loyaltyCards)
    .innerJoin(profiles, eq(profiles.id, loyaltyCards.customerId))
    .innerJoin(programs, eq(programs.id, loyaltyCards.programId))
    .where(where);
}

export async function listCompanyCards(
  db: Db,
  companyId: string,
  options: { search?: string; sort?: CardSort; status?: CardStatus; limit?: number } = {},
): Promise<CompanyCard[]> {
  const search = options.search?.trim();
  const pattern = search ? containsPattern(search) : undefined;
  const where = and(
    eq(loyaltyCards.companyId, companyId),
    options.status ? eq(loyaltyCards.status, options.status) : undefined,
    pattern
      ? or(
          ilike(profiles.name, pattern),
          ilike(profiles.email, pattern),
          ilike(profiles.phone, pattern),
          ilike(programs.name, pattern),
        )
      : undefined,
  );
  const progress = sql`${loyaltyCards.stamps}::float / ${loyaltyCards.maxStamps}`;
  const order = {
    name_asc: [asc(profiles.name), desc(loyaltyCards.createdAt)],
    name_desc: [desc(profiles.name), desc(loyaltyCards.createdAt)],
    progress_asc: [asc(progress), asc(profiles.name)],
    progress_desc: [desc(progress), asc(profiles.name)],
  }[options.sort ?? "name_asc"];
  const rows = await companyCardsQuery(db, where)
    .orderBy(...(options.sort ? order : [desc(loyaltyCards.createdAt)]))
    .limit(options.limit ?? 500);
  return rows.map(toCompanyCard);
}

/** The /cartoes tiles: the company's cards by status and its programmes, counted in the database. */
export async function getCardSummary(db: Db, companyId: string): Promise<CardSummary> {
  const [cards] = await db
    .select({
      active: sql<number>`count(*) filter (where ${loyaltyCards.status} = 'active')::int`,
      complete: sql<number>`count(*) filter (where ${loyaltyCards.status} = 'complete')::int`,
      redeemed: sql<number>`count(*) filter (where ${loyaltyCards.status} = 'redeemed')::int`,
    })
    .from(loyaltyCards)
    .where(eq(loyaltyCards.companyId, companyId));
  const [templates] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(programs)
    .where(and(eq(programs.companyId, companyId), isNull(programs.archivedAt)));
  return {
    active: cards?.active ?? 0,
    complete: cards?.complete ?? 0,
    redeemed: cards?.redeemed ?? 0,
    programs: templates?.total ?? 0,
  };
}

/** The open (not yet redeemed) cards of some of the company's customers. */
export async function listOpenCards(
  db: Db,
  companyId: string,
  customerIds: string[],
): Promise<CompanyCard[]> {
  if (customerIds.length === 0) return [];
  const rows = await companyCardsQuery(
    db,
    and(
      eq(loyaltyCards.companyId, companyId),
      inArray(loyaltyCards.customerId, customerIds),
      ne(loyaltyCards.status, "redeemed"),
    ),
  ).orderBy(asc(loyaltyCards.createdAt));
  return rows.map(toCompanyCard);
}

/** A card of the actor's company, or 404 (an id never grants access by itself). */
export async function getCompanyCard(
  db: Db,
  companyId: string,
  cardId: string,
): Promise<CompanyCard> {
  const [row] = await companyCardsQuery(
    db,
    and(eq(loyaltyCards.id, cardId), eq(loyaltyCards.companyId, companyId)),
  ).limit(1);
  if (!row) throw new AppError("not_found", 404, "Card not found");
  return toCompanyCard(row);
}

export async function getCardHistory(db: Db, companyId: string, cardId: string): Promise<Stamp[]> {
  const rows = await db
    .select({ stamp: stamps, givenByName: profiles.name, viaKey: apiKeys.name })
    .from(stamps)
    .leftJoin(profiles, eq(profiles.id, stamps.givenBy))
    .leftJoin(apiKeys, eq(apiKeys.id, stamps.apiKeyId))
    .where(and(eq(stamps.cardId, cardId), eq(stamps.companyId, companyId)))
    .orderBy(desc(stamps.createdAt));
  return rows.map(({ stamp, givenByName, viaKey }) => ({
    id: stamp.id,
    method: stamp.method,
    count: stamp.count,
    status: stamp.status,
    notes: stamp.notes,
    givenByName,
    viaKey,
    selfService: stamp.selfService,
    overrideReason: stamp.overrideReason,
    createdAt: stamp.createdAt.toISOString(),
  }));
}

/** The card behind a customer's voucher code, within the actor's company. */
export async function findCardByCode(
  db: Db,
  companyId: string,
  code: string,
): Promise<CompanyCard> {
  const normalized = code.trim().toUpperCase();
  const [row] = await companyCardsQuery(
    db,
    and(eq(loyaltyCards.redemptionCode, normalized), eq(loyaltyCards.companyId, companyId)),
  ).limit(1);
  if (!row) throw new AppError("not_found", 404, "Voucher not found");
  return toCompanyCard(row);
}

const customerCardColumns = {
  card: loyaltyCards,
  companyName: companies.tradeName,
  companySector: companies.sector,
  companyCity: companies.city,
  companyState: companies.state,
  companyLogoUrl: companies.logoUrl,
  brandColor: companies.brandColor,
  programName: programs.name,
  companyClosedAt: companies.closedAt,
};

export async function listCustomerCards(
  db: Db,
  customerId: string,
  companyId?: string,
): Promise<CustomerCard[]> {
  const rows = await db
    .select(customerCardColumns)
    .from(loyaltyCards)
    .innerJoin(companies, eq(companies.id, loyaltyCards.companyId))
    .innerJoin(programs, eq(programs.id, loyaltyCards.programId))
    .where(
      and(
        eq(loyaltyCards.customerId, customerId),
        companyId ? eq(loyaltyCards.companyId, companyId) : undefined,
      ),
    )
    .orderBy(desc(loyaltyCards.createdAt));
  return rows.map((r) => ({
    id: r.card.id,
    companyId: r.card.companyId,
    companyName: r.companyName,
    companySector: r.companySector,
    companyCity: r.companyCity,
    companyState: r.companyState,
    companyLogoUrl: r.companyLogoUrl,
    brandColor: r.brandColor,
    programName: r.programName,
    reward: r.card.reward,
    stamps: r.card.stamps,
    maxStamps: r.card.maxStamps,
    status: r.card.status,
    createdAt: r.card.createdAt.toISOString(),
    completedAt: iso(r.card.completedAt),
    redeemedAt: iso(r.card.redeemedAt),
    companyClosedAt: iso(r.companyClosedAt),
  }));
}

/**
 * Locks one of the company's cards (only the card row: grants on other cards of the company do not
 * queue) and reads, in the same round trip, the company's stamps per method and counter rules and
 * the membership's status (an inactive customer gets no stamps). Null when the card is not the company's.
 * Call it inside the caller's transaction (cards.service `creditCard`).
 */
const lockCardForCreditQuery = reusableQuery("lock_card_for_credit", (db) =>
  db
    .select({
      ...companyCardColumns,
      rules: {
        purchase: companies.purchaseStamps,
        review: companies.reviewStamps,
        social: companies.socialStamps,
        birthday: companies.birthdayStamps,
        // The counter's rules (flows/give-stamp.ts): interval, daily cap, stamps by value.
        intervalMinutes: companies.stampIntervalMinutes,
        dailyCap: companies.dailyStampCap,
        stampValueCents: companies.stampValueCents,
        maxStampsPerPurchase: companies.maxStampsPerPurchase,
      },
      memberStatus: memberships.status,
    })
    .from(loyaltyCards)
    .innerJoin(companies, eq(companies.id, loyaltyCards.companyId))
    // The membership's status comes in the same round trip: an inactive customer gets no stamps.
    .innerJoin(memberships, eq(memberships.id, loyaltyCards.membershipId))
    // What the answer shows (customer, programme) too, so the card is not read again after.
    .innerJoin(profiles, eq(profiles.id, loyaltyCards.customerId))
    .innerJoin(programs, eq(programs.id, loyaltyCards.programId))
    .where(
      and(
        eq(loyaltyCards.id, sql.placeholder("cardId")),
        eq(loyaltyCards.companyId, sql.placeholder("companyId")),
      ),
    )
    .for("update", { of: loyaltyCards }),
);

export async function lockCardForCredit(tx: Db, companyId: string, cardId: string) {
  const [row] = await lockCardForCreditQuery(tx, { cardId, companyId });
  if (!row) return null;
  const { rules, memberStatus, ...answer } = row;
  return {
    card: row.card,
    rules,
    memberStatus,
    /** The card as the panel shows it, `stamps` and `status` changed as the credit changes them. */
    answer: (change: Pick<CompanyCardRow["card"], "stamps" | "status" | "completedAt">) =>
      toCompanyCard({ ...answer, card: { ...row.card, ...change } }),
  };
}

/** Per customer of the company: how many cards, how many completed, stamps on the open ones. */
export async function countCardsByCustomer(
  db: Db,
  companyId: string,
  customerIds: string[],
): Promise<Map<string, { total: number; completed: number; currentStamps: number }>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({
      customerId: loyaltyCards.customerId,
      total: sql<number>`count(*)::int`,
      completed: sql<number>`count(*) filter (where ${loyaltyCards.status} <> 'active')::int`,
      currentStamps: sql<number>`coalesce(sum(${loyaltyCards.stamps}) filter (where ${loyaltyCards.status} <> 'redeemed'), 0)::int`,
    })
    .from(loyaltyCards)
    .where(
      and(eq(loyaltyCards.companyId, companyId), inArray(loyaltyCards.customerId, customerIds)),
    )
    .groupBy(loyaltyCards.customerId);
  return new Map(rows.map(({ customerId, ...counts }) => [customerId, counts]));
}
