import { randomUUID } from "node:crypto";
import { and, asc, eq, ilike, ne, or } from "drizzle-orm";
import type { CompanyCustomer } from "../../../shared/loyalty.schema";
import type { Db } from "../../db/client";
import { containsPattern } from "../../db/like";
import { profiles } from "../accounts/profiles.table";
import { listOpenCards } from "../cards/cards.service";
import { loyaltyCards } from "../cards/cards.table";
import { findDefaultProgram } from "../programs/programs.service";
import { memberships } from "./memberships.table";

/**
 * Makes the customer a member of the company holding an open card in its default programme.
 * Safe to repeat and to race: the unique constraints decide, not a check in code.
 */
export async function joinCompany(
  db: Db,
  customerId: string,
  companyId: string,
  origin: string | null,
): Promise<{ joined: boolean; cardId: string }> {
  const inserted = await db
    .insert(memberships)
    .values({ id: randomUUID(), companyId, customerId, origin })
    .onConflictDoNothing()
    .returning({ id: memberships.id });
  const [membership] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.customerId, customerId)));
  const program = await findDefaultProgram(db, companyId);
  const cardId = await openCard(
    db,
    { membershipId: membership!.id, companyId, customerId },
    program,
  );
  return { joined: inserted.length > 0, cardId };
}

/** The membership's open (active or complete) card in `program`, opening a new one when none is. */
export async function openCard(
  db: Db,
  member: { membershipId: string; companyId: string; customerId: string },
  program: { id: string; stampsRequired: number },
): Promise<string> {
  await db
    .insert(loyaltyCards)
    .values({
      id: randomUUID(),
      ...member,
      programId: program.id,
      maxStamps: program.stampsRequired,
    })
    .onConflictDoNothing();
  const [card] = await db
    .select({ id: loyaltyCards.id })
    .from(loyaltyCards)
    .where(
      and(
        eq(loyaltyCards.membershipId, member.membershipId),
        eq(loyaltyCards.programId, program.id),
        ne(loyaltyCards.status, "redeemed"),
      ),
    );
  return card!.id;
}

export async function findMembership(db: Db, companyId: string, customerId: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.customerId, customerId)))
    .limit(1);
  return row ?? null;
}

/** The add-stamp search: the company's active members by name, e-mail or phone, with their open card. */
export async function findCompanyCustomers(
  db: Db,
  companyId: string,
  options: { search?: string; limit?: number } = {},
): Promise<CompanyCustomer[]> {
  const search = options.search?.trim();
  const pattern = search ? containsPattern(search) : undefined;
  const rows = await db
    .select({ id: profiles.id, name: profiles.name, email: profiles.email, phone: profiles.phone })
    .from(memberships)
    .innerJoin(profiles, eq(profiles.id, memberships.customerId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.status, "active"),
        pattern
          ? or(
              ilike(profiles.name, pattern),
              ilike(profiles.email, pattern),
              ilike(profiles.phone, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(asc(profiles.name))
    .limit(options.limit ?? 20);
  const cards = await listOpenCards(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, openCard: cards.find((c) => c.customerId === r.id) ?? null }));
}
