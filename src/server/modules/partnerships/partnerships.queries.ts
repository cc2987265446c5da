import type { PublicPartners } from "@shared/partnerships.schema";
import {
  BRANCH_SECTORS,
  branchOfSector,
  MARKETPLACE_PAGE_SIZE,
  type MarketplacePage,
  type MarketplaceQuery,
  type Partner,
  type PartnerMessage,
  type Partnership,
  type PartnershipState,
  type PublicPartner,
  partnershipLinkPath,
  type RequestStatus,
} from "@shared/partnerships.schema";
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { containsPattern } from "../../db/like";
import { inSaoPaulo } from "../../db/time-zone";
import { AppError } from "../../errors";
import { findPublicCompany, planExpiredSql } from "../companies/companies.queries";
import { companies } from "../companies/companies.table";
import { memberships } from "../customers/memberships.table";
import { partnerMessages, partnerships } from "./partnerships.table";

/**
 * The partnerships' read model: the marketplace (companies open to partnerships), a company's
 * partnerships as it sees them (the partner company, unread messages, the last message, the
 * customers each side sent the other), the threads and the public partner list. Read only; the
 * writes are in partnerships.service.ts.
 */

/** Most partnerships a list answers (newest activity first), and messages a thread read answers. */
export const PARTNERSHIPS_LIST_MAX = 200;
export const THREAD_READ_MAX = 500;
const PUBLIC_PARTNERS_MAX = 100;

/** SQL: the company is open to partnerships and may answer them (subscribed, plan not expired). */
export const openToPartnerships = and(
  eq(companies.partnershipEnabled, true),
  isNull(companies.sandboxOf),
  // A closed company ('Fechar conta') takes no new partner.
  isNull(companies.closedAt),
  eq(companies.subscriptionActive, true),
  sql`not ${planExpiredSql}`,
);

const MAPPED_SECTORS = Object.values(BRANCH_SECTORS).flat() as string[];

/** SQL: the ordered pair of the partnership is the pair (a, b), whoever asked (the unique index). */
const isPair = (a: SQL | string, b: SQL | string) =>
  sql`least(${partnerships.requesterCompanyId}, ${partnerships.recipientCompanyId}) = least(${a}, ${b}) and greatest(${partnerships.requesterCompanyId}, ${partnerships.recipientCompanyId}) = greatest(${a}, ${b})`;

const OPEN_STATES: PartnershipState[] = ["pending", "active"];

/** The marketplace: open companies but the own one, filtered, by name, one page, with the relation. */
export async function listMarketplace(
  db: Db,
  ownId: string,
  query: MarketplaceQuery,
): Promise<MarketplacePage> {
  const city = query.city?.trim();
  const branch =
    query.branch === undefined
      ? undefined
      : query.branch === "outros"
        ? or(
            isNull(companies.sector),
            sql`${companies.sector} not in (${sql.join(
              MAPPED_SECTORS.map((s) => sql`${s}`),
              sql`, `,
            )})`,
          )
        : inArray(companies.sector, [...BRANCH_SECTORS[query.branch]]);
  const where = and(
    openToPartnerships,
    ne(companies.id, ownId),
    branch,
    query.state ? eq(companies.state, query.state) : undefined,
    city
      ? sql`carimbou_search_key(btrim(${companies.city})) like carimbou_search_key(${containsPattern(city)})`
      : undefined,
  );
  const relation = sql<MarketplacePage["companies"][number]["relation"]>`coalesce((
    select case when ${partnerships.state} = 'active' then 'active'
      when ${partnerships.requesterCompanyId} = ${ownId} then 'pending_sent'
      else 'pending_received' end
    from ${partnerships}
    where ${partnerships.state} in ('pending', 'active') and ${isPair(ownId, sql`${companies.id}`)}
    limit 1), 'none')`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: companies.id,
        name: companies.tradeName,
        city: companies.city,
        state: companies.state,
        sector: companies.sector,
        logoUrl: companies.logoUrl,
        description: companies.partnershipDescription,
        relation,
      })
      .from(companies)
      .where(where)
      .orderBy(asc(sql`lower(${companies.tradeName})`), asc(companies.id))
      .limit(MARKETPLACE_PAGE_SIZE)
      .offset((query.page - 1) * MARKETPLACE_PAGE_SIZE),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return {
    companies: rows.map(({ sector, ...c }) => ({ ...c, branch: branchOfSector(sector) })),
    page: query.page,
    pageSize: MARKETPLACE_PAGE_SIZE,
    total: total?.total ?? 0,
  };
}

/** The company's own counts for /parceria (the switch and description are on its row). */
export async function partnershipCounts(db: Db, ownId: string) {
  const dayStart = sql`(date_trunc('day', ${inSaoPaulo(sql`now()`)}) at time zone 'America/Sao_Paulo')`;
  const [[counts], [unread]] = await Promise.all([
    db
      .select({
        pendingReceived: sql<number>`count(*) filter (where ${partnerships.state} = 'pending' and ${partnerships.recipientCompanyId} = ${ownId})::int`,
        pendingSent: sql<number>`count(*) filter (where ${partnerships.state} = 'pending' and ${partnerships.requesterCompanyId} = ${ownId})::int`,
        active: sql<number>`count(*) filter (where ${partnerships.state} = 'active')::int`,
        requestsToday: sql<number>`count(*) filter (where ${partnerships.requesterCompanyId} = ${ownId} and ${partnerships.createdAt} >= ${dayStart})::int`,
      })
      .from(partnerships)
      .where(
        or(eq(partnerships.requesterCompanyId, ownId), eq(partnerships.recipientCompanyId, ownId)),
      ),
    db
      .select({ n: count() })
      .from(partnerMessages)
      .innerJoin(partnerships, eq(partnerships.id, partnerMessages.partnershipId))
      .where(
        and(
          or(
            eq(partnerships.requesterCompanyId, ownId),
            eq(partnerships.recipientCompanyId, ownId),
          ),
          ne(partnerMessages.senderCompanyId, ownId),
          isNull(partnerMessages.readAt),
        ),
      ),
  ]);
  return {
    pendingReceived: counts?.pendingReceived ?? 0,
    pendingSent: counts?.pendingSent ?? 0,
    active: counts?.active ?? 0,
    requestsToday: counts?.requestsToday ?? 0,
    unreadMessages: unread?.n ?? 0,
  };
}

/** The partnerships the company sent today (São Paulo day), whatever became of them. */
export async function countRequestsToday(db: Db, ownId: string): Promise<number> {
  const dayStart = sql`(date_trunc('day', ${inSaoPaulo(sql`now()`)}) at time zone 'America/Sao_Paulo')`;
  const [row] = await db
    .select({ n: count() })
    .from(partnerships)
    .where(
      and(
        eq(partnerships.requesterCompanyId, ownId),
        sql`${partnerships.createdAt} >= ${dayStart}`,
      ),
    );
  return row?.n ?? 0;
}

/** The open (pending or active) partnership of the pair, whoever asked, or null. */
export async function findOpenPartnership(db: Db, a: string, b: string) {
  const [row] = await db
    .select({ id: partnerships.id, state: partnerships.state })
    .from(partnerships)
    .where(and(inArray(partnerships.state, OPEN_STATES), isPair(a, b)))
    .limit(1);
  return row ?? null;
}

const partnerColumns = {
  id: companies.id,
  name: companies.tradeName,
  city: companies.city,
  state: companies.state,
  sector: companies.sector,
  logoUrl: companies.logoUrl,
  description: companies.partnershipDescription,
};

const toPartner = ({ sector, ...p }: { sector: string | null } & Omit<Partner, "branch">) => ({
  ...p,
  branch: branchOfSector(sector),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function requestStatus(row: { answeredAt: Date | null; readAt: Date | null }): RequestStatus {
  if (row.answeredAt) return "respondida";
  return row.readAt ? "lida" : "nova";
}

/**
 * The company's partnerships as it sees them (either side), newest activity first: all, one state
 * group, or the one with `id` (none when the company is neither side).
 */
export async function listPartnershipViews(
  db: Db,
  ownId: string,
  filter: { states?: PartnershipState[]; id?: string },
): Promise<Partnership[]> {
  const partnerId = sql`case when ${partnerships.requesterCompanyId} = ${ownId} then ${partnerships.recipientCompanyId} else ${partnerships.requesterCompanyId} end`;
  const rows = await db
    .select({ p: partnerships, partner: partnerColumns })
    .from(partnerships)
    .innerJoin(companies, eq(companies.id, partnerId))
    .where(
      and(
        or(eq(partnerships.requesterCompanyId, ownId), eq(partnerships.recipientCompanyId, ownId)),
        filter.states ? inArray(partnerships.state, filter.states) : undefined,
        filter.id !== undefined ? eq(partnerships.id, filter.id) : undefined,
      ),
    )
    .orderBy(desc(partnerships.lastActivityAt), desc(partnerships.id))
    .limit(PARTNERSHIPS_LIST_MAX);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.p.id);
  const partnerIds = [...new Set(rows.map((r) => r.partner.id))];
  const [unread, last, sent] = await Promise.all([
    db
      .select({ id: partnerMessages.partnershipId, n: count() })
      .from(partnerMessages)
      .where(
        and(
          inArray(partnerMessages.partnershipId, ids),
          ne(partnerMessages.senderCompanyId, ownId),
          isNull(partnerMessages.readAt),
        ),
      )
      .groupBy(partnerMessages.partnershipId),
    db
      .selectDistinctOn([partnerMessages.partnershipId], {
        id: partnerMessages.partnershipId,
        body: partnerMessages.body,
        createdAt: partnerMessages.createdAt,
        sender: partnerMessages.senderCompanyId,
      })
      .from(partnerMessages)
      .where(inArray(partnerMessages.partnershipId, ids))
      .orderBy(
        partnerMessages.partnershipId,
        desc(partnerMessages.createdAt),
        desc(partnerMessages.id),
      ),
    // Customers the own company sent each partner (memberships of the partner) and received.
    db
      .select({ companyId: memberships.companyId, from: memberships.partnerCompanyId, n: count() })
      .from(memberships)
      .where(
        or(
          and(inArray(memberships.companyId, partnerIds), eq(memberships.partnerCompanyId, ownId)),
          and(eq(memberships.companyId, ownId), inArray(memberships.partnerCompanyId, partnerIds)),
        ),
      )
      .groupBy(memberships.companyId, memberships.partnerCompanyId),
  ]);
  const unreadOf = new Map(unread.map((u) => [u.id, u.n]));
  const lastOf = new Map(last.map((m) => [m.id, m]));
  const countOf = (companyId: string, from: string) =>
    sent.find((s) => s.companyId === companyId && s.from === from)?.n ?? 0;
  return rows.map(({ p, partner }) => {
    const m = lastOf.get(p.id);
    return {
      id: p.id,
      state: p.state,
      requestedByMe: p.requesterCompanyId === ownId,
      partner: toPartner(partner),
      proposal: p.proposal,
      requestStatus: requestStatus(p),
      createdAt: p.createdAt.toISOString(),
      validatedAt: iso(p.validatedAt),
      answeredAt: iso(p.answeredAt),
      endedAt: iso(p.endedAt),
      unread: unreadOf.get(p.id) ?? 0,
      lastMessage: m
        ? { body: m.body, createdAt: m.createdAt.toISOString(), fromMe: m.sender === ownId }
        : null,
      // While a request is pending only its proposal is said: the chat opens once accepted.
      writable: p.state === "active",
      link: p.state === "active" ? { sendPath: partnershipLinkPath(partner.id, ownId) } : null,
      sent: countOf(partner.id, ownId),
      received: countOf(ownId, partner.id),
    };
  });
}

/**
 * A thread's messages, oldest first: the newest THREAD_READ_MAX, or with `after` (a message of the
 * thread) the next THREAD_READ_MAX after it (an unknown `after` gives none). Messages are written
 * in order under the partnership's row lock (partnerships.service.ts), so a poll never skips one.
 */
export async function listThreadMessages(
  db: Db,
  partnershipId: string,
  ownId: string,
  after?: string,
): Promise<PartnerMessage[]> {
  const ofThread = eq(partnerMessages.partnershipId, partnershipId);
  const rows = after
    ? await db
        .select()
        .from(partnerMessages)
        .where(
          and(
            ofThread,
            gt(
              sql`(${partnerMessages.createdAt}, ${partnerMessages.id})`,
              sql`(select m.created_at, m.id from ${partnerMessages} m where m.id = ${after} and m.partnership_id = ${partnershipId})`,
            ),
          ),
        )
        .orderBy(asc(partnerMessages.createdAt), asc(partnerMessages.id))
        .limit(THREAD_READ_MAX)
    : (
        await db
          .select()
          .from(partnerMessages)
          .where(ofThread)
          .orderBy(desc(partnerMessages.createdAt), desc(partnerMessages.id))
          .limit(THREAD_READ_MAX)
      ).reverse();
  return rows.map((m) => ({
    id: m.id,
    body: m.body,
    fromMe: m.senderCompanyId === ownId,
    senderCompanyId: m.senderCompanyId,
    createdAt: m.createdAt.toISOString(),
    readAt: iso(m.readAt),
  }));
}

/** "Parceiros de <empresa>": the company's active partners, by name, with the join link. */
export async function listPublicPartners(db: Db, companyId: string): Promise<PublicPartner[]> {
  const partnerId = sql`case when ${partnerships.requesterCompanyId} = ${companyId} then ${partnerships.recipientCompanyId} else ${partnerships.requesterCompanyId} end`;
  const rows = await db
    .select(partnerColumns)
    .from(partnerships)
    .innerJoin(companies, eq(companies.id, partnerId))
    .where(
      and(
        eq(partnerships.state, "active"),
        or(
          eq(partnerships.requesterCompanyId, companyId),
          eq(partnerships.recipientCompanyId, companyId),
        ),
      ),
    )
    .orderBy(asc(sql`lower(${companies.tradeName})`), asc(companies.id))
    .limit(PUBLIC_PARTNERS_MAX);
  return rows.map(({ sector: _sector, ...p }) => ({
    ...p,
    joinPath: partnershipLinkPath(p.id, companyId),
  }));
}

/** "Parceiros de <empresa>" on a customer's company page (public); 404 for an unknown company. */
export async function publicPartners(db: Db, companyId: string): Promise<PublicPartners> {
  if (!(await findPublicCompany(db, companyId)))
    throw new AppError("not_found", 404, "Company not found");
  return { partners: await listPublicPartners(db, companyId) };
}

/**
 * The partner that sent a customer joining `companyId` through a partnership link (`parceria` =
 * `<sender>_<company>`): the sender, when the second part is the company and the two have an
 * active partnership; otherwise null (the customer joins without it, never refused).
 */
export async function partnerOrigin(
  db: Db,
  companyId: string,
  parceria: string | null | undefined,
): Promise<string | null> {
  const parts = parceria?.trim().split("_") ?? [];
  if (parts.length !== 2) return null;
  const [sender, company] = parts as [string, string];
  if (!sender || company !== companyId || sender === companyId) return null;
  const open = await findOpenPartnership(db, sender, companyId);
  return open?.state === "active" ? sender : null;
}
