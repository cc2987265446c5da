import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bonusEntries, referrals } from "./referrals.table";

/**
 * A member who left (issue 34): their referrals in that company (as the friend or the one who
 * brought them) and their cash bonus ledger stay for the company's counts, re-pointed to the
 * membership's `anon_…` id; the friend's sign-up IP address goes.
 */
export async function anonymiseMemberReferrals(
  tx: Db,
  companyId: string,
  customerId: string,
  anonId: string,
): Promise<void> {
  await tx
    .update(referrals)
    .set({ referrerId: anonId })
    .where(and(eq(referrals.companyId, companyId), eq(referrals.referrerId, customerId)));
  await tx
    .update(referrals)
    .set({ referredId: anonId, ipAddress: null })
    .where(and(eq(referrals.companyId, companyId), eq(referrals.referredId, customerId)));
  await tx
    .update(bonusEntries)
    .set({ customerId: anonId, note: null })
    .where(and(eq(bonusEntries.companyId, companyId), eq(bonusEntries.customerId, customerId)));
}
