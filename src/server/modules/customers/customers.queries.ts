import type { CompanyCustomer } from "@shared/customers.schema";
import {
  CUSTOMER_SEARCH_COUNT_CAP,
  CUSTOMERS_PAGE_SIZE,
  type CustomerDetails,
  type CustomerPage,
  type CustomerRow,
  type CustomerStats,
  type MembershipStatus,
} from "@shared/customers.schema";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inSaoPaulo } from "../../db/time-zone";
import { AppError } from "../../errors";
import { profiles } from "../auth/profiles.table";
import { countCardsByCustomer, listOpenCards } from "../cards/cards.queries";
import { companies } from "../companies/companies.table";
import { countMessagesByCustomer, listConversation } from "../messages/messages.queries";
import { findDefaultProgram } from "../programs/programs.queries";
import { searchCompanyMembers, searchCondition } from "./directory-search";
import { customerInvitations } from "./invitations.table";
import { profileMemberStatus } from "./memberships.queries";
import { companyMemberCounts, memberships } from "./memberships.table";

/**
 * The customers' read model: the company's members as /clientes lists, searches and exports them
 * (memberships joined with the customers' profiles and their card and message counts), and the
 * invitations a customer sees (read only; the writes are in customers.service.ts and
 * invitations.service.ts).
 */

/** The add-stamp search: the company's active members as /clientes finds them, with their open card. */
export async function findCompanyCustomers(
  db: Db,
  companyId: string,
  options: { search?: string; limit?: number } = {},
): Promise<CompanyCustomer[]> {
  const rows = await db
    .select({ id: profiles.id, name: profiles.name, email: profiles.email, phone: profiles.phone })
    .from(memberships)
    .innerJoin(profiles, eq(profiles.id, memberships.customerId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.status, "active"),
        searchCondition(options.search),
      ),
    )
    .orderBy(asc(memberships.sortName), asc(memberships.id))
    .limit(options.limit ?? 20);
  const cards = await listOpenCards(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  const program = await findDefaultProgram(db, companyId);
  return rows.map((r) => {
    const openCards = cards.filter((c) => c.customerId === r.id);
    const openCard = openCards.find((c) => c.programId === program.id) ?? openCards[0] ?? null;
    return { ...r, openCard, openCards };
  });
}

// ---------------------------------------------------------------------------------------------
// /clientes: the company's customer base

/** A row as read from memberships + profiles, before the counts are added. */
const memberColumns = {
  id: memberships.customerId,
  name: profiles.name,
  email: profiles.email,
  phone: sql<string | null>`coalesce(${memberships.phone}, ${profiles.phone})`,
  birthDate: sql<string | null>`coalesce(${memberships.birthDate}, ${profiles.birthDate})::text`,
  city: sql<string | null>`coalesce(${memberships.city}, ${profiles.city})`,
  state: sql<string | null>`coalesce(${memberships.state}, ${profiles.state})`,
  status: profileMemberStatus,
  joinedAt: memberships.joinedAt,
  sortName: memberships.sortName,
  // Sent by a partner company (its partnership link): its name (a primary-key look-up, only then).
  partnerOrigin: sql<
    string | null
  >`(select pc.trade_name from companies pc where pc.id = ${memberships.partnerCompanyId})`,
};

type MemberRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  birthDate: string | null;
  city: string | null;
  state: string | null;
  status: MembershipStatus;
  joinedAt: Date;
  sortName: string;
  partnerOrigin: string | null;
};

function membersQuery(db: Db, where: SQL | undefined) {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(profiles, eq(profiles.id, memberships.customerId))
    .where(where);
}

/** Adds the card and message counts to rows of one company (two queries for the whole batch). */
async function withCounts(db: Db, companyId: string, rows: MemberRow[]): Promise<CustomerRow[]> {
  const ids = rows.map((r) => r.id);
  const [cards, messages] = await Promise.all([
    countCardsByCustomer(db, companyId, ids),
    countMessagesByCustomer(db, companyId, ids),
  ]);
  return rows.map(({ sortName: _sortName, ...r }) => {
    const c = cards.get(r.id);
    const m = messages.get(r.id);
    return {
      ...r,
      joinedAt: r.joinedAt.toISOString(),
      totalCards: c?.total ?? 0,
      completedCards: c?.completed ?? 0,
      currentStamps: c?.currentStamps ?? 0,
      messages: m?.total ?? 0,
      pendingMessages: m?.pending ?? 0,
    };
  });
}

/**
 * One page of the company's customers, by name, searched by name, e-mail or phone.
 *
 * A search's page and count come from searchCompanyMembers (directory-search.ts: the trigram
 * index, or a walk of the name order for a term most members match), counted up to
 * CUSTOMER_SEARCH_COUNT_CAP ("more than 1,000"); the whole base's total is the count the database
 * keeps (company_member_counts).
 */
export async function listCustomers(
  db: Db,
  companyId: string,
  options: { search?: string; page?: number } = {},
): Promise<CustomerPage> {
  const page = options.page ?? 1;
  const offset = (page - 1) * CUSTOMERS_PAGE_SIZE;
  const search = searchCondition(options.search);
  // A member who left (issue 34) is an anonymous row kept for the reports: never listed.
  const ofCompany = and(eq(memberships.companyId, companyId), ne(memberships.status, "left"));
  const order = [asc(memberships.sortName), asc(memberships.id)];

  let ids: string[];
  let count: { total: number; capped: boolean };
  if (!search) {
    const [rows, [all]] = await Promise.all([
      db
        .select({ id: memberships.id })
        .from(memberships)
        .where(ofCompany)
        .orderBy(...order)
        .limit(CUSTOMERS_PAGE_SIZE)
        .offset(offset),
      db
        .select({ total: companyMemberCounts.members })
        .from(companyMemberCounts)
        .where(eq(companyMemberCounts.companyId, companyId)),
    ]);
    ids = rows.map((r) => r.id);
    count = { total: all?.total ?? 0, capped: false };
  } else {
    const found = await searchCompanyMembers(db, companyId, search, offset);
    ids = found.ids;
    const total = found.total;
    count =
      total > CUSTOMER_SEARCH_COUNT_CAP
        ? { total: CUSTOMER_SEARCH_COUNT_CAP, capped: true }
        : { total, capped: false };
  }
  const rows =
    ids.length === 0
      ? []
      : await membersQuery(db, and(ofCompany, inArray(memberships.id, ids))).orderBy(...order);
  return {
    items: await withCounts(db, companyId, rows),
    total: count.total,
    totalCapped: count.capped,
    page,
    pageSize: CUSTOMERS_PAGE_SIZE,
  };
}

/** The /clientes tiles; birthdays of the current São Paulo month (the company's record first). */
export async function getCustomerStats(db: Db, companyId: string): Promise<CustomerStats> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`count(*) filter (where ${memberships.status} = 'active')::int`,
      birthdaysThisMonth: sql<number>`count(*) filter (where extract(month from coalesce(${memberships.birthDate}, ${profiles.birthDate})) = extract(month from ${inSaoPaulo(sql`now()`)}))::int`,
    })
    .from(memberships)
    .innerJoin(profiles, eq(profiles.id, memberships.customerId))
    .where(eq(memberships.companyId, companyId));
  return {
    total: row?.total ?? 0,
    active: row?.active ?? 0,
    birthdaysThisMonth: row?.birthdaysThisMonth ?? 0,
  };
}

export const isCustomerId = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

/** One customer of the company as a table row, or 404 (another company's customer included). */
export async function getCustomerRow(
  db: Db,
  companyId: string,
  customerId: string,
): Promise<CustomerRow> {
  if (!isCustomerId(customerId)) throw new AppError("not_found", 404, "Customer not found");
  const [row] = await membersQuery(
    db,
    and(eq(memberships.companyId, companyId), eq(memberships.customerId, customerId)),
  ).limit(1);
  if (!row) throw new AppError("not_found", 404, "Customer not found");
  const [full] = await withCounts(db, companyId, [row]);
  return full!;
}

/** 'Ver Detalhes': the row, the company's record, the profile's values and the conversation. */
export async function getCustomerDetails(
  db: Db,
  companyId: string,
  customerId: string,
): Promise<CustomerDetails> {
  const row = await getCustomerRow(db, companyId, customerId);
  const [[stored], conversation] = await Promise.all([
    db
      .select({ membership: memberships, profile: profiles })
      .from(memberships)
      .innerJoin(profiles, eq(profiles.id, memberships.customerId))
      .where(and(eq(memberships.companyId, companyId), eq(memberships.customerId, customerId)))
      .limit(1),
    listConversation(db, companyId, customerId),
  ]);
  const { membership: m, profile: p } = stored!;
  return {
    ...row,
    notes: m.notes,
    record: { phone: m.phone, birthDate: m.birthDate, city: m.city, state: m.state },
    profile: { phone: p.phone, birthDate: p.birthDate, city: p.city, state: p.state },
    conversation,
  };
}

/** Rows of the export, `batchSize` at a time in the list's order (keyset on sort_name, id). */
export async function* exportCustomerBatches(
  db: Db,
  companyId: string,
  batchSize = 1000,
): AsyncGenerator<(CustomerRow & { notes: string | null })[]> {
  let after: { sortName: string; id: string } | null = null;
  for (;;) {
    const rows: (MemberRow & { notes: string | null; membershipId: string })[] = await db
      .select({ ...memberColumns, notes: memberships.notes, membershipId: memberships.id })
      .from(memberships)
      .innerJoin(profiles, eq(profiles.id, memberships.customerId))
      .where(
        and(
          eq(memberships.companyId, companyId),
          after
            ? sql`(${memberships.sortName}, ${memberships.id}) > (${after.sortName}, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(memberships.sortName), asc(memberships.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    const last = rows.at(-1)!;
    // Not in the CSV rows: only the key of the next batch.
    after = { sortName: last.sortName, id: last.membershipId };
    const counted = await withCounts(db, companyId, rows);
    yield counted.map((r, i) => ({ ...r, notes: rows[i]!.notes }));
    if (rows.length < batchSize) return;
  }
}

// ---------------------------------------------------------------------------------------------
// Invitations as the customer sees them

/** A consent invitation ('Novo Cliente' after issue 14) still waiting for an answer. */
export const awaitingAnswer = and(
  isNull(customerInvitations.userId),
  isNotNull(customerInvitations.email),
  isNull(customerInvitations.acceptedAt),
  isNull(customerInvitations.declinedAt),
  gt(customerInvitations.expiresAt, sql`now()`),
);

/**
 * The consent invitations waiting for an answer, addressed to `email`, from companies `customerId`
 * is not a member of yet (with the company's name), newest first.
 */
export async function listInvitationsWaitingFor(db: Db, email: string, customerId: string) {
  const rows = await db
    .select({
      id: customerInvitations.id,
      companyId: customerInvitations.companyId,
      companyName: companies.tradeName,
      createdAt: customerInvitations.createdAt,
      expiresAt: customerInvitations.expiresAt,
    })
    .from(customerInvitations)
    .innerJoin(companies, eq(companies.id, customerInvitations.companyId))
    .where(
      and(
        eq(customerInvitations.email, email),
        awaitingAnswer,
        sql`not exists (select 1 from ${memberships} where ${memberships.companyId} = ${customerInvitations.companyId} and ${memberships.customerId} = ${customerId})`,
      ),
    )
    .orderBy(desc(customerInvitations.createdAt))
    .limit(20);
  return rows;
}
