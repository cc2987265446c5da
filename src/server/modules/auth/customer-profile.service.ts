import type { CustomerProfile } from "@shared/auth.schema";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CustomerActor } from "../../middleware/actor";
import { profiles } from "./profiles.table";

const columns = { city: profiles.city, state: profiles.state };

/** 'Meus dados': the customer's own city and state ('' when not filled in). */
export async function getCustomerProfile(db: Db, actor: CustomerActor): Promise<CustomerProfile> {
  const [row] = await db
    .select(columns)
    .from(profiles)
    .where(eq(profiles.id, actor.customerId))
    .limit(1);
  return { city: row?.city ?? "", state: row?.state ?? "" };
}

/** Saves the customer's own city and state (an empty one clears it); answers them as saved. */
export async function saveCustomerProfile(
  db: Db,
  actor: CustomerActor,
  input: CustomerProfile,
): Promise<CustomerProfile> {
  const [row] = await db
    .update(profiles)
    .set({ city: input.city || null, state: input.state || null, updatedAt: sql`now()` })
    .where(eq(profiles.id, actor.customerId))
    .returning(columns);
  return { city: row?.city ?? "", state: row?.state ?? "" };
}
