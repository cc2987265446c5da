/**
 * Accepting an invitation (flow: decision 022): in one transaction, opened here, the invitation
 * locked (customers), the person's account when they have none (auth), the membership and its card
 * (flows/join-company.ts), an imported paper card's stamps (cards, stamps: flows/give-stamp.ts)
 * and the invitation's own records (customers).
 */
import {
  type AcceptInvitation,
  INVITATION_ORIGIN,
  type InvitationAnswer,
  type InvitationSignUp,
} from "@shared/customers.schema";
import type { Db, Tx } from "../db/client";
import { AppError, isUniqueViolation } from "../errors";
import { setFirstPassword, signUpInvitedCustomer } from "../modules/auth/users.service";
import { lockByCode } from "../modules/customers/invitation-codes.service";
import { verifiedEmail } from "../modules/customers/invitations.queries";
import {
  declineInvitation,
  type InvitationDeps,
  type InvitationRow,
  invalidInvitation,
  invitingCompany,
  lockLegacyInvitation,
  lockWaiting,
  markLegacyAccepted,
  recordAcceptance,
  usableByToken,
} from "../modules/customers/invitations.service";
import { findMembership } from "../modules/customers/memberships.service";
import { giveRuleStamps } from "./give-stamp";
import { joinCompany } from "./join-company";

/**
 * Accepts `invitation` for `customerId` inside the caller's transaction: the membership (origin
 * `convite_empresa`) and its card in the default programme, an import's paper-card stamps, then
 * the invitation's records. The invitation is locked and waiting, so this runs once for it.
 */
async function acceptFor(tx: Tx, invitation: InvitationRow, customerId: string) {
  const { joined } = await joinCompany(tx, {
    customerId,
    companyId: invitation.companyId,
    origin: INVITATION_ORIGIN,
  });
  if (invitation.pendingStamps > 0) await giveImportedStamps(tx, invitation, customerId);
  await recordAcceptance(tx, invitation, customerId, joined);
}

/**
 * The imported paper card's stamps, one stamp row (method `import`) on the open card of the
 * default programme, never past its size. A card already complete or redeemed, or an inactive
 * member (someone who was a member before), gets none: refused before anything is written, so
 * the acceptance still goes through.
 */
async function giveImportedStamps(tx: Tx, invitation: InvitationRow, customerId: string) {
  const membership = await findMembership(tx, invitation.companyId, customerId);
  if (!membership) return;
  try {
    await giveRuleStamps(tx, membership, "import", invitation.pendingStamps);
  } catch (error) {
    const refused = ["card_complete", "card_redeemed", "customer_inactive"];
    if (!(error instanceof AppError && refused.includes(error.code))) throw error;
  }
}

/**
 * /convite without an account: the person's own account (their data, their password, the e-mail
 * verified since the link reached it) and the invitation accepted, in one transaction. An account
 * made by the old 'Novo Cliente' that never got a password gets it here, with the person's data.
 * An account with a password must sign in instead (409 `email_taken`).
 */
export async function signUpAndAccept(
  deps: Pick<InvitationDeps, "db" | "auth">,
  input: InvitationSignUp,
): Promise<{ email: string }> {
  // The link first: no password is hashed for a wrong one.
  if (!(await usableByToken(deps.db, input.token))) throw invalidInvitation();
  const ctx = await deps.auth.$context;
  const passwordHash = await ctx.password.hash(input.password);
  const taken = () => new AppError("email_taken", 409, "This email is already registered.");
  try {
    return await deps.db.transaction(async (tx) => {
      const invitation = await lockWaiting(tx, { token: input.token });
      const email = invitation.email!;
      const userId = await signUpInvitedCustomer(tx, {
        email,
        passwordHash,
        name: input.name,
        phone: input.phone || null,
        city: input.city || null,
        state: input.state || null,
        birthDate: input.birthDate || null,
        origin: INVITATION_ORIGIN,
        companyId: invitation.companyId,
      });
      await acceptFor(tx, invitation, userId);
      return { email };
    });
  } catch (error) {
    // Someone made an account with this e-mail at the same moment.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/**
 * A signed-in customer accepts or declines an invitation addressed to their verified e-mail
 * (from the dashboard, or /convite after signing in). Another e-mail's invitation is a 404.
 */
export async function answerMyInvitation(
  db: Db,
  customerId: string,
  invitationId: string,
  accept: boolean,
): Promise<InvitationAnswer> {
  const email = await verifiedEmail(db, customerId);
  if (!email || !/^[0-9a-f-]{36}$/i.test(invitationId)) throw invalidInvitation();
  return db.transaction(async (tx) => {
    const invitation = await lockWaiting(tx, { id: invitationId });
    if (invitation.email !== email) throw invalidInvitation();
    if (!accept) return declineInvitation(tx, invitation);
    await acceptFor(tx, invitation, customerId);
    return { ...(await invitingCompany(tx, invitation.companyId)), accepted: true };
  });
}

/**
 * A signed-in customer accepts an import's short code (/convite?codigo=…): whoever holds the code
 * is the person it was handed to. Joins the company with the stamps waiting, once.
 */
export async function acceptByCode(
  db: Db,
  customerId: string,
  code: string,
): Promise<InvitationAnswer> {
  return db.transaction(async (tx) => {
    const invitation = await lockByCode(tx, code);
    await acceptFor(tx, invitation, customerId);
    return { ...(await invitingCompany(tx, invitation.companyId)), accepted: true };
  });
}

/**
 * A legacy invitation (made before consent, the account already exists without a password): in
 * one transaction the password account (better-auth's own hasher, auth), the e-mail marked
 * verified (the link reached it) and the invitation used (customers). The person can then sign in.
 */
export async function acceptInvitation(
  deps: Pick<InvitationDeps, "db" | "auth">,
  input: AcceptInvitation,
): Promise<{ email: string }> {
  const ctx = await deps.auth.$context;
  const passwordHash = await ctx.password.hash(input.password);
  return deps.db.transaction(async (tx) => {
    const userId = await lockLegacyInvitation(tx, input.token);
    // A password set through an earlier invitation is not replaced by a later link.
    const email = await setFirstPassword(tx, userId, passwordHash);
    if (!email) throw invalidInvitation();
    await markLegacyAccepted(tx, userId);
    return { email };
  });
}
