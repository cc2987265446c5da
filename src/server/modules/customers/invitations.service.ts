import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  type CompanyInvitation,
  type CreateCustomer,
  type CreatedInvitation,
  INVITATION_TTL_DAYS,
  INVITATIONS_PER_DAY,
  type Invitation,
  type InvitationAnswer,
} from "@shared/customers.schema";
import { and, desc, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Auth } from "../../auth";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { EMAIL_SEND_LIMITS, limitEmailSends } from "../../rate-limits";
import { findAccountByEmail, findUser } from "../auth/auth.queries";
import { findPublicCompany } from "../companies/companies.queries";
import { invitationEmail, type Mail, type Mailer } from "../mail/mail.service";
import { queueEmail } from "../mail/outbox";
import { awaitingAnswer } from "./customers.queries";
import { toCompanyInvitation } from "./invitations.queries";
import { customerInvitations } from "./invitations.table";
import { memberships } from "./memberships.table";

export type InvitationDeps = { db: Db; auth: Auth; mailer: Mailer; appUrl: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The e-mail send limits of an invitation: per company, a day's INVITATIONS_PER_DAY (in place of
 * the per-IP limit of the other e-mails), and the app-wide limit per recipient address.
 */
const INVITATION_SEND_LIMITS = {
  perSource: {
    bucket: "customer-invitation",
    max: INVITATIONS_PER_DAY,
    windowSeconds: 24 * 60 * 60,
  },
  perAddress: EMAIL_SEND_LIMITS.perAddress,
};

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The public page where an invited person answers the invitation. */
export const invitationUrl = (appUrl: string, token: string) =>
  `${appUrl}/convite?token=${encodeURIComponent(token)}`;

export const invalidInvitation = () =>
  new AppError("invitation_invalid", 404, "The invitation is invalid, expired or already used.");

export type InvitationRow = typeof customerInvitations.$inferSelect;

/** A fresh link: the token to e-mail, its hash to keep and its expiry. */
export function newLink() {
  const token = randomBytes(32).toString("base64url");
  return {
    token,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS),
  };
}

/** The invitation e-mail (the company's trade name read outside the transaction). */
async function invitationMail(
  deps: InvitationDeps,
  input: { to: string; companyId: string; token: string; stamps?: number },
): Promise<Mail> {
  const company = await findPublicCompany(deps.db, input.companyId, { includeSandbox: true });
  return invitationEmail({
    to: input.to,
    companyName: company?.tradeName ?? "Uma empresa",
    url: invitationUrl(deps.appUrl, input.token),
    days: INVITATION_TTL_DAYS,
    stamps: input.stamps,
  });
}

/** 'Novo Cliente''s form, or the public API's invitation (no city or state: null). */
type InviteInput = Omit<CreateCustomer, "city" | "state"> &
  Nullable<CreateCustomer, "city" | "state">;
type Nullable<T, K extends keyof T> = { [P in K]: T[P] | null };

/**
 * 'Novo Cliente'. Records an invitation with only what the company typed and e-mails the person
 * a link; nothing about an existing account is looked up, shown or linked, so the answer is the
 * same for every e-mail. A waiting (or expired, not declined) invitation of this company to the
 * same e-mail is refreshed: new link, new expiry, the typed data replaced. The person becomes a
 * customer only by accepting. Limited per company per day and per recipient address within the
 * app's e-mail send limits (429 `rate_limited`).
 */
export async function inviteCustomer(
  deps: InvitationDeps,
  companyId: string,
  input: InviteInput,
): Promise<CreatedInvitation> {
  const { db } = deps;
  // Counted for every e-mail alike (account or not), so a 429 tells nothing about accounts.
  await limitEmailSends(db, input.email, `company:${companyId}`, INVITATION_SEND_LIMITS);
  const { token, ...link } = newLink();
  const values = {
    ...link,
    name: input.name,
    phone: input.phone || null,
    birthDate: input.birthDate || null,
    city: input.city,
    state: input.state,
    // Sent now (an import's invitation scheduled for a later day goes out with this one).
    sentAt: new Date(),
  };
  const mail = await invitationMail(deps, { to: input.email, companyId, token });
  // The invitation and its e-mail (in the outbox) are written together, or neither is.
  const row = await db.transaction(async (tx) => {
    await queueEmail(tx, mail);
    const [open] = await tx
      .select({ id: customerInvitations.id })
      .from(customerInvitations)
      .where(
        and(
          eq(customerInvitations.companyId, companyId),
          eq(customerInvitations.email, input.email),
          isNull(customerInvitations.userId),
          isNull(customerInvitations.acceptedAt),
          isNull(customerInvitations.declinedAt),
        ),
      )
      .orderBy(desc(customerInvitations.createdAt))
      .limit(1)
      .for("update");
    if (open) {
      const [updated] = await tx
        .update(customerInvitations)
        .set(values)
        .where(eq(customerInvitations.id, open.id))
        .returning();
      return updated!;
    }
    const [inserted] = await tx
      .insert(customerInvitations)
      .values({ id: randomUUID(), companyId, email: input.email, ...values })
      .returning();
    return inserted!;
  });
  return { invitation: toCompanyInvitation(row) };
}

const invitationNotFound = () => new AppError("not_found", 404, "Invitation not found.");

/**
 * SQL: the company's invitation `id` that still waits for an answer, pending or expired (not
 * accepted, not declined): to an e-mail, or an import's short code. Another company's invitation
 * never matches: a 404 for it.
 */
const waitingOfCompany = (companyId: string, id: string) =>
  and(
    eq(customerInvitations.id, id),
    eq(customerInvitations.companyId, companyId),
    isNull(customerInvitations.userId),
    or(isNotNull(customerInvitations.email), isNotNull(customerInvitations.shortCode)),
    isNull(customerInvitations.acceptedAt),
    isNull(customerInvitations.declinedAt),
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * 'Reenviar': a new link (the old one stops working) and a new expiry, e-mailed again, for an
 * invitation of the company still waiting for an answer (pending or expired). Within the same
 * e-mail send limits as 'Novo Cliente' (429 `rate_limited`); 404 for any other invitation.
 */
export async function resendInvitation(
  deps: InvitationDeps,
  companyId: string,
  invitationId: string,
): Promise<CompanyInvitation> {
  const { db } = deps;
  if (!UUID.test(invitationId)) throw invitationNotFound();
  const [found] = await db
    .select({ email: customerInvitations.email, stamps: customerInvitations.pendingStamps })
    .from(customerInvitations)
    .where(waitingOfCompany(companyId, invitationId))
    .limit(1);
  // A short code's invitation has no e-mail to send again.
  if (!found?.email) throw invitationNotFound();
  await limitEmailSends(db, found.email, `company:${companyId}`, INVITATION_SEND_LIMITS);
  const { token, ...link } = newLink();
  const mail = await invitationMail(deps, {
    to: found.email,
    companyId,
    token,
    stamps: found.stamps,
  });
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(customerInvitations)
      // An import's invitation scheduled for a later day is sent now.
      .set({ ...link, sentAt: new Date() })
      .where(waitingOfCompany(companyId, invitationId))
      .returning();
    // Answered (or cancelled) meanwhile: nothing is sent.
    if (!updated) throw invitationNotFound();
    await queueEmail(tx, mail);
    return updated;
  });
  return toCompanyInvitation(row);
}

/**
 * 'Cancelar': the company withdraws an invitation still waiting for an answer (pending or
 * expired); its link stops working and it leaves the list. 404 for any other invitation.
 */
export async function cancelInvitation(db: Db, companyId: string, invitationId: string) {
  if (!UUID.test(invitationId)) throw invitationNotFound();
  const deleted = await db
    .delete(customerInvitations)
    .where(waitingOfCompany(companyId, invitationId))
    .returning({ id: customerInvitations.id });
  if (deleted.length === 0) throw invitationNotFound();
}

/** The invitation behind a token, usable (not answered, not expired), or null. */
export async function usableByToken(db: Db, token: string): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(customerInvitations)
    .where(
      and(
        eq(customerInvitations.tokenHash, hashToken(token)),
        isNull(customerInvitations.acceptedAt),
        isNull(customerInvitations.declinedAt),
        gt(customerInvitations.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * What /convite shows (public, to whoever holds the link, i.e. the e-mail's owner): by which
 * company, to which e-mail, whether that e-mail has an account to sign in with, and what the
 * company typed about the person (their own data, to prefill the sign-up form).
 */
export async function findInvitation(db: Db, token: string): Promise<Invitation> {
  const row = await usableByToken(db, token);
  if (!row) throw invalidInvitation();
  const company = await findPublicCompany(db, row.companyId, { includeSandbox: true });
  const companyName = company?.tradeName ?? "";
  if (row.userId) {
    // Legacy: the account 'Novo Cliente' made; the link sets its password.
    const user = await findUser(db, row.userId);
    if (!user) throw invalidInvitation();
    return {
      id: row.id,
      kind: "password",
      name: user.name,
      email: user.email,
      companyName,
      hasAccount: false,
      phone: null,
      birthDate: null,
      city: null,
      state: null,
    };
  }
  if (!row.email) throw invalidInvitation();
  const account = await findAccountByEmail(db, row.email);
  return {
    id: row.id,
    kind: "consent",
    name: row.name ?? "",
    email: row.email,
    companyName,
    hasAccount: Boolean(account?.hasPassword),
    phone: row.phone,
    birthDate: row.birthDate,
    city: row.city,
    state: row.state,
  };
}

/**
 * A legacy invitation (made before consent, the account already exists without a password),
 * locked inside the accepting transaction (flows/accept-invitation.ts); 404 when the link is
 * unknown, used or expired.
 */
export async function lockLegacyInvitation(tx: Db, token: string): Promise<string> {
  const [invitation] = await tx
    .select({ userId: customerInvitations.userId })
    .from(customerInvitations)
    .where(
      and(
        eq(customerInvitations.tokenHash, hashToken(token)),
        isNotNull(customerInvitations.userId),
        isNull(customerInvitations.acceptedAt),
        gt(customerInvitations.expiresAt, sql`now()`),
      ),
    )
    .for("update");
  if (!invitation?.userId) throw invalidInvitation();
  return invitation.userId;
}

/** Every waiting legacy invitation of `userId` marked used, once their password is set. */
export async function markLegacyAccepted(tx: Db, userId: string) {
  await tx
    .update(customerInvitations)
    .set({ acceptedAt: sql`now()` })
    .where(and(eq(customerInvitations.userId, userId), isNull(customerInvitations.acceptedAt)));
}

/**
 * The accepted invitation's own records, inside the accepting transaction (flows/accept-invitation.ts
 * has just made the membership): on a membership made now (`joined`), the company's typed phone,
 * birthday, city and state as its own record of the customer; the invitation (and any other
 * waiting one of the same company to the same e-mail) marked accepted.
 */
export async function recordAcceptance(
  tx: Db,
  invitation: InvitationRow,
  customerId: string,
  joined: boolean,
) {
  if (joined) {
    await tx
      .update(memberships)
      .set({
        phone: invitation.phone || null,
        birthDate: invitation.birthDate || null,
        city: invitation.city || null,
        state: invitation.state || null,
      })
      .where(
        and(
          eq(memberships.companyId, invitation.companyId),
          eq(memberships.customerId, customerId),
        ),
      );
  }
  // The invitation itself (a short code's has no e-mail), and the others of its e-mail.
  const sameInvitation = invitation.email
    ? or(eq(customerInvitations.id, invitation.id), eq(customerInvitations.email, invitation.email))
    : eq(customerInvitations.id, invitation.id);
  await tx
    .update(customerInvitations)
    .set({ acceptedAt: sql`now()`, userId: customerId })
    .where(
      and(
        eq(customerInvitations.companyId, invitation.companyId),
        sameInvitation,
        isNull(customerInvitations.userId),
        isNull(customerInvitations.acceptedAt),
        isNull(customerInvitations.declinedAt),
      ),
    );
}

/** Locks a consent invitation that still waits for an answer, by token or by id; 404 otherwise. */
export async function lockWaiting(
  tx: Db,
  by: { token: string } | { id: string },
): Promise<InvitationRow> {
  const [row] = await tx
    .select()
    .from(customerInvitations)
    .where(
      and(
        "token" in by
          ? eq(customerInvitations.tokenHash, hashToken(by.token))
          : eq(customerInvitations.id, by.id),
        awaitingAnswer,
      ),
    )
    .for("update");
  if (!row) throw invalidInvitation();
  return row;
}

/** Declines by the link (no sign-in needed: the link reached the e-mail). No membership is made. */
export async function declineByToken(db: Db, token: string): Promise<InvitationAnswer> {
  return db.transaction(async (tx) => {
    const invitation = await lockWaiting(tx, { token });
    return declineInvitation(tx, invitation);
  });
}

export async function declineInvitation(
  tx: Db,
  invitation: InvitationRow,
): Promise<InvitationAnswer> {
  await tx
    .update(customerInvitations)
    .set({ declinedAt: sql`now()` })
    .where(eq(customerInvitations.id, invitation.id));
  return { ...(await invitingCompany(tx, invitation.companyId)), accepted: false };
}

export async function invitingCompany(db: Db, companyId: string) {
  const company = await findPublicCompany(db, companyId, { includeSandbox: true });
  return { companyId, companyName: company?.tradeName ?? "" };
}
