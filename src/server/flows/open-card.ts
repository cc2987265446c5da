/**
 * Opening a card of another programme (flow: decision 022): the member (customers) and the
 * programme (programs) looked up within the company, the card opened (cards), in one transaction
 * opened here.
 */
import type { CompanyCard } from "@shared/cards.schema";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { getCompanyCard } from "../modules/cards/cards.queries";
import { openCard } from "../modules/cards/cards.service";
import { findMembership } from "../modules/customers/memberships.service";
import { findProgram } from "../modules/programs/programs.service";

/**
 * Staff open a card of another programme for a member (e.g. 'Barba' beside 'Corte de cabelo'):
 * the customer and the programme are looked up within the company (404 otherwise); a card already
 * open in that programme is 409 `card_already_open`, an archived programme 409 `program_archived`.
 */
export async function openCardForCustomer(
  db: Db,
  companyId: string,
  customerId: string,
  programId: string,
): Promise<CompanyCard> {
  return db.transaction(async (tx) => {
    // The company's membership of the customer, or 404 (another company's customer included).
    const membership = await findMembership(tx, companyId, customerId);
    if (!membership) throw new AppError("not_found", 404, "Customer not found");
    if (membership.status !== "active")
      throw new AppError("customer_inactive", 409, "The customer is inactive.");
    const program = await findProgram(tx, companyId, programId);
    const { cardId } = await openCard(tx, { membership, program }, { ifOpen: "refuse" });
    return getCompanyCard(tx, companyId, cardId);
  });
}
