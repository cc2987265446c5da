import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { applePasses } from "./apple-wallet.table";

/**
 * Cards anonymised (issue 34): their Apple Wallet passes and every device registered for them go
 * (a device asking later gets 401: the pass is no longer served).
 */
export async function forgetCardPasses(tx: Db, cardIds: string[]) {
  if (cardIds.length === 0) return;
  await tx.delete(applePasses).where(inArray(applePasses.cardId, cardIds));
}

/**
 * Wallet updates switched off (issue 34): every device registered for the person's passes stops
 * getting them (the registrations go; the passes stay valid, frozen as they are).
 */
export async function forgetUserDevices(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`
    delete from apple_pass_registrations r using loyalty_cards lc
    where lc.id = r.card_id and lc.customer_id = ${userId}`);
}
