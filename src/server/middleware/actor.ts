import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { profiles } from "../modules/auth/profiles.table";
import { companies } from "../modules/companies/companies.table";
import type { SessionUser } from "./session";

/** A signed-in admin acting for their company: every company query is scoped by `companyId`. */
export type CompanyActor = { userId: string; companyId: string };
/** A signed-in customer: every customer query is scoped by `customerId`. */
export type CustomerActor = { customerId: string };

export async function requireCompanyActor(db: Db, user: SessionUser | null): Promise<CompanyActor> {
  if (!user) throw new AppError("unauthenticated", 401, "Sign in first.");
  const companyId = await ownedCompanyId(db, user);
  if (!companyId) throw new AppError("forbidden", 403, "Only a company account can do this.");
  return { userId: user.id, companyId };
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

// The session loader reads the company and role with the session (one query per request instead
// of two); a user object without them, e.g. from better-auth's own path, is looked up here.

async function ownedCompanyId(db: Db, user: SessionUser): Promise<string | null> {
  if (user.companyId !== undefined) return user.companyId;
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.ownerId, user.id))
    .limit(1);
  return company?.id ?? null;
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
