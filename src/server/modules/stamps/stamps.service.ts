import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { AddStamp, StampMethod } from "../../../shared/loyalty.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { findMembership, openCard } from "../customers/customers.service";
import { findDefaultProgram } from "../programs/programs.service";
import { stamps } from "./stamps.table";

/** Stamps one grant of `method` is worth, by the company's loyalty rules (spec section 9 defaults). */
async function stampsPerMethod(db: Db, companyId: string, method: StampMethod): Promise<number> {
  const [rules] = await db
    .select({
      purchase: companies.purchaseStamps,
      review: companies.reviewStamps,
      social: companies.socialStamps,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!rules) throw new AppError("not_found", 404, "Empresa não encontrada");
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
  const [card] = await tx
    .select()
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.id, cardId), eq(loyaltyCards.companyId, actor.companyId)))
    .for("update");
  if (!card) throw new AppError("not_found", 404, "Cartão não encontrado");
  if (card.status === "redeemed")
    throw new AppError("card_redeemed", 409, "O cartão já foi utilizado.");
  if (card.status === "complete") throw new AppError("card_complete", 409, "Cartão Completo");

  const worth = await stampsPerMethod(tx, actor.companyId, method);
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
 * The dashboard's 'Adicionar Carimbo': a stamp on the customer's open card in the default
 * programme; after a redemption this opens the customer's next card.
 */
export async function addStampToCustomer(
  tx: Db,
  actor: CompanyActor,
  customerId: string,
  input: AddStamp,
): Promise<string> {
  const membership = await findMembership(tx, actor.companyId, customerId);
  if (membership?.status !== "active") {
    throw new AppError("not_found", 404, "Cliente não encontrado");
  }
  const program = await findDefaultProgram(tx, actor.companyId);
  const cardId = await openCard(
    tx,
    { membershipId: membership.id, companyId: actor.companyId, customerId },
    program,
  );
  await addStampToCard(tx, actor, cardId, input);
  return cardId;
}
