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
