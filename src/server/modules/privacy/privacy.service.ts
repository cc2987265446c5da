import { randomUUID } from "node:crypto";
import { ACCOUNT_DELETION_GRACE_DAYS } from "@shared/privacy.schema";
import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { consentRecords, privacyRequestCompanies, privacyRequests } from "./privacy.table";

/**
 * The privacy module's writes (issue 34): the data subjects' requests (what the companies'
 * 'Pedidos de titulares' lists) and the consent records. A platform module: the flows and the
 * modules that change a consent record it here, in their transaction.
 */

/** A request done at once (leaving a programme), touching these companies. */
export async function recordDoneRequest(
  tx: Db,
  kind: "leave",
  userId: string,
  companyIds: string[],
): Promise<string> {
  const id = randomUUID();
  await tx.insert(privacyRequests).values({
    id,
    kind,
    state: "done",
    userId,
    completedAt: sql`now()`,
  });
  await linkCompanies(tx, id, companyIds);
  return id;
}

/** The account's deletion asked for: pending for the grace period. */
export async function openDeletionRequest(tx: Db, userId: string, companyIds: string[]) {
  const id = randomUUID();
  const [row] = await tx
    .insert(privacyRequests)
    .values({
      id,
      kind: "delete_account",
      state: "pending",
      userId,
      dueAt: sql`now() + make_interval(days => ${ACCOUNT_DELETION_GRACE_DAYS})`,
    })
    .returning();
  await linkCompanies(tx, id, companyIds);
  return row!;
}

/** Cancels the user's pending deletion; true when there was one. */
export async function cancelDeletionRequest(tx: Db, userId: string): Promise<boolean> {
  const rows = await tx
    .update(privacyRequests)
    .set({ state: "cancelled", cancelledAt: sql`now()` })
    .where(
      and(
        eq(privacyRequests.userId, userId),
        eq(privacyRequests.kind, "delete_account"),
        eq(privacyRequests.state, "pending"),
      ),
    )
    .returning({ id: privacyRequests.id });
  return rows.length > 0;
}

/** Due deletions, locked one at a time by whoever takes them (the `account-deletions` job). */
export async function takeDueDeletion(tx: Db, now: Date) {
  const [row] = await tx
    .select({ id: privacyRequests.id, userId: privacyRequests.userId })
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.kind, "delete_account"),
        eq(privacyRequests.state, "pending"),
        lte(privacyRequests.dueAt, now),
      ),
    )
    .orderBy(privacyRequests.dueAt)
    .limit(1)
    .for("update", { skipLocked: true });
  return row ?? null;
}

/**
 * The deletion done: the request no longer names the person; the companies they belonged to at
 * the end are linked (those of the request plus any joined during the grace period).
 */
export async function completeDeletionRequest(
  tx: Db,
  request: { id: string; userId: string },
  companyIds: string[],
) {
  await linkCompanies(tx, request.id, companyIds);
  // Every request of the person (this one, programmes left) stops naming them.
  await tx
    .update(privacyRequests)
    .set({ userId: null })
    .where(eq(privacyRequests.userId, request.userId));
  await tx
    .update(privacyRequests)
    .set({ state: "done", completedAt: sql`now()` })
    .where(eq(privacyRequests.id, request.id));
}

async function linkCompanies(tx: Db, requestId: string, companyIds: string[]) {
  if (companyIds.length === 0) return;
  await tx
    .insert(privacyRequestCompanies)
    .values(companyIds.map((companyId) => ({ requestId, companyId })))
    .onConflictDoNothing();
}

/** A consent given or withdrawn, with its time. */
export async function recordConsent(
  tx: Db,
  input: {
    userId: string;
    kind: "marketing" | "push" | "wallet";
    granted: boolean;
    source: string;
    companyId?: string | null;
  },
) {
  await tx.insert(consentRecords).values({ id: randomUUID(), ...input });
}
