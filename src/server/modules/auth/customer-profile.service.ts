import type { CustomerProfile } from "@shared/auth.schema";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CustomerActor } from "../../middleware/actor";
import { users } from "./auth.table";
import { profiles } from "./profiles.table";

const columns = {
  name: profiles.name,
  phone: profiles.phone,
  birthDate: profiles.birthDate,
  city: profiles.city,
  state: profiles.state,
};

type Row = { [K in keyof typeof columns]: string | null };

const answer = (row: Row | undefined): CustomerProfile => ({
  name: row?.name ?? "",
  phone: row?.phone ?? "",
  birthDate: row?.birthDate ?? "",
  city: row?.city ?? "",
  state: row?.state ?? "",
});

/** 'Meus dados': the customer's own name, phone, birthday, city and state ('' when not filled in). */
export async function getCustomerProfile(db: Db, actor: CustomerActor): Promise<CustomerProfile> {
  const [row] = await db
    .select(columns)
    .from(profiles)
    .where(eq(profiles.id, actor.customerId))
    .limit(1);
  return answer(row);
}

/**
 * Saves the customer's own fields (an empty optional one clears it) and answers them as saved,
 * with the fields that changed (flows/correct-profile.ts takes the companies' own copies of those
 * away, so the correction reaches every company's view).
 */
export async function saveCustomerProfile(
  tx: Db,
  actor: CustomerActor,
  input: CustomerProfile,
): Promise<{ profile: CustomerProfile; changed: (keyof CustomerProfile)[] }> {
  const before = answer(
    (
      await tx
        .select(columns)
        .from(profiles)
        .where(eq(profiles.id, actor.customerId))
        .for("update")
        .limit(1)
    )[0],
  );
  const [row] = await tx
    .update(profiles)
    .set({
      name: input.name,
      phone: input.phone || null,
      birthDate: input.birthDate || null,
      city: input.city || null,
      state: input.state || null,
      updatedAt: sql`now()`,
    })
    .where(eq(profiles.id, actor.customerId))
    .returning(columns);
  await tx.update(users).set({ name: input.name }).where(eq(users.id, actor.customerId));
  const profile = answer(row);
  const changed = (Object.keys(profile) as (keyof CustomerProfile)[]).filter(
    (key) => profile[key] !== before[key],
  );
  return { profile, changed };
}
