import { randomUUID } from "node:crypto";
import type {
  CustomerCardSummary,
  CustomerDetails,
  CustomerRow,
  MembershipStatus,
  UpdateCustomerRecord,
} from "@shared/customers.schema";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { listCustomerCards } from "../cards/cards.queries";
import { openCard } from "../cards/cards.service";
import { findDefaultProgram } from "../programs/programs.service";
import { getCustomerDetails, getCustomerRow, isCustomerId } from "./customers.queries";
import { findMembership } from "./memberships.service";
import { memberships } from "./memberships.table";

/**
 * Makes the customer a member of the company holding an open card in its default programme.
 * Safe to repeat and to race: the unique constraints decide, not a check in code. A partner
 * company that sent the customer (`partnerCompanyId`, checked by the caller) is recorded only on
 * a membership this call creates.
 */
export async function joinCompany(
  db: Db,
  customerId: string,
  companyId: string,
  origin: string | null,
  options: { partnerCompanyId?: string | null } = {},
): Promise<{ joined: boolean; cardId: string }> {
  const partnerCompanyId = options.partnerCompanyId ?? null;
  const inserted = await db
    .insert(memberships)
    .values({ id: randomUUID(), companyId, customerId, origin, partnerCompanyId })
    .onConflictDoNothing()
    .returning({ id: memberships.id });
  const [membership] = await db
    .select({
      id: memberships.id,
      companyId: memberships.companyId,
      customerId: memberships.customerId,
    })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.customerId, customerId)));
  const program = await findDefaultProgram(db, companyId);
  // Opens the card with the default programme's size and reward (or finds the open one).
  const { cardId } = await openCard(db, { membership: membership!, program });
  return { joined: inserted.length > 0, cardId };
}

/**
 * Saves the company's own record of the customer (an empty field: as in the customer's profile).
 * The customer's account and profile are never changed.
 */
export async function updateCustomerRecord(
  db: Db,
  companyId: string,
  customerId: string,
  input: UpdateCustomerRecord,
): Promise<CustomerDetails> {
  if (!isCustomerId(customerId)) throw new AppError("not_found", 404, "Customer not found");
  const updated = await db
    .update(memberships)
    .set({
      phone: input.phone || null,
      birthDate: input.birthDate || null,
      city: input.city || null,
      state: input.state || null,
      notes: input.notes || null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(memberships.companyId, companyId), eq(memberships.customerId, customerId)))
    .returning({ id: memberships.id });
  if (updated.length === 0) throw new AppError("not_found", 404, "Customer not found");
  return getCustomerDetails(db, companyId, customerId);
}

/** The Ativo/Inativo toggle: an inactive customer leaves the add-stamp search and gets no stamps. */
export async function setCustomerStatus(
  db: Db,
  companyId: string,
  customerId: string,
  status: MembershipStatus,
): Promise<CustomerRow> {
  if (!isCustomerId(customerId)) throw new AppError("not_found", 404, "Customer not found");
  const updated = await db
    .update(memberships)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(memberships.companyId, companyId), eq(memberships.customerId, customerId)))
    .returning({ id: memberships.id });
  if (updated.length === 0) throw new AppError("not_found", 404, "Customer not found");
  return getCustomerRow(db, companyId, customerId);
}

/** 'Detalhes Cartões': the customer's cards at this company, newest first. */
export async function listCustomerCardSummaries(
  db: Db,
  companyId: string,
  customerId: string,
): Promise<CustomerCardSummary[]> {
  const membership = isCustomerId(customerId)
    ? await findMembership(db, companyId, customerId)
    : null;
  if (!membership) throw new AppError("not_found", 404, "Customer not found");
  const cards = await listCustomerCards(db, customerId, companyId);
  return cards.map((c) => ({
    id: c.id,
    programName: c.programName,
    reward: c.reward,
    stamps: c.stamps,
    maxStamps: c.maxStamps,
    status: c.status,
    createdAt: c.createdAt,
    redeemedAt: c.redeemedAt,
  }));
}
