import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { reusableQuery } from "../../db/prepared";
import { loyaltyCards } from "./cards.table";

/**
 * What the customer's open pages poll (decision 031): a fingerprint of their open cards (id,
 * stamps, status), which changes when a stamp lands, a card completes or is redeemed (it leaves
 * the open set), or a card opens. One statement by the customer's index (a handful of rows),
 * prepared once per connection.
 */
const openCardsFingerprint = reusableQuery("open_cards_fingerprint", (db) =>
  db
    .select({
      version: sql<string>`coalesce(md5(string_agg(${loyaltyCards.id} || ':' || ${loyaltyCards.stamps} || ':' || ${loyaltyCards.status}, ',' order by ${loyaltyCards.id})), '')`,
    })
    .from(loyaltyCards)
    .where(
      and(
        eq(loyaltyCards.customerId, sql.placeholder("customerId")),
        ne(loyaltyCards.status, "redeemed"),
      ),
    ),
);

export async function findCardsVersion(db: Db, customerId: string): Promise<string> {
  const [row] = await openCardsFingerprint(db, { customerId });
  return row?.version ?? "";
}
