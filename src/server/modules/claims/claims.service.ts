import type { CreateClaim } from "@shared/claims.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { findCustomerCardWithCompany, hasPendingClaim, hasReviewClaim } from "./claims.queries";

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
  // A closed company ('Fechar conta', issue 34): its cards are read-only.
  if (company.closedAt)
    throw new AppError("company_closed", 403, "The company closed its account.");
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

export const pendingError = () =>
  new AppError("claim_pending", 409, "A claim of this kind is already waiting");
export const reviewedError = () =>
  new AppError("review_already_claimed", 409, "The Google review was already claimed");
