import { can, type MemberRole, type Permission } from "@shared/team-permissions";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { profiles } from "../modules/auth/profiles.table";
import { findMembership } from "../modules/team/team.queries";
import type { SessionUser } from "./session";

/**
 * A signed-in member of a company's team acting for it: every company query is scoped by
 * `companyId`; `role` is what the permission table (src/shared/team.schema.ts) allowed.
 */
export type CompanyActor = {
  userId: string;
  companyId: string;
  role: MemberRole;
  /** The member's shop (null: any, or none listed). */
  locationId: string | null;
  /**
   * The public API's key acting for the company (issue 33; role `attendant`, `userId` the key's
   * id): its writes record the key, shown as "via <key name>", and no team member.
   */
  apiKeyId?: string;
};
/** A signed-in customer: every customer query is scoped by `customerId`. */
export type CustomerActor = { customerId: string };

/**
 * The session's team member, if their role has `permission` (PERMISSIONS in
 * src/shared/team.schema.ts): 401 without a session, 403 `forbidden` for an account outside any
 * company's team, 403 `role_forbidden` for a member whose role does not allow it.
 */
export async function requireCompanyActor(
  db: Db,
  user: SessionUser | null,
  permission: Permission,
): Promise<CompanyActor> {
  if (!user) throw new AppError("unauthenticated", 401, "Sign in first.");
  const member = await membership(db, user);
  if (!member) throw new AppError("forbidden", 403, "Only a company account can do this.");
  if (!can(member.role, permission)) {
    throw new AppError("role_forbidden", 403, `The ${member.role} role cannot do this.`);
  }
  return { userId: user.id, ...member };
}

export async function requireCustomerActor(
  db: Db,
  user: SessionUser | null,
): Promise<CustomerActor> {
  if (!user) throw new AppError("unauthenticated", 401, "Sign in first.");
  if ((await profileRole(db, user)) !== "customer")
    throw new AppError("forbidden", 403, "Only a customer account can do this.");
  return { customerId: user.id };
}

// The session loader reads the membership and role with the session (one query per request
// instead of two); a user object without them, e.g. from better-auth's own path, is looked up here.

async function membership(db: Db, user: SessionUser) {
  if (user.companyId !== undefined && user.memberRole !== undefined) {
    return user.companyId && user.memberRole
      ? { companyId: user.companyId, role: user.memberRole, locationId: user.locationId ?? null }
      : null;
  }
  return findMembership(db, user.id);
}

async function profileRole(db: Db, user: SessionUser): Promise<SessionUser["role"]> {
  if (user.role !== undefined) return user.role;
  const [profile] = await db
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, user.id))
    .limit(1);
  return profile?.role ?? null;
}
