import { and, eq } from "drizzle-orm";
import type { Auth } from "../../auth";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { accounts, users } from "./auth.table";
import { profiles } from "./profiles.table";

/**
 * The auth module's part of 'Excluir minha conta' (issue 34): the password that confirms it, and
 * the account's removal at the end of the grace period (the profile, sessions, password, 2FA,
 * sign-in history, push devices, consent records and downloads go with the user row).
 */

/**
 * The signed-in person's password, asked again before something that cannot be undone by mistake
 * ('Excluir minha conta', 'Fechar conta'): 401 `wrong_password` when it is not the account's.
 */
export async function confirmPassword(db: Db, auth: Auth, userId: string, password: string) {
  if (!(await passwordMatches(db, auth, userId, password))) {
    throw new AppError("wrong_password", 401, "The password is wrong.");
  }
}

/** Whether `password` is the account's password (false without one). */
async function passwordMatches(
  db: Db,
  auth: Auth,
  userId: string,
  password: string,
): Promise<boolean> {
  const [row] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  if (!row?.hash) return false;
  const ctx = await auth.$context;
  return ctx.password.verify({ hash: row.hash, password });
}

/** The customer's name, e-mail and language for the deletion's e-mail; null if gone. */
export async function findCustomerContact(db: Db, userId: string) {
  const [row] = await db
    .select({ name: profiles.name, email: profiles.email, language: profiles.language })
    .from(profiles)
    .where(and(eq(profiles.id, userId), eq(profiles.role, "customer")))
    .limit(1);
  return row ?? null;
}

/** Removes a customer's account for good (a company owner's goes with their company's closing). */
export async function removeCustomerUser(tx: Db, userId: string): Promise<void> {
  const [profile] = await tx
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  if (profile && profile.role !== "customer") return;
  // Whom the person brought to Carimbou keep their account, no longer pointing at them.
  await tx
    .update(profiles)
    .set({ referrerCustomerId: null })
    .where(eq(profiles.referrerCustomerId, userId));
  await tx.delete(users).where(eq(users.id, userId));
}

/** 'Meus dados' → wallet passes kept updated, on or off (the consent is recorded by the caller). */
export async function setWalletUpdates(tx: Db, userId: string, enabled: boolean): Promise<void> {
  await tx.update(profiles).set({ walletUpdates: enabled }).where(eq(profiles.id, userId));
}
