/**
 * Giving a stamp (flow: decision 022). A staff stamp is one transaction, opened here: the card is
 * credited (cards), the stamp row written (stamps), and, being a real visit, the customer's pending
 * referral qualified, its referrer rewarded at once when possible (referrals). A repeat with the
 * same Idempotency-Key answers the first answer (middleware/idempotency.ts).
 *
 * The rules' stamps (birthday gift, referral welcome and reward) go through `giveRuleStamps`, the
 * one way another module's rule gives stamps.
 */
import { randomUUID } from "node:crypto";
import type { CompanyCard } from "@shared/cards.schema";
import type { AddCustomerStamp, AddStamp } from "@shared/stamps.schema";
import type { Db, Tx } from "../db/client";
import { AppError } from "../errors";
import type { CompanyActor } from "../middleware/actor";
import { type IdempotentRequest, withIdempotency } from "../middleware/idempotency";
import { creditCard, openCard } from "../modules/cards/cards.service";
import { findMembership } from "../modules/customers/memberships.service";
import { queueCustomerEmail } from "../modules/notifications/customer-emails";
import { findDefaultProgram } from "../modules/programs/programs.queries";
import { findProgram } from "../modules/programs/programs.service";
import { qualifyReferral } from "../modules/referrals/referrals.service";
import { recordRuleStamp, recordStaffStamp } from "../modules/stamps/stamps.service";

export type GiveStampDeps = { db: Db; appUrl: string };

/** Where the staff stamp goes: a card, or a customer's open card in a programme (or the default). */
export type StampTarget =
  | { cardId: string; input: AddStamp }
  | { customerId: string; input: AddCustomerStamp };

/**
 * A staff stamp: on the card (`POST /api/cards/:id/stamps`) or on the customer's open card in
 * `programId`, opening one when none is open ('Adicionar Carimbo', `POST /api/customers/:id/stamps`).
 * Answers the card after the stamp.
 */
export async function giveStamp(
  { db, appUrl }: GiveStampDeps,
  actor: CompanyActor,
  target: StampTarget,
  request: IdempotentRequest,
): Promise<CompanyCard> {
  const answer = await withIdempotency(db, `stamp:${actor.companyId}`, request, async (tx) => {
    const cardId =
      "cardId" in target
        ? target.cardId
        : await openCardToStamp(tx, actor, target.customerId, target.input.programId);
    const { customerId, card } = await stampCard(tx, appUrl, actor, cardId, target.input);
    await qualifyReferral(tx, { companyId: actor.companyId, customerId, appUrl }, giveRuleStamps);
    return { status: 201, body: card };
  });
  // A repeat (Idempotency-Key) answers the first answer, stored as JSON: the same shape.
  return answer.body as CompanyCard;
}

/**
 * The customer's open card in `programId` (the default programme when absent), opening one with
 * the programme's size and reward when none is open (after a redemption this opens the customer's
 * next card). An archived programme's open card is still stamped; it opens no new one (409
 * `program_archived`). Another company's customer, or an inactive member: 404.
 */
async function openCardToStamp(
  tx: Tx,
  actor: CompanyActor,
  customerId: string,
  programId: string | undefined,
): Promise<string> {
  const membership = await findMembership(tx, actor.companyId, customerId);
  if (membership?.status !== "active") {
    throw new AppError("not_found", 404, "Customer not found");
  }
  const program = programId
    ? await findProgram(tx, actor.companyId, programId)
    : await findDefaultProgram(tx, actor.companyId);
  const { cardId } = await openCard(tx, { membership, program });
  return cardId;
}

/** A staff stamp on a card: approved at once, with who gave it and when. */
async function stampCard(
  tx: Tx,
  appUrl: string,
  actor: CompanyActor,
  cardId: string,
  input: AddStamp,
) {
  const { added, customerId, card } = await creditCard(tx, actor, cardId, input.method);
  // The stamp that completes the card is told by e-mail too (under the customer's switch).
  if (card.status === "complete") {
    const target = { customerId, companyId: actor.companyId };
    await queueCustomerEmail(tx, appUrl, { kind: "cardComplete", ...target, reward: card.reward });
  }
  await recordStaffStamp(tx, {
    id: randomUUID(),
    cardId,
    companyId: actor.companyId,
    customerId,
    method: input.method,
    count: added,
    notes: input.notes || null,
    givenBy: actor.userId,
  });
  return { customerId, card };
}

/**
 * A rule's stamps given by no one (approved at once) on the member's open card in the default
 * programme, opening one when none is open, as 'Adicionar Carimbo' does: the birthday rule's gift
 * (method `birthday`, worth the rule's stamps) and the referral rules' stamps (method `referral`,
 * worth `worth`). Inside the caller's transaction; fails like a staff stamp (409 `card_complete`
 * when the open card is complete, `customer_inactive`). Returns the card and the stamps added.
 */
export async function giveRuleStamps(
  tx: Tx,
  membership: { id: string; companyId: string; customerId: string },
  method: "birthday" | "referral",
  worth?: number,
): Promise<{ cardId: string; added: number }> {
  const program = await findDefaultProgram(tx, membership.companyId);
  const { cardId } = await openCard(tx, { membership, program });
  const { added } = await creditCard(
    tx,
    { companyId: membership.companyId },
    cardId,
    method,
    worth,
  );
  await recordRuleStamp(tx, {
    cardId,
    companyId: membership.companyId,
    customerId: membership.customerId,
    method,
    count: added,
  });
  return { cardId, added };
}
