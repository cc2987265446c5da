import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { reportMemberTotals } from "./reports.table";

/**
 * A member's stamps re-pointed to an anonymous id (issue 34): the stamps trigger moved their worth
 * to the new id and left the old id's all-time total at 0; that empty row goes too.
 */
export async function dropEmptyMemberTotal(tx: Db, companyId: string, customerId: string) {
  await tx
    .delete(reportMemberTotals)
    .where(
      and(
        eq(reportMemberTotals.companyId, companyId),
        eq(reportMemberTotals.customerId, customerId),
        eq(reportMemberTotals.stamps, 0),
      ),
    );
}
