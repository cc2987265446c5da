import type { Me } from "@shared/auth.schema";
import type { StoredAppearance } from "@shared/settings.schema";
import { memberHome } from "@shared/team-permissions";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { findCompanySummary } from "../companies/companies.queries";
import { findPendingDeletion } from "../privacy/privacy.queries";
import { findMembership } from "../team/team.queries";
import { accounts, users } from "./auth.table";
import { profiles } from "./profiles.table";

/**
 * The auth module's read model: a user, an account by e-mail and the appearance as other modules
 * read them (read only; the writes are in users.service.ts and better-auth).
 */

/** A user's name, e-mail and whether it is verified and has 2FA on, or null. */
export async function findUser(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The id of the account with this e-mail, or null. */
export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row?.id ?? null;
}

/** The account behind an e-mail: its id, name and whether it has a password; null without one. */
export async function findAccountByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, password: accounts.id })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .where(eq(users.email, email))
    .limit(1);
  return row ? { id: row.id, name: row.name, hasPassword: Boolean(row.password) } : null;
}

/** The user's theme and language (null until chosen), or null without a profile. */
export async function findAppearance(db: Db, userId: string): Promise<StoredAppearance | null> {
  const [row] = await db
    .select({ theme: profiles.theme, language: profiles.language })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return row ?? null;
}

/** GET /api/me: the signed-in user, their profile and, for an owner, their company. */
export async function findMe(db: Db, userId: string): Promise<Me | null> {
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const { user, profile } = row;
  return {
    user: { id: user.id, email: user.email, emailVerified: user.emailVerified },
    profile: {
      id: profile.id,
      role: profile.role,
      name: profile.name,
      email: profile.email,
      phone: profile.phone,
      city: profile.city,
      state: profile.state,
      birthDate: profile.birthDate,
      origin: profile.origin,
    },
    ...(await memberAndCompany(db, profile.role === "admin" ? user.id : null)),
    deletionDueAt: (await findPendingDeletion(db, user.id))?.dueAt ?? null,
  };
}

/** The team membership of an admin account and its company (both null for customers). */
async function memberAndCompany(
  db: Db,
  adminId: string | null,
): Promise<Pick<Me, "company" | "member">> {
  const member = adminId ? await findMembership(db, adminId) : null;
  if (!member) return { company: null, member: null };
  return {
    company: await findCompanySummary(db, member.companyId),
    member: { role: member.role, locationId: member.locationId, home: memberHome(member.role) },
  };
}
