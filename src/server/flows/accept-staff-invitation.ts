/**
 * Joining a company's team by an invitation (flow: decision 022): in one transaction, opened here,
 * the invitation locked (team), the person's account when they have none (auth), the membership
 * and the invitation used (team).
 */
import type { StaffInvitationAccepted, StaffInvitationSignUp } from "@shared/team.schema";
import type { Auth } from "../auth";
import type { Db } from "../db/client";
import { AppError, isUniqueViolation } from "../errors";
import { findAccountByEmail } from "../modules/auth/auth.queries";
import { isCustomerAccount } from "../modules/auth/auth.service";
import { createInvitedStaffAccount } from "../modules/auth/users.service";
import { findPublicCompany } from "../modules/companies/companies.queries";
import { assertCompanyOpen } from "../modules/privacy/company-closure.queries";
import { findMembership, type StaffInvitationRow } from "../modules/team/team.queries";
import {
  addMember,
  lockUsableInvitation,
  markInvitationAccepted,
  usableInvitation,
} from "../modules/team/team.service";

const alreadyInTeam = () =>
  new AppError("already_in_team", 409, "This account is already in a company's team.");

/** The membership of `userId` as the invitation says, and the invitation used. */
async function join(
  tx: Db,
  invitation: StaffInvitationRow,
  userId: string,
): Promise<StaffInvitationAccepted> {
  await assertCompanyOpen(tx, invitation.companyId);
  await addMember(tx, {
    companyId: invitation.companyId,
    userId,
    role: invitation.role,
    locationId: invitation.locationId,
  });
  await markInvitationAccepted(tx, invitation.id);
  const company = await findPublicCompany(tx, invitation.companyId);
  return {
    companyId: invitation.companyId,
    companyName: company?.tradeName ?? "",
    role: invitation.role,
  };
}

/**
 * /equipe/convite without an account: the person's account (their name and password; the e-mail
 * is the invitation's and verified, since the link reached it, with an `admin` profile) and the
 * membership, in one transaction. An e-mail that has an account must sign in instead (409
 * `email_taken`). The route then signs them in.
 */
export async function signUpStaff(
  deps: { db: Db; auth: Auth },
  input: StaffInvitationSignUp,
): Promise<StaffInvitationAccepted & { email: string }> {
  // The link first: no password is hashed for a wrong one.
  await usableInvitation(deps.db, input.token);
  const ctx = await deps.auth.$context;
  const passwordHash = await ctx.password.hash(input.password);
  const taken = () => new AppError("email_taken", 409, "This email is already registered.");
  try {
    return await deps.db.transaction(async (tx) => {
      const invitation = await lockUsableInvitation(tx, input.token);
      const { email } = invitation;
      if (await findAccountByEmail(tx, email)) throw taken();
      const userId = await createInvitedStaffAccount(tx, { email, name: input.name, passwordHash });
      return { email, ...(await join(tx, invitation, userId)) };
    });
  } catch (error) {
    // Someone made an account with this e-mail at the same moment.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/**
 * A signed-in account accepts the invitation sent to its e-mail (any case): an `admin` account in
 * no team joins. Another e-mail is 403 `forbidden`; a customer's account 409
 * `staff_email_is_customer` (the two roles never mix); an account in a team already 409
 * `already_in_team`.
 */
export async function acceptStaffInvitation(
  db: Db,
  user: { id: string; email: string },
  token: string,
): Promise<StaffInvitationAccepted> {
  try {
    return await db.transaction(async (tx) => {
      const invitation = await lockUsableInvitation(tx, token);
      if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
        throw new AppError("forbidden", 403, "The invitation was sent to another e-mail.");
      }
      if (await isCustomerAccount(tx, user.id)) {
        throw new AppError(
          "staff_email_is_customer",
          409,
          "A customer's account cannot join a company's team.",
        );
      }
      if (await findMembership(tx, user.id)) throw alreadyInTeam();
      return join(tx, invitation, user.id);
    });
  } catch (error) {
    // The same account joined a team at the same moment (company_members.user_id is unique).
    if (isUniqueViolation(error)) throw alreadyInTeam();
    throw error;
  }
}
