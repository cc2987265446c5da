import { randomUUID } from "node:crypto";
import { type CreateInterest, INTEREST_RATE_LIMIT, type Interest } from "@shared/interests.schema";
import { and, eq, inArray, lt, notExists, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor, CustomerActor } from "../../middleware/actor";
import { hitRateLimit } from "../../rate-limits";
import { findMatchingInterest, toInterest } from "./interests.queries";
import { interestReplies, interests } from "./interests.table";

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
      "Too many interests sent; wait a little and try again.",
    );
  }
  const [row] = await db
    .insert(interests)
    .values({ id: randomUUID(), customerId: actor.customerId, status: "pending", ...input })
    .returning();
  return toInterest(row!);
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
  const interest = await findMatchingInterest(db, actor.companyId, interestId);
  if (!interest) throw new AppError("not_found", 404, "Interest not found");
  return db.transaction(async (tx) => {
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

/**
 * Removes up to `limit` interest replies created before `cutoff` of their company (SQL of the
 * company column: the retention job passes each company's period); returns how many went.
 */
export async function deleteInterestRepliesCreatedBefore(
  db: Db,
  cutoff: (companyId: AnyPgColumn) => SQL,
  limit: number,
): Promise<number> {
  const removed = await db
    .delete(interestReplies)
    .where(
      inArray(
        interestReplies.id,
        db
          .select({ id: interestReplies.id })
          .from(interestReplies)
          .where(lt(interestReplies.createdAt, cutoff(interestReplies.companyId)))
          .limit(limit),
      ),
    )
    .returning({ id: interestReplies.id });
  return removed.length;
}

/**
 * Removes up to `limit` answered interests created before `createdBefore` that have no reply left
 * (pending ones stay: the customer is still waiting); returns how many went.
 */
export async function deleteAnsweredInterestsWithoutReplies(
  db: Db,
  createdBefore: SQL,
  limit: number,
): Promise<number> {
  const removed = await db
    .delete(interests)
    .where(
      inArray(
        interests.id,
        db
          .select({ id: interests.id })
          .from(interests)
          .where(
            and(
              eq(interests.status, "answered"),
              lt(interests.createdAt, createdBefore),
              notExists(
                db
                  .select({ one: sql`1` })
                  .from(interestReplies)
                  .where(eq(interestReplies.interestId, interests.id)),
              ),
            ),
          )
          .limit(limit),
      ),
    )
    .returning({ id: interests.id });
  return removed.length;
}
