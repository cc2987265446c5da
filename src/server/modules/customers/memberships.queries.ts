import { and, eq, sql } from "drizzle-orm";
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

/**
 * A membership's status read beside its member's profile (an inner join, or a join on the
 * member's own id): a member who left is re-pointed to an `anon_…` id that names no profile
 * (issue 34), so such a read never sees 'left'.
 */
export const profileMemberStatus = sql<"active" | "inactive">`${memberships.status}`;
