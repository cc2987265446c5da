import type { CustomerProfile } from "@shared/auth.schema";
import type { Db } from "../db/client";
import type { CustomerActor } from "../middleware/actor";
import { saveCustomerProfile } from "../modules/auth/customer-profile.service";
import { dropMemberOverrides } from "../modules/customers/forget-member";

const OVERRIDABLE = ["phone", "birthDate", "city", "state"] as const;

/**
 * 'Corrigir meus dados' (issue 34, LGPD art. 18 III): the person's own profile (auth), and the
 * companies' own copies of each field they changed (customers), in one transaction, so every
 * company's list, details and exports show the correction.
 */
export async function correctProfile(
  db: Db,
  actor: CustomerActor,
  input: CustomerProfile,
): Promise<CustomerProfile> {
  return db.transaction(async (tx) => {
    const { profile, changed } = await saveCustomerProfile(tx, actor, input);
    await dropMemberOverrides(
      tx,
      actor.customerId,
      OVERRIDABLE.filter((f) => changed.includes(f)),
    );
    return profile;
  });
}
