import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { memberships } from "./memberships.table";

/** The customer's membership of the company (the company's record of them), or null. */
export async function findMembership(db: Db, companyId: string, customerId: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.customerId, customerId)))
    .limit(1);
  return row ?? null;
}

/**
 * Makes the customer a member of the company (flows/join-company.ts opens the card). Safe to
 * repeat and to race: the unique constraint decides, not a check in code. A partner company that
 * sent the customer (`partnerCompanyId`, checked by the caller) is recorded only on a membership
 * this call creates. `joined`: this call created it.
 */
export async function addMembership(
  db: Db,
  customerId: string,
  companyId: string,
  origin: string | null,
  partnerCompanyId: string | null,
): Promise<{ joined: boolean; membership: { id: string; companyId: string; customerId: string } }> {
  const inserted = await db
    .insert(memberships)
    .values({ id: randomUUID(), companyId, customerId, origin, partnerCompanyId })
    .onConflictDoNothing()
    .returning({ id: memberships.id });
  const [membership] = await db
    .select({
      id: memberships.id,
      companyId: memberships.companyId,
      customerId: memberships.customerId,
    })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.customerId, customerId)));
  return { joined: inserted.length > 0, membership: membership! };
}
