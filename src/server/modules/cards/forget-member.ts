import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loyaltyCards } from "./cards.table";

/**
 * A member who left (issue 34): their cards of that membership stay for the company's counts
 * (rewards redeemed in a period), re-pointed to the membership's `anon_…` id; an unused voucher
 * code goes. Answers the cards' ids.
 */
export async function anonymiseMemberCards(
  tx: Db,
  membershipId: string,
  anonId: string,
): Promise<string[]> {
  const rows = await tx
    .update(loyaltyCards)
    .set({ customerId: anonId, redemptionCode: null })
    .where(eq(loyaltyCards.membershipId, membershipId))
    .returning({ id: loyaltyCards.id });
  return rows.map((r) => r.id);
}
