import type { AccountDeletion } from "@shared/privacy.schema";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { privacyRequests } from "./privacy.table";

/** The account's deletion asked for and still in its grace period, or null. */
export async function findPendingDeletion(db: Db, userId: string): Promise<AccountDeletion | null> {
  const [row] = await db
    .select({
      id: privacyRequests.id,
      requestedAt: privacyRequests.requestedAt,
      dueAt: privacyRequests.dueAt,
    })
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.userId, userId),
        eq(privacyRequests.kind, "delete_account"),
        eq(privacyRequests.state, "pending"),
      ),
    )
    .limit(1);
  if (!row?.dueAt) return null;
  return {
    id: row.id,
    requestedAt: row.requestedAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
  };
}
