/** The wallet's read model: a card as its pass shows it (card, programme, company, customer). */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../auth/profiles.table";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { programs } from "../programs/programs.table";
import type { WalletCard } from "./google-wallet";

/**
 * One card as its pass shows it, and whether its holder keeps their passes updated (issue 34);
 * with `customerId`, only when it is that customer's. Null: none (or anonymised).
 */
export async function findWalletCard(
  db: Db,
  cardId: string,
  customerId?: string,
): Promise<(WalletCard & { walletUpdates: boolean }) | null> {
  const [row] = await db
    .select({
      cardId: loyaltyCards.id,
      programId: loyaltyCards.programId,
      programName: programs.name,
      reward: loyaltyCards.reward,
      stamps: loyaltyCards.stamps,
      maxStamps: loyaltyCards.maxStamps,
      status: loyaltyCards.status,
      companyId: loyaltyCards.companyId,
      companyName: companies.tradeName,
      brandColor: companies.brandColor,
      logoUrl: companies.logoUrl,
      customerId: loyaltyCards.customerId,
      customerName: profiles.name,
      counterCode: profiles.counterCode,
      walletUpdates: profiles.walletUpdates,
    })
    .from(loyaltyCards)
    .innerJoin(programs, eq(programs.id, loyaltyCards.programId))
    .innerJoin(companies, eq(companies.id, loyaltyCards.companyId))
    .innerJoin(profiles, eq(profiles.id, loyaltyCards.customerId))
    .where(
      and(
        eq(loyaltyCards.id, cardId),
        customerId ? eq(loyaltyCards.customerId, customerId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Whether the card's holder keeps their wallet passes updated ('Meus dados' → 'Consentimentos',
 * issue 34). False for a card that names no one (anonymised) or no card.
 */
export async function walletUpdatesOn(db: Db, cardId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: profiles.walletUpdates })
    .from(loyaltyCards)
    .innerJoin(profiles, eq(profiles.id, loyaltyCards.customerId))
    .where(eq(loyaltyCards.id, cardId))
    .limit(1);
  return row?.on ?? false;
}
