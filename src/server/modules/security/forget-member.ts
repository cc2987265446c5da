import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { signInEvents } from "./security.table";

/**
 * An account deleted (issue 34): its sign-in history goes with the user row; attempts made with
 * its e-mail and no account (typos before signing up, someone trying the address) go too.
 */
export async function forgetSignInsByEmail(tx: Db, email: string): Promise<void> {
  await tx.delete(signInEvents).where(eq(signInEvents.email, email));
}
