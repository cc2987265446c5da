import type { Claim } from "@shared/claims.schema";
import { and, desc, eq, isNotNull, lt, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { profiles } from "../auth/profiles.table";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { stamps } from "../stamps/stamps.table";

/**
 * The claims' read model: claims are stamps a customer asked for (the stamps module's rows), read
 * here with the customer's and the company's names (read only; writes go through stamps.service).
 */

const claimColumns = {
  stamp: stamps,
  customerName: profiles.name,
  companyName: companies.tradeName,
};

function claimsQuery(db: Db) {
  return db
    .select(claimColumns)
    .from(stamps)
    .innerJoin(profiles, eq(profiles.id, stamps.customerId))
    .innerJoin(companies, eq(companies.id, stamps.companyId));
}

const toClaim = (r: {
  stamp: typeof stamps.$inferSelect;
  customerName: string;
  companyName: string;
}): Claim => ({
  id: r.stamp.id,
  cardId: r.stamp.cardId,
  customerId: r.stamp.customerId,
  customerName: r.customerName,
  companyId: r.stamp.companyId,
  companyName: r.companyName,
  method: r.stamp.method as Claim["method"],
  status: r.stamp.status,
  network: r.stamp.network,
  link: r.stamp.link,
  hasReceipt: r.stamp.fileId !== null,
  rejectionReason: r.stamp.rejectionReason,
  createdAt: r.stamp.createdAt.toISOString(),
  reviewedAt: r.stamp.reviewedAt?.toISOString() ?? null,
});

export async function listCompanyClaims(
  db: Db,
  companyId: string,
  status: Claim["status"] | undefined,
): Promise<Claim[]> {
  const rows = await claimsQuery(db)
    .where(
      and(
        eq(stamps.companyId, companyId),
        eq(stamps.claimed, true),
        status ? eq(stamps.status, status) : undefined,
      ),
    )
    .orderBy(desc(stamps.createdAt))
    .limit(200);
  return rows.map(toClaim);
}

export async function listCustomerClaims(db: Db, customerId: string): Promise<Claim[]> {
  const rows = await claimsQuery(db)
    .where(and(eq(stamps.customerId, customerId), eq(stamps.claimed, true)))
    .orderBy(desc(stamps.createdAt))
    .limit(200);
  return rows.map(toClaim);
}

async function getClaim(db: Db, where: ReturnType<typeof and>): Promise<Claim> {
  const [row] = await claimsQuery(db)
    .where(and(where, eq(stamps.claimed, true)))
    .limit(1);
  if (!row) throw new AppError("not_found", 404, "Claim not found");
  return toClaim(row);
}

export const getCompanyClaim = (db: Db, companyId: string, id: string) =>
  getClaim(db, and(eq(stamps.id, id), eq(stamps.companyId, companyId)));

/** The receipt of a claim, for its company or its customer. */
export async function findReceiptFileId(
  db: Db,
  scope: { companyId: string } | { customerId: string },
  claimId: string,
): Promise<string> {
  const [row] = await db
    .select({ fileId: stamps.fileId })
    .from(stamps)
    .where(
      and(
        eq(stamps.id, claimId),
        isNotNull(stamps.fileId),
        "companyId" in scope
          ? eq(stamps.companyId, scope.companyId)
          : eq(stamps.customerId, scope.customerId),
      ),
    )
    .limit(1);
  if (!row?.fileId) throw new AppError("not_found", 404, "Receipt not found");
  return row.fileId;
}

/** The customer's card with its company (what a claim on it is checked against), or null. */
export async function findCustomerCardWithCompany(db: Db, customerId: string, cardId: string) {
  const [card] = await db
    .select({ card: loyaltyCards, company: companies })
    .from(loyaltyCards)
    .innerJoin(companies, eq(companies.id, loyaltyCards.companyId))
    .where(and(eq(loyaltyCards.id, cardId), eq(loyaltyCards.customerId, customerId)))
    .limit(1);
  return card ?? null;
}

/** Whether a claim of this kind already waits on the card. */
export async function hasPendingClaim(db: Db, cardId: string, method: Claim["method"]) {
  const [waiting] = await db
    .select({ id: stamps.id })
    .from(stamps)
    .where(and(eq(stamps.cardId, cardId), eq(stamps.method, method), eq(stamps.status, "pending")))
    .limit(1);
  return Boolean(waiting);
}

/** Whether the customer already claimed a Google review at the company (not rejected). */
export async function hasReviewClaim(db: Db, customerId: string, companyId: string) {
  const [reviewed] = await db
    .select({ id: stamps.id })
    .from(stamps)
    .where(
      and(
        eq(stamps.customerId, customerId),
        eq(stamps.companyId, companyId),
        eq(stamps.claimed, true),
        eq(stamps.method, "google_review"),
        ne(stamps.status, "rejected"),
      ),
    )
    .limit(1);
  return Boolean(reviewed);
}

/**
 * The receipt files of claims rejected before `rejectedBefore`, at most `limit` (the retention
 * job removes them; the claims stay).
 */
export async function listRejectedReceiptFileIds(
  db: Db,
  rejectedBefore: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: stamps.fileId })
    .from(stamps)
    .where(
      and(
        eq(stamps.status, "rejected"),
        isNotNull(stamps.fileId),
        lt(stamps.reviewedAt, rejectedBefore),
      ),
    )
    .limit(limit);
  return rows.flatMap((r) => (r.id ? [r.id] : []));
}
