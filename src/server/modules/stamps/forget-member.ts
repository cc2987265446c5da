import { and, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { stamps } from "./stamps.table";

/**
 * A member who left (issue 34): their stamps become anonymous rows (the reports' roll-ups follow
 * the new id through the stamps trigger, so the totals stay), without the notes, the social post's
 * link or the refusal's reason. Answers the ids of the receipts they uploaded (to be deleted).
 */
export async function anonymiseCardStamps(
  tx: Db,
  cardIds: string[],
  anonId: string,
): Promise<string[]> {
  if (cardIds.length === 0) return [];
  const files = await tx
    .select({ fileId: stamps.fileId })
    .from(stamps)
    .where(and(inArray(stamps.cardId, cardIds), isNotNull(stamps.fileId)));
  await tx
    .update(stamps)
    .set({ customerId: anonId, notes: null, link: null, rejectionReason: null, fileId: null })
    .where(inArray(stamps.cardId, cardIds));
  return files.flatMap((r) => (r.fileId ? [r.fileId] : []));
}
