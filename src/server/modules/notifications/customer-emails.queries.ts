import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";

/**
 * Who a customer e-mail goes to (customer-emails.ts): the customer's address, name, language and
 * e-mail switches, with the company's trade name. Null when either is gone.
 */
export async function findCustomerEmailTarget(db: Db, customerId: string, companyId: string) {
  const [row] = await db
    .select({
      email: profiles.email,
      name: profiles.name,
      language: profiles.language,
      emailReplies: profiles.emailReplies,
      emailCompletedCards: profiles.emailCompletedCards,
      emailRefusedClaims: profiles.emailRefusedClaims,
      companyName: companies.tradeName,
    })
    .from(profiles)
    .innerJoin(companies, eq(companies.id, companyId))
    .where(and(eq(profiles.id, customerId), eq(profiles.role, "customer")))
    .limit(1);
  return row ?? null;
}
