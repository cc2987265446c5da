import { randomUUID } from "node:crypto";
import type { Appearance, StoredAppearance } from "@shared/settings.schema";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { findAccountByEmail } from "./auth.queries";
import { accounts, sessions, users } from "./auth.table";
import { profiles } from "./profiles.table";

/**
 * The auth module's rows (users, their password accounts and profiles) as other modules need
 * them: looked up, or changed through a named step. better-auth writes them on its own paths;
 * no other module writes them.
 */

const emailTaken = () => new AppError("email_taken", 409, "This email is already registered.");

async function insertPasswordAccount(tx: Db, userId: string, passwordHash: string) {
  await tx.insert(accounts).values({
    id: randomUUID(),
    accountId: userId,
    providerId: "credential",
    userId,
    password: passwordHash,
  });
}

/**
 * A new user with a password account (better-auth's credential), inside the caller's transaction.
 * The profile is the caller's next step.
 */
export async function createUserWithPassword(
  tx: Db,
  input: { id: string; name: string; email: string; passwordHash: string },
): Promise<void> {
  await tx.insert(users).values({ id: input.id, name: input.name, email: input.email });
  await insertPasswordAccount(tx, input.id, input.passwordHash);
}

/**
 * Gives a user made without a password (the old 'Novo Cliente') its first one, inside the
 * caller's transaction: the password account and the e-mail marked verified (the invitation's
 * link reached it). Returns the e-mail, or null when the user already has a password (it is never
 * replaced this way).
 */
export async function setFirstPassword(
  tx: Db,
  userId: string,
  passwordHash: string,
): Promise<string | null> {
  const [hasPassword] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  if (hasPassword) return null;
  await insertPasswordAccount(tx, userId, passwordHash);
  const [user] = await tx
    .update(users)
    .set({ emailVerified: true, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  return user!.email;
}

/** What an invited person types on /convite to make their customer account. */
type InvitedCustomer = {
  email: string;
  passwordHash: string;
  name: string;
  phone: string | null;
  /** Optional since the short sign-up (issue 31): null when not given. */
  city: string | null;
  state: string | null;
  birthDate: string | null;
  /** The sign-up origin (and channel) recorded on a new profile. */
  origin: string;
  /** The inviting company (`originCompanyId` of a new profile). */
  companyId: string;
};

/**
 * The customer account of an invited person, inside the caller's transaction: a new user (e-mail
 * verified: the invitation's link reached it), profile and password; or, for an account the old
 * 'Novo Cliente' made that never got a password, that account completed with the person's data
 * and password. An account with a password, or not a customer's, is 409 `email_taken`.
 * Returns the user's id.
 */
export async function signUpInvitedCustomer(tx: Db, input: InvitedCustomer): Promise<string> {
  const { email } = input;
  const own = {
    name: input.name,
    phone: input.phone,
    city: input.city,
    state: input.state,
    birthDate: input.birthDate,
  };
  const existing = await findAccountByEmail(tx, email);
  let userId: string;
  if (!existing) {
    userId = randomUUID();
    await tx.insert(users).values({ id: userId, name: input.name, email, emailVerified: true });
    await tx.insert(profiles).values({
      id: userId,
      role: "customer",
      email,
      ...own,
      origin: input.origin,
      originChannel: input.origin,
      originCompanyId: input.companyId,
    });
  } else {
    const [profile] = await tx
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.id, existing.id))
      .limit(1);
    if (existing.hasPassword || profile?.role !== "customer") throw emailTaken();
    userId = existing.id;
    await tx
      .update(users)
      .set({ name: input.name, emailVerified: true, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await tx.update(profiles).set(own).where(eq(profiles.id, userId));
  }
  await insertPasswordAccount(tx, userId, input.passwordHash);
  return userId;
}

/**
 * The account of a person invited to a company's team (/equipe/convite), inside the caller's
 * transaction: the user (e-mail verified: the invitation's link reached it), the password and an
 * `admin` profile. A taken e-mail is a unique violation the caller turns into 409. Returns the id.
 */
export async function createInvitedStaffAccount(
  tx: Db,
  input: { email: string; name: string; passwordHash: string },
): Promise<string> {
  const userId = randomUUID();
  const { email, name } = input;
  await tx.insert(users).values({ id: userId, name, email, emailVerified: true });
  await insertPasswordAccount(tx, userId, input.passwordHash);
  await tx.insert(profiles).values({ id: userId, role: "admin", name, email });
  return userId;
}

/** Ends every session of the user at once (their next request is 401). */
export async function endAllSessions(tx: Db, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Deletes a company owner's account once their company is gone ('Fechar conta', issue 34): the
 * user, and by cascade the password, sessions and profile. Only an admin profile (never a
 * customer's account); answers whether it was deleted.
 */
export async function deleteOwnerAccount(tx: Db, userId: string): Promise<boolean> {
  const [profile] = await tx
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  if (profile?.role !== "admin") return false;
  const gone = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return gone.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Appearance, kept on the profile (company owner or customer)

/** Keeps the user's theme and language; null without a profile. */
export async function updateAppearance(
  db: Db,
  userId: string,
  appearance: Appearance,
): Promise<StoredAppearance | null> {
  const [row] = await db
    .update(profiles)
    .set({ theme: appearance.theme, language: appearance.language, updatedAt: sql`now()` })
    .where(eq(profiles.id, userId))
    .returning({ theme: profiles.theme, language: profiles.language });
  return row ?? null;
}
