/** The push module's read model: who may be told what, and the names a notice shows. */
import { and, arrayContains, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";
import { companyMembers } from "../team/team.table";
import { pushSubscriptions } from "./push.table";

/** A user's role ('customer' or 'admin'), language and team membership; null: no profile. */
export async function findPushUser(db: Db, userId: string) {
  const [row] = await db
    .select({
      role: profiles.role,
      language: profiles.language,
      memberRole: companyMembers.role,
    })
    .from(profiles)
    .leftJoin(companyMembers, eq(companyMembers.userId, profiles.id))
    .where(eq(profiles.id, userId))
    .limit(1);
  return row ?? null;
}

/** The ids of `userIds`' subscriptions with `kind` switched on. */
export async function findSubscriptionIds(
  db: Pick<Db, "select">,
  userIds: readonly string[],
  kind: string,
): Promise<{ id: string; userId: string }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(
      and(
        userIds.length === 1
          ? eq(pushSubscriptions.userId, userIds[0] as string)
          : inArray(pushSubscriptions.userId, [...userIds]),
        arrayContains(pushSubscriptions.kinds, [kind]),
      ),
    );
}

/** The subscriptions of a company's members whose role is one of `roles`, with `kind` on. */
export async function findMemberSubscriptionIds(
  db: Pick<Db, "select">,
  companyId: string,
  roles: readonly string[],
  kind: string,
): Promise<{ id: string; userId: string }[]> {
  return db
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .innerJoin(companyMembers, eq(companyMembers.userId, pushSubscriptions.userId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        inArray(companyMembers.role, roles as never[]),
        arrayContains(pushSubscriptions.kinds, [kind]),
      ),
    );
}

export async function findProfileName(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return row?.name ?? null;
}

export async function findCompanyName(db: Db, companyId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: companies.tradeName })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.name ?? null;
}
