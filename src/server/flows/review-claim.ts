/**
 * A company reviews a customer's claim (flow: decision 022): approved, the claim is locked (stamps)
 * and the card credited by the method's rule (cards), inside the caller's idempotent transaction;
 * rejected, with the reason (stamps). The customer is told by e-mail (notifications, under their
 * switches) of a card the approval completed and of a refusal, with the company's reason.
 */
import type { Db } from "../db/client";
import { AppError } from "../errors";
import type { CompanyActor } from "../middleware/actor";
import { creditCard } from "../modules/cards/cards.service";
import { getCompanyClaim } from "../modules/claims/claims.queries";
import { emitWebhookEvent } from "../modules/integrations/webhooks.service";
import { queueCustomerEmail } from "../modules/notifications/customer-emails";
import {
  approveClaimStamp,
  lockClaimStamp,
  rejectClaimStamp,
} from "../modules/stamps/stamps.service";

/**
 * Approves a pending claim through the same atomic path as a staff stamp: the claim and the card
 * are locked, the card is credited by the method's rule, and the claim now counts.
 */
export async function approveClaim(
  tx: Db,
  appUrl: string,
  actor: CompanyActor,
  claimId: string,
): Promise<void> {
  const claim = await lockClaimStamp(tx, actor.companyId, claimId);
  if (!claim) throw new AppError("not_found", 404, "Claim not found");
  if (claim.status !== "pending")
    throw new AppError("claim_not_pending", 409, "The claim was already reviewed");
  const { added, customerId, card } = await creditCard(tx, actor, claim.cardId, claim.method);
  await approveClaimStamp(tx, claimId, { count: added, givenBy: actor.userId });
  await emitWebhookEvent(tx, actor.companyId, "claim.decided", {
    claimId,
    cardId: claim.cardId,
    memberId: customerId,
    method: claim.method,
    decision: "approved",
    count: added,
  });
  if (card.status === "complete") {
    const target = { customerId, companyId: actor.companyId };
    await queueCustomerEmail(tx, appUrl, { kind: "cardComplete", ...target, reward: card.reward });
  }
}

export async function rejectClaim(
  { db, appUrl }: { db: Db; appUrl: string },
  actor: CompanyActor,
  claimId: string,
  reason: string,
) {
  return db.transaction(async (tx) => {
    const rejected = await rejectClaimStamp(tx, actor.companyId, claimId, {
      reason,
      givenBy: actor.userId,
    });
    if (!rejected) {
      await getCompanyClaim(tx, actor.companyId, claimId); // 404 when not this company's
      throw new AppError("claim_not_pending", 409, "The claim was already reviewed");
    }
    const claim = await getCompanyClaim(tx, actor.companyId, claimId);
    await emitWebhookEvent(tx, actor.companyId, "claim.decided", {
      claimId,
      cardId: claim.cardId,
      memberId: claim.customerId,
      method: claim.method,
      decision: "rejected",
      count: 0,
    });
    await queueCustomerEmail(tx, appUrl, {
      kind: "claimRefused",
      customerId: claim.customerId,
      companyId: actor.companyId,
      quote: claim.rejectionReason ?? reason,
    });
    return claim;
  });
}
