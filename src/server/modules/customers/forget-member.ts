import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customerImportRows } from "./imports.table";
import { customerInvitations } from "./invitations.table";
import { memberships } from "./memberships.table";

/**
 * The customers module's part of a member leaving a programme or deleting their account (issue
 * 34, flows/leave-program.ts): the membership is locked, then re-pointed to an `anon_…` id with the
 * company's own record of the person (phone, birthday, city, notes) blanked; the company's
 * invitations of that person and the import lines they came from lose every personal field.
 */

/** The member's live (not left) membership of the company, locked for the change; or null. */
export async function lockMembership(tx: Db, companyId: string, customerId: string) {
  const [row] = await tx
    .select({ id: memberships.id, companyId: memberships.companyId })
    .from(memberships)
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.customerId, customerId),
        ne(memberships.status, "left"),
      ),
    )
    .for("update")
    .limit(1);
  return row ?? null;
}

/** Every company the person is a member of (their live memberships). */
export async function listMemberCompanies(db: Db, customerId: string): Promise<string[]> {
  const rows = await db
    .select({ companyId: memberships.companyId })
    .from(memberships)
    .where(and(eq(memberships.customerId, customerId), ne(memberships.status, "left")));
  return rows.map((r) => r.companyId);
}

export async function anonymiseMembership(tx: Db, membershipId: string, anonId: string) {
  await tx
    .update(memberships)
    .set({
      customerId: anonId,
      status: "left",
      leftAt: sql`now()`,
      phone: null,
      birthDate: null,
      city: null,
      state: null,
      notes: null,
      updatedAt: sql`now()`,
    })
    .where(eq(memberships.id, membershipId));
}

/** The company's invitations of the person (what it typed in 'Novo Cliente' or imported). */
export async function forgetCompanyInvitations(tx: Db, companyId: string, userId: string) {
  const gone = await tx
    .delete(customerInvitations)
    .where(
      and(eq(customerInvitations.companyId, companyId), eq(customerInvitations.userId, userId)),
    )
    .returning({ id: customerInvitations.id });
  if (gone.length === 0) return;
  await tx
    .update(customerImportRows)
    .set({ name: null, email: null, phone: null, birthDate: null, city: null, state: null })
    .where(
      inArray(
        customerImportRows.invitationId,
        gone.map((g) => g.id),
      ),
    );
}

/**
 * The person corrected their own phone, birthday, city or state (issue 34, LGPD art. 18 III): the
 * companies' own copies of those fields ('Ver Detalhes' edits) give way, so every company sees the
 * correction.
 */
export async function dropMemberOverrides(
  tx: Db,
  customerId: string,
  fields: readonly ("phone" | "birthDate" | "city" | "state")[],
) {
  if (fields.length === 0) return;
  const cleared = Object.fromEntries(fields.map((f) => [f, null]));
  await tx
    .update(memberships)
    .set({ ...cleared, updatedAt: sql`now()` })
    .where(eq(memberships.customerId, customerId));
}
