import type { SandboxData } from "@shared/integrations.schema";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../auth/profiles.table";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { memberships } from "../customers/memberships.table";
import { programs } from "../programs/programs.table";
import { stamps } from "../stamps/stamps.table";
import { apiKeys } from "./integrations.table";

/** Sandbox stamps listed in 'Dados de teste'. */
export const SANDBOX_STAMPS_SHOWN = 20;
/** Sandbox members listed (a sandbox is for trying the API, not a second customer base). */
const SANDBOX_MEMBERS_SHOWN = 100;

/**
 * 'Dados de teste' (/integracoes): what the company's test keys made in its sandbox copy, read
 * apart from the live company's data.
 */
export async function findSandboxData(db: Db, liveCompanyId: string): Promise<SandboxData> {
  const [sandbox] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.sandboxOf, liveCompanyId))
    .limit(1);
  if (!sandbox) return { exists: false, members: [], stamps: [] };
  const members = await db
    .select({ id: profiles.id, name: profiles.name, email: profiles.email })
    .from(memberships)
    .innerJoin(profiles, eq(profiles.id, memberships.customerId))
    .where(eq(memberships.companyId, sandbox.id))
    .orderBy(asc(memberships.joinedAt), asc(memberships.id))
    .limit(SANDBOX_MEMBERS_SHOWN);
  const cards = members.length
    ? await db
        .select({
          id: loyaltyCards.id,
          customerId: loyaltyCards.customerId,
          programName: programs.name,
          stamps: loyaltyCards.stamps,
          maxStamps: loyaltyCards.maxStamps,
          status: loyaltyCards.status,
        })
        .from(loyaltyCards)
        .innerJoin(programs, eq(programs.id, loyaltyCards.programId))
        .where(
          and(
            eq(loyaltyCards.companyId, sandbox.id),
            inArray(
              loyaltyCards.customerId,
              members.map((m) => m.id),
            ),
          ),
        )
        .orderBy(asc(loyaltyCards.createdAt), asc(loyaltyCards.id))
    : [];
  const latest = await db
    .select({
      id: stamps.id,
      memberName: profiles.name,
      count: stamps.count,
      amountCents: stamps.amountCents,
      externalSaleId: stamps.externalSaleId,
      keyName: apiKeys.name,
      createdAt: stamps.createdAt,
    })
    .from(stamps)
    .innerJoin(profiles, eq(profiles.id, stamps.customerId))
    .leftJoin(apiKeys, eq(apiKeys.id, stamps.apiKeyId))
    .where(eq(stamps.companyId, sandbox.id))
    .orderBy(desc(stamps.createdAt), desc(stamps.id))
    .limit(SANDBOX_STAMPS_SHOWN);
  return {
    exists: true,
    members: members.map((member) => ({
      ...member,
      cards: cards
        .filter((card) => card.customerId === member.id)
        .map(({ customerId: _customerId, ...card }) => card),
    })),
    stamps: latest.map((stamp) => ({ ...stamp, createdAt: stamp.createdAt.toISOString() })),
  };
}
