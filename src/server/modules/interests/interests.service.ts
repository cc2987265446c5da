import { randomUUID } from "node:crypto";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Sector } from "../../../shared/brazil";
import {
  type CompanyInterest,
  type CreateInterest,
  INTEREST_RATE_LIMIT,
  type Interest,
} from "../../../shared/interests.schema";
import type { CompanyReply } from "../../../shared/messages.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor, CustomerActor } from "../../middleware/actor";
import { hitRateLimit } from "../../middleware/rate-limit";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";
import { interestReplies, interests } from "./interests.table";

const toInterest = (row: typeof interests.$inferSelect): Interest => ({
  id: row.id,
  sector: row.sector as Sector,
  city: row.city,
  state: row.state,
  description: row.description,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/** A signed-in customer looks for a kind of business in a city; pending until a company answers. */
export async function createInterest(
  db: Db,
  actor: CustomerActor,
  input: CreateInterest,
): Promise<Interest> {
  const allowed = await hitRateLimit(db, `customer-interest:${actor.customerId}`, {
    bucket: "customer-interest",
    ...INTEREST_RATE_LIMIT,
  });
  if (!allowed) {
    throw new AppError(
      "rate_limited",
      429,
      "Você enviou muitos interesses. Aguarde um pouco e tente novamente.",
    );
  }
  const [row] = await db
    .insert(interests)
    .values({ id: randomUUID(), customerId: actor.customerId, status: "pending", ...input })
    .returning();
  return toInterest(row!);
}

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

/**
 * A matching company answers an interest, once: every matching company may answer it (the first
 * answer does not lock the others out). The reply is written and the interest marked answered
 * (for the customer: at least one company answered) in one transaction; the unique
 * (interest_id, company_id) decides a second answer of the same company, even a concurrent one
 * (409). An interest the company does not match is a 404.
 */
export async function replyToInterest(
  db: Db,
  actor: CompanyActor,
  interestId: string,
  body: string,
): Promise<{ id: string; interestId: string; body: string; createdAt: string }> {
  const [interest] = await db
    .select({ id: interests.id })
    .from(interests)
    .where(and(eq(interests.id, interestId), matchesCompany(actor.companyId)))
    .limit(1);
  if (!interest) throw new AppError("not_found", 404, "Interesse não encontrado");
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [reply] = await tx
      .insert(interestReplies)
      .values({
        id: randomUUID(),
        interestId,
        companyId: actor.companyId,
        body,
        authorId: actor.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!reply)
      throw new AppError(
        "interest_already_answered",
        409,
        "The company has already answered this interest",
      );
    await tx
      .update(interests)
      .set({ status: "answered" })
      .where(and(eq(interests.id, interestId), eq(interests.status, "pending")));
    return {
      id: reply.id,
      interestId,
      body: reply.body,
      createdAt: reply.createdAt.toISOString(),
    };
  });
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
    createdAt: r.createdAt.toISOString(),
  }));
}
