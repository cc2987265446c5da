import { type CreateClaim, RECEIPT_MAX_BYTES, RECEIPT_TYPES } from "@shared/claims.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { creditCard } from "../cards/cards.service";
import { storeFile } from "../files/files.service";
import {
  approveClaimStamp,
  createClaimStamp,
  lockClaimStamp,
  rejectClaimStamp,
} from "../stamps/stamps.service";
import {
  findCustomerCardWithCompany,
  getCompanyClaim,
  hasPendingClaim,
  hasReviewClaim,
} from "./claims.queries";

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
  const card = await findCustomerCardWithCompany(db, customerId, cardId);
  if (!card) throw new AppError("not_found", 404, "Card not found");
  if (card.card.status === "redeemed")
    throw new AppError("card_redeemed", 409, "The card was already redeemed.");
  if (card.card.status === "complete")
    throw new AppError("card_complete", 409, "The card is complete");
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
  if (await hasPendingClaim(db, cardId, input.method)) throw pendingError();
  if (input.method === "google_review") {
    if (await hasReviewClaim(db, customerId, company.id)) throw reviewedError();
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
    return await db.transaction(async (tx) => {
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
      return createClaimStamp(tx, {
        cardId,
        companyId: company.id,
        customerId,
        method: input.method,
        fileId,
        network: input.method === "social" ? input.network : null,
        link: input.method === "social" ? input.link : null,
      });
    });
  } catch (error) {
    const constraint = constraintOf(error);
    if (constraint === "stamps_one_pending_claim_per_kind") throw pendingError();
    if (constraint === "stamps_one_review_claim_per_customer") throw reviewedError();
    throw error;
  }
}

/**
 * Approves a pending claim through the same atomic path as a staff stamp: the claim and the card
 * are locked, the card is credited by the method's rule, and the claim now counts.
 */
export async function approveClaim(tx: Db, actor: CompanyActor, claimId: string): Promise<void> {
  const claim = await lockClaimStamp(tx, actor.companyId, claimId);
  if (!claim) throw new AppError("not_found", 404, "Claim not found");
  if (claim.status !== "pending")
    throw new AppError("claim_not_pending", 409, "The claim was already reviewed");
  const { added } = await creditCard(tx, actor, claim.cardId, claim.method);
  await approveClaimStamp(tx, claimId, { count: added, givenBy: actor.userId });
}

export async function rejectClaim(db: Db, actor: CompanyActor, claimId: string, reason: string) {
  const rejected = await rejectClaimStamp(db, actor.companyId, claimId, {
    reason,
    givenBy: actor.userId,
  });
  if (!rejected) {
    await getCompanyClaim(db, actor.companyId, claimId); // 404 when not this company's
    throw new AppError("claim_not_pending", 409, "The claim was already reviewed");
  }
  return getCompanyClaim(db, actor.companyId, claimId);
}
