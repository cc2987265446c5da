import type { CustomerActivity } from "@shared/cards.schema";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { profiles } from "../auth/profiles.table";
import { memberships } from "../customers/memberships.table";
import { apiKeys } from "../integrations/integrations.table";
import { programs } from "../programs/programs.table";
import { stamps } from "../stamps/stamps.table";
import { loyaltyCards } from "./cards.table";

/**
 * Who did what on a customer's cards (issue 30: "por Ana"): the read model of 'Ver Detalhes' on
 * /clientes and of a card's redemption. Stamps name their giver (or the claim's reviewer), a
 * redemption its redeemer; names are the team members' profile names.
 */

const staff = alias(profiles, "staff");

/**
 * The customer's latest stamps (given, claimed, approved or refused) and redemptions at the
 * company, newest first, at most `limit`. 404 when the customer is not the company's member.
 */
export async function listCustomerActivity(
  db: Db,
  companyId: string,
  customerId: string,
  limit: number,
): Promise<CustomerActivity[]> {
  const [member] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.customerId, customerId)))
    .limit(1);
  if (!member) throw new AppError("not_found", 404, "Customer not found");

  const [given, redeemed] = await Promise.all([
    db
      .select({
        stamp: stamps,
        programName: programs.name,
        // A team member's name, or "via <key name>" for the public API's stamps.
        byName: sql<string | null>`coalesce(${staff.name}, 'via ' || ${apiKeys.name})`,
      })
      .from(stamps)
      .innerJoin(loyaltyCards, eq(loyaltyCards.id, stamps.cardId))
      .innerJoin(programs, eq(programs.id, loyaltyCards.programId))
      .leftJoin(staff, eq(staff.id, stamps.givenBy))
      .leftJoin(apiKeys, eq(apiKeys.id, stamps.apiKeyId))
      .where(and(eq(stamps.companyId, companyId), eq(stamps.customerId, customerId)))
      .orderBy(desc(stamps.createdAt), desc(stamps.id))
      .limit(limit),
    db
      .select({
        id: loyaltyCards.id,
        at: loyaltyCards.redeemedAt,
        stamps: loyaltyCards.stamps,
        programName: programs.name,
        byName: sql<string | null>`coalesce(${staff.name}, 'via ' || ${apiKeys.name})`,
      })
      .from(loyaltyCards)
      .innerJoin(programs, eq(programs.id, loyaltyCards.programId))
      .leftJoin(staff, eq(staff.id, loyaltyCards.redeemedBy))
      .leftJoin(apiKeys, eq(apiKeys.id, loyaltyCards.redeemedByKeyId))
      .where(
        and(
          eq(loyaltyCards.companyId, companyId),
          eq(loyaltyCards.customerId, customerId),
          isNotNull(loyaltyCards.redeemedAt),
        ),
      )
      .orderBy(desc(loyaltyCards.redeemedAt))
      .limit(limit),
  ]);

  const events: CustomerActivity[] = [
    ...given.map(({ stamp, programName, byName }) => ({
      id: stamp.id,
      kind: "stamp" as const,
      // A claim is shown when it was decided (or asked, while it waits).
      at: (stamp.reviewedAt ?? stamp.createdAt).toISOString(),
      programName,
      method: stamp.method,
      count: stamp.count,
      status: stamp.status,
      byName,
      selfService: stamp.selfService,
      overrideReason: stamp.overrideReason,
    })),
    ...redeemed.map((card) => ({
      id: `redemption-${card.id}`,
      kind: "redemption" as const,
      at: card.at!.toISOString(),
      programName: card.programName,
      method: null,
      count: card.stamps,
      status: null,
      byName: card.byName,
      selfService: false,
      overrideReason: null,
    })),
  ];
  return events.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, limit);
}

/**
 * Who redeemed one of the company's cards: the team member's name, or "via <key name>" through the
 * public API (null: not redeemed).
 */
export async function findRedeemerName(
  db: Db,
  companyId: string,
  cardId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ name: sql<string | null>`coalesce(${staff.name}, 'via ' || ${apiKeys.name})` })
    .from(loyaltyCards)
    .leftJoin(staff, eq(staff.id, loyaltyCards.redeemedBy))
    .leftJoin(apiKeys, eq(apiKeys.id, loyaltyCards.redeemedByKeyId))
    .where(and(eq(loyaltyCards.id, cardId), eq(loyaltyCards.companyId, companyId)))
    .limit(1);
  return row?.name ?? null;
}
