import type { CompanyInvitation, MyInvitation } from "@shared/customers.schema";
import { and, desc, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { findUser } from "../auth/auth.queries";
import { listInvitationsWaitingFor } from "./customers.queries";
import { customerInvitations } from "./invitations.table";

/**
 * The invitations a customer and a company see (read only; the writes are in
 * invitations.service.ts).
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

/** Declined and expired invitations stay on the company's list this long after they expire. */
const LIST_KEEP_DAYS = 30;

export const toCompanyInvitation = (
  row: typeof customerInvitations.$inferSelect,
  now = new Date(),
): CompanyInvitation => ({
  id: row.id,
  name: row.name ?? "",
  email: row.email,
  phone: row.phone,
  birthDate: row.birthDate,
  city: row.city,
  state: row.state,
  status: row.declinedAt
    ? "declined"
    : row.sentAt === null && !row.shortCode
      ? "scheduled"
      : row.expiresAt <= now
        ? "expired"
        : "pending",
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  stamps: row.pendingStamps,
  importId: row.importId,
  code: row.shortCode ? `${row.shortCode.slice(0, 4)}-${row.shortCode.slice(4)}` : null,
});

/** /clientes 'Convites pendentes': the company's invitations not accepted yet, newest first. */
export async function listCompanyInvitations(
  db: Db,
  companyId: string,
): Promise<CompanyInvitation[]> {
  const rows = await db
    .select()
    .from(customerInvitations)
    .where(
      and(
        eq(customerInvitations.companyId, companyId),
        isNull(customerInvitations.userId),
        // A phone-only import row has a short code in place of an e-mail.
        or(isNotNull(customerInvitations.email), isNotNull(customerInvitations.shortCode)),
        isNull(customerInvitations.acceptedAt),
        gt(customerInvitations.expiresAt, sql`now() - make_interval(days => ${LIST_KEEP_DAYS})`),
      ),
    )
    .orderBy(desc(customerInvitations.createdAt), desc(customerInvitations.id))
    .limit(50);
  const now = new Date();
  return rows.map((r) => toCompanyInvitation(r, now));
}
