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
import { getCustomerDetails, getCustomerRow, isCustomerId } from "./customers.queries";
import { findMembership } from "./memberships.service";
import { memberships } from "./memberships.table";

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
