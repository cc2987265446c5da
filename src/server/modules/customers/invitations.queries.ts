import type { MyInvitation } from "@shared/customers.schema";
import type { Db } from "../../db/client";
import { findUser } from "../auth/auth.queries";
import { listInvitationsWaitingFor } from "./customers.queries";

/**
 * The invitations a customer sees (read only; the writes are in invitations.service.ts).
 */

/** The signed-in user's e-mail when it is verified (invitations are addressed to e-mails). */
export async function verifiedEmail(db: Db, userId: string): Promise<string | null> {
  const user = await findUser(db, userId);
  return user?.emailVerified ? user.email : null;
}

/**
 * /dashboard-cliente: invitations waiting for the customer, addressed to their verified e-mail,
 * from companies they are not a member of yet, newest first.
 */
export async function listMyInvitations(db: Db, customerId: string): Promise<MyInvitation[]> {
  const email = await verifiedEmail(db, customerId);
  if (!email) return [];
  const rows = await listInvitationsWaitingFor(db, email, customerId);
  // One per company (a company may have re-sent it).
  const seen = new Set<string>();
  return rows
    .filter((r) => !seen.has(r.companyId) && seen.add(r.companyId))
    .map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
    }));
}
