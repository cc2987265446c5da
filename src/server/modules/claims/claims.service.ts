import { randomUUID } from "node:crypto";
import { and, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import {
  type Claim,
  type CreateClaim,
  RECEIPT_MAX_BYTES,
  RECEIPT_TYPES,
} from "../../../shared/claims.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { profiles } from "../auth/profiles.table";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { storeFile } from "../files/files.service";
import { creditCard } from "../stamps/stamps.service";
import { stamps } from "../stamps/stamps.table";

type ClaimInput = CreateClaim | { method: "receipt"; bytes: Uint8Array };

const constraintOf = (error: unknown): string | undefined => {
  const e = error as { constraint?: string; cause?: { constraint?: string } };
  return e?.constraint ?? e?.cause?.constraint;
};

type ClaimKind = CreateClaim | { method: "receipt" };

/**
 * Whether the customer may ask for this stamp now, without writing anything: their active card,
 * what the company allows, no claim of this kind already waiting on the card, a Google review not
 * claimed before. A receipt upload asks this before reading its file. Returns the card's company.
 */
export async function checkClaim(db: Db, customerId: string, cardId: string, input: ClaimKind) {
  const [card] = await db
    .select({ card: loyaltyCards, company: companies })
    .from(loyaltyCards)
    .innerJoin(companies, eq(companies.id, loyaltyCards.companyId))
    .where(and(eq(loyaltyCards.id, cardId), eq(loyaltyCards.customerId, customerId)))
    .limit(1);
  if (!card) throw new AppError("not_found", 404, "Cartão não encontrado");
  if (card.card.status === "redeemed")
    throw new AppError("card_redeemed", 409, "O cartão já foi utilizado.");
  if (card.card.status === "complete") throw new AppError("card_complete", 409, "Cartão Completo");
  const { company } = card;
  if (
    input.method === "social" &&
    (!company.allowsSocialStamps || !company.socialNetworks.includes(input.network))
  ) {
    throw new AppError(
      "claim_not_allowed",
      422,
      "The company does not give stamps for this network",
    );
  }
  if (
    input.method === "google_review" &&
    (!company.allowsReviewStamps || !company.googleReviewUrl)
  ) {
    throw new AppError(
      "claim_not_allowed",
      422,
      "The company does not give stamps for Google reviews",
    );
  }
  const [waiting] = await db
    .select({ id: stamps.id })
    .from(stamps)
    .where(
      and(eq(stamps.cardId, cardId), eq(stamps.method, input.method), eq(stamps.status, "pending")),
    )
    .limit(1);
  if (waiting) throw pendingError();
  if (input.method === "google_review") {
    const [reviewed] = await db
      .select({ id: stamps.id })
      .from(stamps)
      .where(
        and(
          eq(stamps.customerId, customerId),
          eq(stamps.companyId, company.id),
          eq(stamps.claimed, true),
          eq(stamps.method, "google_review"),
          ne(stamps.status, "rejected"),
        ),
      )
      .limit(1);
    if (reviewed) throw reviewedError();
  }
  return company;
}

const pendingError = () =>
  new AppError("claim_pending", 409, "A claim of this kind is already waiting");
const reviewedError = () =>
  new AppError("review_already_claimed", 409, "The Google review was already claimed");

/**
 * A customer asks for a stamp on one of their active cards: a pending stamp that does not count
 * until the company approves it. Only what the company allows; one pending claim of each kind per
 * card; a Google review once per customer and company (checked first, and the unique indexes
 * decide under races).
 */
export async function createClaim(db: Db, customerId: string, cardId: string, input: ClaimInput) {
  const company = await checkClaim(db, customerId, cardId, input);
  try {
    return await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const fileId =
        input.method === "receipt"
          ? await storeFile(tx, {
              companyId: company.id,
              uploadedBy: customerId,
              bytes: input.bytes,
              allowed: [...RECEIPT_TYPES],
              maxBytes: RECEIPT_MAX_BYTES,
            })
          : null;
      const id = randomUUID();
      await tx.insert(stamps).values({
        id,
        cardId,
        companyId: company.id,
        customerId,
        method: input.method,
        count: 0,
        status: "pending",
        claimed: true,
        fileId,
        network: input.method === "social" ? input.network : null,
        link: input.method === "social" ? input.link : null,
      });
      return id;
    });
  } catch (error) {
    const constraint = constraintOf(error);
    if (constraint === "stamps_one_pending_claim_per_kind") throw pendingError();
    if (constraint === "stamps_one_review_claim_per_customer") throw reviewedError();
    throw error;
  }
}

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
  if (!row) throw new AppError("not_found", 404, "Solicitação não encontrada");
  return toClaim(row);
}

export const getCompanyClaim = (db: Db, companyId: string, id: string) =>
  getClaim(db, and(eq(stamps.id, id), eq(stamps.companyId, companyId)));

/**
 * Approves a pending claim through the same atomic path as a staff stamp: the claim and the card
 * are locked, the card is credited by the method's rule, and the claim now counts.
 */
export async function approveClaim(tx: Db, actor: CompanyActor, claimId: string): Promise<void> {
  const [claim] = await tx
    .select()
    .from(stamps)
    .where(
      and(eq(stamps.id, claimId), eq(stamps.companyId, actor.companyId), eq(stamps.claimed, true)),
    )
    .for("update");
  if (!claim) throw new AppError("not_found", 404, "Solicitação não encontrada");
  if (claim.status !== "pending")
    throw new AppError("claim_not_pending", 409, "The claim was already reviewed");
  const { added } = await creditCard(tx, actor, claim.cardId, claim.method);
  await tx
    .update(stamps)
    .set({
      status: "approved",
      count: added,
      givenBy: actor.userId,
      approvedAt: sql`now()`,
      reviewedAt: sql`now()`,
    })
    .where(eq(stamps.id, claimId));
}

export async function rejectClaim(db: Db, actor: CompanyActor, claimId: string, reason: string) {
  const updated = await db
    .update(stamps)
    .set({
      status: "rejected",
      rejectionReason: reason,
      givenBy: actor.userId,
      reviewedAt: sql`now()`,
    })
    .where(
      and(
        eq(stamps.id, claimId),
        eq(stamps.companyId, actor.companyId),
        eq(stamps.claimed, true),
        eq(stamps.status, "pending"),
      ),
    )
    .returning({ id: stamps.id });
  if (updated.length === 0) {
    await getCompanyClaim(db, actor.companyId, claimId); // 404 when not this company's
    throw new AppError("claim_not_pending", 409, "The claim was already reviewed");
  }
  return getCompanyClaim(db, actor.companyId, claimId);
}

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
  if (!row?.fileId) throw new AppError("not_found", 404, "Comprovante não encontrado");
  return row.fileId;
}
