import { COUNTER_HISTORY_LIMIT, COUNTER_SEARCH_LIMIT } from "@shared/counter";
import type {
  CounterCard,
  CounterCustomer,
  CounterRules,
  CounterSearchResult,
  CounterStamp,
} from "@shared/counter.schema";
import { maskPhone } from "@shared/phone";
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { containsPattern } from "../../db/like";
import { profiles } from "../auth/profiles.table";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { memberships } from "../customers/memberships.table";
import { apiKeys } from "../integrations/integrations.table";
import { programs } from "../programs/programs.table";
import { stamps } from "../stamps/stamps.table";

/**
 * The counter's read model ('Balcão'): a company's active member found by short code or by a name
 * or phone search, with their open cards and each card's latest stamps and who gave them. Only
 * what an attendant may see: the name, a masked phone, the cards; never the e-mail or the full
 * phone. Every read is scoped by the actor's company and the member's active membership.
 */

/** The phone as the company keeps it ('Ver Detalhes' edit), else the customer's own. */
const memberPhone = sql<string | null>`coalesce(${memberships.phone}, ${profiles.phone})`;

/** The stamp form's rules: stamps per purchase, and stamps by value when the company uses it. */
export async function findCounterRules(db: Db, companyId: string): Promise<CounterRules> {
  const [row] = await db
    .select({
      purchaseStamps: companies.purchaseStamps,
      stampValueCents: companies.stampValueCents,
      maxStampsPerPurchase: companies.maxStampsPerPurchase,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ?? { purchaseStamps: 1, stampValueCents: null, maxStampsPerPurchase: null };
}

/** The active member of the company whose short code this is; null for anyone else. */
export async function findMemberByShortCode(
  db: Db,
  companyId: string,
  shortCode: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(
      memberships,
      and(eq(memberships.customerId, profiles.id), eq(memberships.companyId, companyId)),
    )
    .where(and(eq(profiles.counterCode, shortCode), eq(memberships.status, "active")))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The open cards (active or complete) of some of the company's customers, oldest first: through
 * their memberships (the company's unique key) and each membership's open cards
 * (loyalty_cards_one_open_per_program), never the customers' cards of other companies.
 */
async function openCards(
  db: Db,
  companyId: string,
  customerIds: string[],
): Promise<(CounterCard & { customerId: string })[]> {
  if (customerIds.length === 0) return [];
  const rows = await db
    .select({
      id: loyaltyCards.id,
      customerId: loyaltyCards.customerId,
      programId: loyaltyCards.programId,
      programName: programs.name,
      reward: loyaltyCards.reward,
      stamps: loyaltyCards.stamps,
      maxStamps: loyaltyCards.maxStamps,
      status: loyaltyCards.status,
    })
    .from(memberships)
    .innerJoin(loyaltyCards, eq(loyaltyCards.membershipId, memberships.id))
    .innerJoin(programs, eq(programs.id, loyaltyCards.programId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        inArray(memberships.customerId, customerIds),
        eq(loyaltyCards.companyId, companyId),
        ne(loyaltyCards.status, "redeemed"),
      ),
    )
    .orderBy(asc(loyaltyCards.createdAt), asc(loyaltyCards.id));
  return rows.map((r) => ({ ...r, status: r.status === "complete" ? "complete" : "active" }));
}

/** The latest approved grants of each card (COUNTER_HISTORY_LIMIT), newest first. */
async function latestStamps(
  db: Db,
  companyId: string,
  cardIds: string[],
): Promise<Map<string, CounterStamp[]>> {
  const byCard = new Map<string, CounterStamp[]>();
  if (cardIds.length === 0) return byCard;
  const ranked = db
    .select({
      id: stamps.id,
      cardId: stamps.cardId,
      method: stamps.method,
      count: stamps.count,
      givenBy: stamps.givenBy,
      apiKeyId: stamps.apiKeyId,
      createdAt: stamps.createdAt,
      rank: sql<number>`row_number() over (partition by ${stamps.cardId} order by ${stamps.createdAt} desc, ${stamps.id} desc)`.as(
        "rank",
      ),
    })
    .from(stamps)
    .where(
      and(
        eq(stamps.companyId, companyId),
        inArray(stamps.cardId, cardIds),
        eq(stamps.status, "approved"),
      ),
    )
    .as("ranked");
  const rows = await db
    .select({
      id: ranked.id,
      cardId: ranked.cardId,
      method: ranked.method,
      count: ranked.count,
      givenByName: profiles.name,
      viaKey: apiKeys.name,
      createdAt: ranked.createdAt,
    })
    .from(ranked)
    .leftJoin(profiles, eq(profiles.id, ranked.givenBy))
    .leftJoin(apiKeys, eq(apiKeys.id, ranked.apiKeyId))
    .where(sql`${ranked.rank} <= ${COUNTER_HISTORY_LIMIT}`)
    .orderBy(desc(ranked.createdAt), desc(ranked.id));
  for (const { cardId, createdAt, ...stamp } of rows) {
    const list = byCard.get(cardId) ?? [];
    list.push({ ...stamp, createdAt: createdAt.toISOString() });
    byCard.set(cardId, list);
  }
  return byCard;
}

/**
 * One active member of the company as the counter shows them: name, masked phone, open cards with
 * their latest stamps. Null for anyone who is not an active member of this company.
 */
export async function findCounterCustomer(
  db: Db,
  companyId: string,
  customerId: string,
): Promise<CounterCustomer | null> {
  const [member] = await db
    .select({ id: profiles.id, name: profiles.name, phone: memberPhone })
    .from(memberships)
    .innerJoin(profiles, eq(profiles.id, memberships.customerId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.customerId, customerId),
        eq(memberships.status, "active"),
      ),
    )
    .limit(1);
  if (!member) return null;
  const cards = await openCards(db, companyId, [member.id]);
  const history = await latestStamps(
    db,
    companyId,
    cards.map((card) => card.id),
  );
  return {
    id: member.id,
    name: member.name,
    maskedPhone: maskPhone(member.phone),
    cards: cards.map(({ customerId: _customerId, ...card }) => ({
      ...card,
      history: history.get(card.id) ?? [],
    })),
  };
}

/**
 * The counter's search: the company's active members whose name or phone holds the term (case
 * and accents ignored; a term of digits is read as a phone's digits), by name. The e-mail is not
 * searched (the members' search_text holds it; it only narrows the rows through its index here):
 * an attendant must not learn e-mail addresses by trying them.
 */
export async function searchCounterCustomers(
  db: Db,
  companyId: string,
  term: string,
): Promise<CounterSearchResult[]> {
  const text = term.trim();
  const digits = text.replace(/\D/g, "");
  const isPhone = digits.length >= 2 && !/\p{L}/u.test(text);
  let matches: SQL;
  if (isPhone) {
    const pattern = containsPattern(digits);
    matches = sql`${memberships.searchText} like ${pattern} and regexp_replace(coalesce(${memberPhone}, ''), '[^0-9]', '', 'g') like ${pattern}`;
  } else {
    const key = sql`carimbou_search_key(${containsPattern(text)})`;
    matches = sql`${memberships.searchText} like ${key} and ${memberships.sortName} like ${key}`;
  }
  const rows = await db
    .select({ id: profiles.id, name: profiles.name, phone: memberPhone })
    .from(memberships)
    .innerJoin(profiles, eq(profiles.id, memberships.customerId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.status, "active"), matches))
    .orderBy(asc(memberships.sortName), asc(memberships.id))
    .limit(COUNTER_SEARCH_LIMIT);
  const cards = await openCards(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    maskedPhone: maskPhone(r.phone),
    cards: cards
      .filter((card) => card.customerId === r.id)
      .map(({ customerId: _customerId, ...card }) => card),
  }));
}
