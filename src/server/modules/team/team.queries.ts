import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companyMembers } from "./team.table";

/**
 * The team module's read model: a user's place in a company's team, as other modules read it
 * (read only; the writes are in team.service.ts).
 */

/** The company whose team the user is in, their role and shop; null outside any team. */
export async function findMembership(db: Db, userId: string) {
  const [row] = await db
    .select({
      companyId: companyMembers.companyId,
      role: companyMembers.role,
      locationId: companyMembers.locationId,
    })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId))
    .limit(1);
  return row ?? null;
}
