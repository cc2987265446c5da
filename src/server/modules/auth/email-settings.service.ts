import type { CustomerEmailSettings } from "@shared/settings.schema";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CustomerActor } from "../../middleware/actor";
import { profiles } from "./profiles.table";

const columns = {
  replies: profiles.emailReplies,
  completedCards: profiles.emailCompletedCards,
  refusedClaims: profiles.emailRefusedClaims,
};

/** The customer's e-mail switches ('Avisos por e-mail'). */
export async function getCustomerEmailSettings(
  db: Db,
  actor: CustomerActor,
): Promise<CustomerEmailSettings> {
  const [row] = await db
    .select(columns)
    .from(profiles)
    .where(eq(profiles.id, actor.customerId))
    .limit(1);
  return row ?? { replies: true, completedCards: true, refusedClaims: true };
}

/** Saves the customer's e-mail switches; answers them as saved. */
export async function saveCustomerEmailSettings(
  db: Db,
  actor: CustomerActor,
  input: CustomerEmailSettings,
): Promise<CustomerEmailSettings> {
  const [row] = await db
    .update(profiles)
    .set({
      emailReplies: input.replies,
      emailCompletedCards: input.completedCards,
      emailRefusedClaims: input.refusedClaims,
      updatedAt: sql`now()`,
    })
    .where(eq(profiles.id, actor.customerId))
    .returning(columns);
  return row ?? input;
}
