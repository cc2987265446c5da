import type { Sector } from "@shared/brazil";
import type { CompanyInterest, Interest } from "@shared/interests.schema";
import type { CompanyReply } from "@shared/messages.schema";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";
import { interestReplies, interests } from "./interests.table";

/**
 * The interests' read model: interests as the matching companies see them (matched on the
 * company's sector and city, with the customer's name) and the answers as the customer sees them
 * (with the company's name). Read only; the writes are in interests.service.ts.
 */

export const toInterest = (row: typeof interests.$inferSelect): Interest => ({
  id: row.id,
  sector: row.sector as Sector,
  city: row.city,
  state: row.state,
  description: row.description,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The interests a company may see: same sector as the company and the same city ignoring case and
 * accents (interests.city_key is kept by the database as carimbou_search_key(btrim(city))).
 * A company without a sector or a city sees none.
 */
const matchesCompany = (companyId: string): SQL => sql`exists (
  select 1 from ${companies}
  where ${companies.id} = ${companyId}
    and ${companies.sector} = ${interests.sector}
    and carimbou_search_key(btrim(${companies.city})) = ${interests.cityKey}
)`;

const viewer = alias(companies, "viewer");

/**
 * /mensagens 'potential customers': matching interests, newest first, with this company's answer;
 * `status` is this company's: pending until it answered.
 */
export async function listCompanyInterests(
  db: Db,
  companyId: string,
  limit = 100,
): Promise<CompanyInterest[]> {
  const rows = await db
    .select({
      interest: interests,
      customerName: profiles.name,
      replyBody: interestReplies.body,
      replyAt: interestReplies.createdAt,
    })
    .from(interests)
    // The company first, then its interests by (sector, city_key): interests_match_idx.
    .innerJoin(
      viewer,
      and(
        eq(viewer.id, companyId),
        eq(viewer.sector, interests.sector),
        sql`carimbou_search_key(btrim(${viewer.city})) = ${interests.cityKey}`,
      ),
    )
    .innerJoin(profiles, eq(profiles.id, interests.customerId))
    .leftJoin(
      interestReplies,
      and(eq(interestReplies.interestId, interests.id), eq(interestReplies.companyId, companyId)),
    )
    .orderBy(desc(interests.createdAt), desc(interests.id))
    .limit(limit);
  return rows.map((r) => ({
    ...toInterest(r.interest),
    // Answerable by this company until it answered, whatever the other companies did.
    status: r.replyBody !== null ? ("answered" as const) : ("pending" as const),
    customerName: r.customerName,
    reply:
      r.replyBody !== null && r.replyAt !== null
        ? { body: r.replyBody, createdAt: r.replyAt.toISOString() }
        : null,
  }));
}

/** The companies' answers to the customer's interests, newest first, with the company's name. */
export async function listInterestRepliesForCustomer(
  db: Db,
  customerId: string,
  limit: number,
): Promise<CompanyReply[]> {
  const rows = await db
    .select({
      id: interestReplies.id,
      companyId: interestReplies.companyId,
      companyName: companies.tradeName,
      body: interestReplies.body,
      original: interests.description,
      createdAt: interestReplies.createdAt,
    })
    .from(interestReplies)
    .innerJoin(interests, eq(interests.id, interestReplies.interestId))
    .innerJoin(companies, eq(companies.id, interestReplies.companyId))
    .where(eq(interests.customerId, customerId))
    .orderBy(desc(interestReplies.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    kind: "interest" as const,
    subject: null,
    assistantName: null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The interest if the company matches it (so it may answer it), or null. */
export async function findMatchingInterest(db: Db, companyId: string, interestId: string) {
  const [interest] = await db
    .select({ id: interests.id })
    .from(interests)
    .where(and(eq(interests.id, interestId), matchesCompany(companyId)))
    .limit(1);
  return interest ?? null;
}
