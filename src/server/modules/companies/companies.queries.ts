import {
  DIRECTORY_PAGE_SIZE,
  type DirectoryPage,
  type DirectoryQuery,
} from "@shared/companies.schema";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { memberships } from "../customers/memberships.table";
import { companies } from "./companies.table";

/**
 * The companies' read model: the customers' company directory, with whether the customer already
 * takes part (read only; the writes are in companies.service.ts).
 */

/** SQL twin of the city match: lower-case, no accents (carimbou_search_key, migration 0005). */
const cityKey = (value: unknown) => sql`carimbou_search_key(btrim(${value}))`;

/**
 * The customer's company directory: companies with an active subscription, filtered by sector,
 * state and city (ignoring case and accents), by name; `member` tells whether the customer
 * already takes part.
 */
export async function listDirectory(
  db: Db,
  customerId: string,
  query: DirectoryQuery,
): Promise<DirectoryPage> {
  const city = query.city?.trim();
  const where = and(
    eq(companies.subscriptionActive, true),
    query.sector ? eq(companies.sector, query.sector) : undefined,
    query.state ? eq(companies.state, query.state) : undefined,
    city ? sql`${cityKey(companies.city)} = ${cityKey(city)}` : undefined,
  );
  const offset = (query.page - 1) * DIRECTORY_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: companies.id,
        tradeName: companies.tradeName,
        city: companies.city,
        state: companies.state,
        sector: companies.sector,
        summary: companies.summary,
        logoUrl: companies.logoUrl,
        membershipId: memberships.id,
      })
      .from(companies)
      .leftJoin(
        memberships,
        and(eq(memberships.companyId, companies.id), eq(memberships.customerId, customerId)),
      )
      .where(where)
      .orderBy(asc(sql`lower(${companies.tradeName})`), asc(companies.id))
      .limit(DIRECTORY_PAGE_SIZE)
      .offset(offset),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return {
    companies: rows.map(({ membershipId, ...c }) => ({ ...c, member: membershipId !== null })),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: DIRECTORY_PAGE_SIZE,
  };
}
