import { randomUUID } from "node:crypto";
import type { CustomerBonus, UseBonus } from "@shared/referrals.schema";
import { advisoryLock } from "../../db/advisory-lock";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { bonusBalance, findReferralPerson, getCustomerBonus } from "./referrals.queries";
import { bonusEntries } from "./referrals.table";

/**
 * 'Usar bônus' at the counter: takes `amountCents` off the member's balance, recorded with who and
 * when. The member's ledger is locked first, so two uses at once never take more than there is
 * (409 bonus_insufficient).
 */
export async function useBonus(
  db: Db,
  actor: CompanyActor,
  customerId: string,
  input: UseBonus,
): Promise<CustomerBonus> {
  await db.transaction(async (tx) => {
    const person = await findReferralPerson(tx, actor.companyId, customerId);
    if (!person?.membershipId) throw new AppError("not_found", 404, "Customer not found");
    await advisoryLock(tx, `bonus:${actor.companyId}:${customerId}`);
    const balance = await bonusBalance(tx, actor.companyId, customerId);
    if (input.amountCents > balance)
      throw new AppError("bonus_insufficient", 409, "The bonus balance is lower than the amount.");
    await tx.insert(bonusEntries).values({
      id: randomUUID(),
      companyId: actor.companyId,
      customerId,
      kind: "used",
      amountCents: -input.amountCents,
      byUserId: actor.userId,
      note: input.note || null,
    });
  });
  return getCustomerBonus(db, actor.companyId, customerId);
}
