import { randomUUID } from "node:crypto";
import type { CompanyCard } from "@shared/cards.schema";
import type { AddCustomerStamp, AddStamp, StampMethod } from "@shared/stamps.schema";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { reusableQuery } from "../../db/prepared";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { creditCard, openCard } from "../cards/cards.service";
import { findMembership } from "../customers/memberships.service";
import { findDefaultProgram, findProgram } from "../programs/programs.service";
import { stamps } from "./stamps.table";

/** A staff stamp on a card: approved at once, with who gave it and when. */
export async function addStampToCard(
  tx: Db,
  actor: CompanyActor,
  cardId: string,
  input: AddStamp,
): Promise<{ customerId: string; card: CompanyCard }> {
  const { added, customerId, card } = await creditCard(tx, actor, cardId, input.method);
  await insertStaffStamp(tx, {
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

// Every staff stamp runs this statement: prepared once per connection (db/prepared.ts).
const insertStaffStamp = reusableQuery("insert_staff_stamp", (db) =>
  db
    .insert(stamps)
    .values({
      id: sql.placeholder("id"),
      cardId: sql.placeholder("cardId"),
      companyId: sql.placeholder("companyId"),
      customerId: sql.placeholder("customerId"),
      method: sql.placeholder("method"),
      count: sql.placeholder("count"),
      status: "approved",
      notes: sql.placeholder("notes"),
      givenBy: sql.placeholder("givenBy"),
      approvedAt: sql`now()`,
    })
    .returning({ id: stamps.id }),
);

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
): Promise<CompanyCard> {
  const membership = await findMembership(tx, actor.companyId, customerId);
  if (membership?.status !== "active") {
    throw new AppError("not_found", 404, "Customer not found");
  }
  const program = input.programId
    ? await findProgram(tx, actor.companyId, input.programId)
    : await findDefaultProgram(tx, actor.companyId);
  const { cardId } = await openCard(tx, { membership, program });
  const { card } = await addStampToCard(tx, actor, cardId, input);
  return card;
}

/**
 * A rule's stamps given by no one (approved at once) on the member's open card in the default
 * programme, opening one when none is open, as 'Adicionar Carimbo' does: the birthday rule's gift
 * (method `birthday`, worth the rule's stamps) and the referral rules' stamps (method `referral`,
 * worth `worth`). Inside the caller's transaction; fails like a staff stamp (409 `card_complete`
 * when the open card is complete, `customer_inactive`). Returns the card and the stamps added.
 */
export async function addRuleStamps(
  tx: Db,
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
  await tx.insert(stamps).values({
    id: randomUUID(),
    cardId,
    companyId: membership.companyId,
    customerId: membership.customerId,
    method,
    count: added,
    status: "approved",
    approvedAt: sql`now()`,
  });
  return { cardId, added };
}

// ---------------------------------------------------------------------------------------------
// Claims: stamps a customer asks for, pending until the company approves or rejects them

/**
 * A customer's claim on one of their cards: a pending stamp worth nothing until approved, inside
 * the caller's transaction (the unique indexes refuse a second pending claim of the same kind on
 * the card, and a second Google review claim at the company). Returns its id.
 */
export async function createClaimStamp(
  tx: Db,
  claim: {
    cardId: string;
    companyId: string;
    customerId: string;
    method: StampMethod;
    fileId: string | null;
    network: string | null;
    link: string | null;
  },
): Promise<string> {
  const id = randomUUID();
  await tx.insert(stamps).values({
    id,
    ...claim,
    count: 0,
    status: "pending",
    claimed: true,
  });
  return id;
}

/** Locks one of the company's claims until the caller's transaction ends, or null. */
export async function lockClaimStamp(tx: Db, companyId: string, claimId: string) {
  const [claim] = await tx
    .select()
    .from(stamps)
    .where(and(eq(stamps.id, claimId), eq(stamps.companyId, companyId), eq(stamps.claimed, true)))
    .for("update");
  return claim ?? null;
}

/** The approved claim counts: the stamps it added to the card, who approved it and when. */
export async function approveClaimStamp(
  tx: Db,
  claimId: string,
  approval: { count: number; givenBy: string },
): Promise<void> {
  await tx
    .update(stamps)
    .set({
      status: "approved",
      count: approval.count,
      givenBy: approval.givenBy,
      approvedAt: sql`now()`,
      reviewedAt: sql`now()`,
    })
    .where(eq(stamps.id, claimId));
}

/**
 * Rejects one of the company's claims still pending, with the reason; false when none was (not the
 * company's, or already reviewed).
 */
export async function rejectClaimStamp(
  db: Db,
  companyId: string,
  claimId: string,
  rejection: { reason: string; givenBy: string },
): Promise<boolean> {
  const updated = await db
    .update(stamps)
    .set({
      status: "rejected",
      rejectionReason: rejection.reason,
      givenBy: rejection.givenBy,
      reviewedAt: sql`now()`,
    })
    .where(
      and(
        eq(stamps.id, claimId),
        eq(stamps.companyId, companyId),
        eq(stamps.claimed, true),
        eq(stamps.status, "pending"),
      ),
    )
    .returning({ id: stamps.id });
  return updated.length > 0;
}
