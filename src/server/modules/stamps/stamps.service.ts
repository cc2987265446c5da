import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { AddCustomerStamp, AddStamp, StampMethod } from "../../../shared/stamps.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { openCard } from "../cards/cards.service";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { findMembership } from "../customers/customers.service";
import { memberships } from "../customers/memberships.table";
import { findDefaultProgram, findProgram } from "../programs/programs.service";
import { stamps } from "./stamps.table";

/** Stamps one grant of `method` is worth, by the company's loyalty rules (spec section 9 defaults). */
function stampsPerMethod(
  rules: { purchase: number; review: number; social: number },
  method: StampMethod,
): number {
  return {
    purchase: rules.purchase,
    receipt: rules.purchase,
    social: rules.social,
    google_review: rules.review,
  }[method];
}

/**
 * Adds the stamps `method` is worth to one of the company's cards, inside the caller's transaction.
 * The card row is locked first, so concurrent grants queue: the card never passes its maximum,
 * completes once (with its time), and a complete or redeemed card answers 409.
 */
export async function creditCard(
  tx: Db,
  actor: CompanyActor,
  cardId: string,
  method: StampMethod,
): Promise<{ added: number; customerId: string }> {
  // The company's rules come with the locked card (one round trip less while the lock is held);
  // only the card row is locked, so grants on other cards of the company do not queue.
  const [row] = await tx
    .select({
      card: loyaltyCards,
      rules: {
        purchase: companies.purchaseStamps,
        review: companies.reviewStamps,
        social: companies.socialStamps,
      },
      memberStatus: memberships.status,
    })
    .from(loyaltyCards)
    .innerJoin(companies, eq(companies.id, loyaltyCards.companyId))
    // The membership's status comes in the same round trip: an inactive customer gets no stamps.
    .innerJoin(memberships, eq(memberships.id, loyaltyCards.membershipId))
    .where(and(eq(loyaltyCards.id, cardId), eq(loyaltyCards.companyId, actor.companyId)))
    .for("update", { of: loyaltyCards });
  if (!row) throw new AppError("not_found", 404, "Cartão não encontrado");
  const { card, rules } = row;
  if (row.memberStatus !== "active")
    throw new AppError("customer_inactive", 409, "Este cliente está inativo.");
  if (card.status === "redeemed")
    throw new AppError("card_redeemed", 409, "O cartão já foi utilizado.");
  if (card.status === "complete") throw new AppError("card_complete", 409, "Cartão Completo");

  const worth = stampsPerMethod(rules, method);
  const added = Math.min(worth, card.maxStamps - card.stamps);
  const total = card.stamps + added;
  const completes = total >= card.maxStamps;
  await tx
    .update(loyaltyCards)
    .set({
      stamps: total,
      status: completes ? "complete" : "active",
      completedAt: completes ? sql`now()` : null,
    })
    .where(eq(loyaltyCards.id, card.id));
  return { added, customerId: card.customerId };
}

/** A staff stamp on a card: approved at once, with who gave it and when. */
export async function addStampToCard(
  tx: Db,
  actor: CompanyActor,
  cardId: string,
  input: AddStamp,
): Promise<void> {
  const { added, customerId } = await creditCard(tx, actor, cardId, input.method);
  await tx.insert(stamps).values({
    id: randomUUID(),
    cardId,
    companyId: actor.companyId,
    customerId,
    method: input.method,
    count: added,
    status: "approved",
    notes: input.notes || null,
    givenBy: actor.userId,
    approvedAt: sql`now()`,
  });
}

/**
 * The dashboard's 'Adicionar Carimbo': a stamp on the customer's open card in `programId` (the
 * default programme when absent), opening one with the programme's size and reward when none is
 * open (after a redemption this opens the customer's next card). An archived programme's open card
 * is still stamped; it opens no new one (409 `program_archived`).
 */
export async function addStampToCustomer(
  tx: Db,
  actor: CompanyActor,
  customerId: string,
  input: AddCustomerStamp,
): Promise<string> {
  const membership = await findMembership(tx, actor.companyId, customerId);
  if (membership?.status !== "active") {
    throw new AppError("not_found", 404, "Cliente não encontrado");
  }
  const program = input.programId
    ? await findProgram(tx, actor.companyId, input.programId)
    : await findDefaultProgram(tx, actor.companyId);
  const { cardId } = await openCard(tx, { membership, program });
  await addStampToCard(tx, actor, cardId, input);
  return cardId;
}
