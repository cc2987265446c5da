/**
 * An import's short invitation codes on /convite (public): a phone-only row's code (printed at the
 * counter or sent by WhatsApp) names the inviting company and the stamps waiting, nothing about
 * the person; a signed-in customer accepts it (flows/accept-invitation.ts `acceptByCode`) or
 * anyone holding it declines it. An unknown, used or expired code is one answer: 404
 * `invitation_code_invalid`.
 */
import { type InvitationCodeInfo, InvitationCodeSchema } from "@shared/customer-imports";
import type { InvitationAnswer } from "@shared/customers.schema";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import {
  declineInvitation,
  hashToken,
  type InvitationRow,
  invitingCompany,
} from "./invitations.service";
import { customerInvitations } from "./invitations.table";

export const invalidCode = () =>
  new AppError("invitation_code_invalid", 404, "The code is invalid, expired or already used.");

/** The code as stored (upper case, no dash), or a 404 for anything that cannot be one. */
export function normalizeCode(typed: string): string {
  const parsed = InvitationCodeSchema.safeParse(typed);
  if (!parsed.success) throw invalidCode();
  return parsed.data;
}

/** SQL: the waiting (not answered, not expired) invitation of this code. */
const waitingCode = (code: string) =>
  and(
    eq(customerInvitations.tokenHash, hashToken(code)),
    eq(customerInvitations.shortCode, code),
    isNull(customerInvitations.userId),
    isNull(customerInvitations.acceptedAt),
    isNull(customerInvitations.declinedAt),
    gt(customerInvitations.expiresAt, sql`now()`),
  );

/** GET /api/invitations/code/{code}: the company and the stamps waiting. */
export async function findByCode(db: Db, typed: string): Promise<InvitationCodeInfo> {
  const code = normalizeCode(typed);
  const [row] = await db
    .select({ companyId: customerInvitations.companyId, stamps: customerInvitations.pendingStamps })
    .from(customerInvitations)
    .where(waitingCode(code))
    .limit(1);
  if (!row) throw invalidCode();
  return { ...(await invitingCompany(db, row.companyId)), stamps: row.stamps };
}

/** Locks the code's waiting invitation inside the answering transaction; 404 otherwise. */
export async function lockByCode(tx: Db, typed: string): Promise<InvitationRow> {
  const code = normalizeCode(typed);
  const [row] = await tx.select().from(customerInvitations).where(waitingCode(code)).for("update");
  if (!row) throw invalidCode();
  return row;
}

/** Declines by the code (whoever holds it, as with an e-mailed link). */
export async function declineByCode(db: Db, typed: string): Promise<InvitationAnswer> {
  return db.transaction(async (tx) => declineInvitation(tx, await lockByCode(tx, typed)));
}
