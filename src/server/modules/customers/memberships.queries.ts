import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { memberships } from "./memberships.table";

/**
 * Whether the customer is an active member of the company: the offline counter's sync and the
 * public API's member routes.
 */
export async function isActiveMember(
  db: Db,
  companyId: string,
  customerId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.customerId, customerId),
        eq(memberships.status, "active"),
      ),
    )
    .limit(1);
  return row !== undefined;
}
