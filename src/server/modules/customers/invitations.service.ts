import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import {
  type AcceptInvitation,
  type CreateCustomer,
  type CreatedCustomer,
  INVITATION_TTL_DAYS,
  type Invitation,
} from "../../../shared/customers.schema";
import type { Auth } from "../../auth";
import { accounts, users } from "../../db/auth.table";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { profiles } from "../accounts/profiles.table";
import { findPublicCompany } from "../companies/companies.service";
import { invitationEmail, type Mailer } from "../mail/mail.service";
import { findMembership, getCustomerRow, joinCompany } from "./customers.service";
import { customerInvitations } from "./invitations.table";
import { memberships } from "./memberships.table";

export type InvitationDeps = { db: Db; auth: Auth; mailer: Mailer; appUrl: string };

/** How a membership made from 'Novo Cliente' is recorded (memberships.origin). */
export const NEW_CUSTOMER_ORIGIN = "novo_cliente";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === "23505" || e?.cause?.code === "23505";
};

/** The public page where an invited customer sets a password. */
export const invitationUrl = (appUrl: string, token: string) =>
  `${appUrl}/convite?token=${encodeURIComponent(token)}`;

/** A new invitation row for `userId` (inside the caller's transaction); returns the raw token. */
async function createInvitation(tx: Db, userId: string, companyId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(customerInvitations).values({
    id: randomUUID(),
    tokenHash: hashToken(token),
    userId,
    companyId,
    expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000),
  });
  return token;
}

/** Sends the invitation; a failure is logged and reported (the account and card stay). */
async function sendInvitation(
  deps: InvitationDeps,
  input: { to: string; name: string; companyId: string; token: string },
): Promise<boolean> {
  const company = await findPublicCompany(deps.db, input.companyId);
  try {
    await deps.mailer.send(
      invitationEmail({
        to: input.to,
        name: input.name,
        companyName: company?.tradeName ?? "Uma empresa",
        url: invitationUrl(deps.appUrl, input.token),
        days: INVITATION_TTL_DAYS,
      }),
    );
    return true;
  } catch (error) {
    console.error(`Could not send the invitation e-mail to ${input.to}:`, error);
    return false;
  }
}

/**
 * 'Novo Cliente'. An e-mail without an account: in one transaction the account (unverified, no
 * password), the profile, the membership, the card in the default programme and an invitation;
 * then the invitation e-mail. An existing customer is linked (membership and card), not duplicated.
 * A company's e-mail is refused; a customer already here is a 409.
 */
export async function createCustomer(
  deps: InvitationDeps,
  companyId: string,
  input: CreateCustomer,
): Promise<CreatedCustomer> {
  const { db } = deps;
  const [existing] = await db
    .select({
      id: users.id,
      role: profiles.role,
      profile: {
        phone: profiles.phone,
        birthDate: profiles.birthDate,
        city: profiles.city,
        state: profiles.state,
      },
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.email, input.email))
    .limit(1);

  if (existing) {
    if (existing.role !== "customer")
      throw new AppError(
        "email_not_customer",
        409,
        "Este email pertence a uma conta de empresa e não pode ser cadastrado como cliente.",
      );
    if (await findMembership(db, companyId, existing.id))
      throw new AppError("customer_already_member", 409, "Este cliente já está cadastrado.");
    // The company's record keeps what it typed where it differs from the customer's own profile.
    const differs = (typed: string, own: string | null | undefined) =>
      typed && typed !== (own ?? "") ? typed : null;
    const [hasPassword] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, existing.id), eq(accounts.providerId, "credential")))
      .limit(1);
    const { joined, token } = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const result = await joinCompany(t, existing.id, companyId, NEW_CUSTOMER_ORIGIN);
      if (!result.joined) return { joined: false, token: null };
      await t
        .update(memberships)
        .set({
          phone: differs(input.phone, existing.profile?.phone),
          birthDate: differs(input.birthDate, existing.profile?.birthDate),
          city: differs(input.city, existing.profile?.city),
          state: differs(input.state, existing.profile?.state),
        })
        .where(and(eq(memberships.companyId, companyId), eq(memberships.customerId, existing.id)));
      // Invited earlier and never set a password: this company's invitation lets them do it.
      return {
        joined: true,
        token: hasPassword ? null : await createInvitation(t, existing.id, companyId),
      };
    });
    if (!joined)
      throw new AppError("customer_already_member", 409, "Este cliente já está cadastrado.");
    const invited = token
      ? await sendInvitation(deps, { to: input.email, name: input.name, companyId, token })
      : false;
    return { customer: await getCustomerRow(db, companyId, existing.id), invited };
  }

  const userId = randomUUID();
  let token: string;
  try {
    token = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await t
        .insert(users)
        .values({ id: userId, name: input.name, email: input.email, emailVerified: false });
      await t.insert(profiles).values({
        id: userId,
        role: "customer",
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        city: input.city,
        state: input.state,
        birthDate: input.birthDate || null,
        origin: `empresa_direta_${companyId}`,
        originCompanyId: companyId,
      });
      await joinCompany(t, userId, companyId, NEW_CUSTOMER_ORIGIN);
      return createInvitation(t, userId, companyId);
    });
  } catch (error) {
    // Someone made an account with this e-mail at the same moment.
    if (isUniqueViolation(error))
      throw new AppError("email_taken", 409, "Este email já está cadastrado.");
    throw error;
  }
  const invited = await sendInvitation(deps, {
    to: input.email,
    name: input.name,
    companyId,
    token,
  });
  return { customer: await getCustomerRow(db, companyId, userId), invited };
}

const invalidInvitation = () =>
  new AppError("invitation_invalid", 404, "Este convite é inválido, expirou ou já foi usado.");

/** What the invitation page shows: who is invited, by which company; 404 when not usable. */
export async function findInvitation(db: Db, token: string): Promise<Invitation> {
  const [row] = await db
    .select({ userId: customerInvitations.userId, companyId: customerInvitations.companyId })
    .from(customerInvitations)
    .where(
      and(
        eq(customerInvitations.tokenHash, hashToken(token)),
        isNull(customerInvitations.acceptedAt),
        gt(customerInvitations.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!row) throw invalidInvitation();
  const [user] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, row.userId))
    .limit(1);
  const company = await findPublicCompany(db, row.companyId);
  if (!user) throw invalidInvitation();
  return { name: user.name, email: user.email, companyName: company?.tradeName ?? "" };
}

/**
 * Accepts an invitation: in one transaction the password account (better-auth's own hasher), the
 * e-mail marked verified (the link reached it) and the invitation used. The person can then sign in.
 */
export async function acceptInvitation(
  deps: Pick<InvitationDeps, "db" | "auth">,
  input: AcceptInvitation,
): Promise<{ email: string }> {
  const ctx = await deps.auth.$context;
  const passwordHash = await ctx.password.hash(input.password);
  return deps.db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({ id: customerInvitations.id, userId: customerInvitations.userId })
      .from(customerInvitations)
      .where(
        and(
          eq(customerInvitations.tokenHash, hashToken(input.token)),
          isNull(customerInvitations.acceptedAt),
          gt(customerInvitations.expiresAt, sql`now()`),
        ),
      )
      .for("update");
    if (!invitation) throw invalidInvitation();
    const [hasPassword] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, invitation.userId), eq(accounts.providerId, "credential")))
      .limit(1);
    // A password set through an earlier invitation is not replaced by a later link.
    if (hasPassword) throw invalidInvitation();
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: invitation.userId,
      providerId: "credential",
      userId: invitation.userId,
      password: passwordHash,
    });
    const [user] = await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: sql`now()` })
      .where(eq(users.id, invitation.userId))
      .returning({ email: users.email });
    await tx
      .update(customerInvitations)
      .set({ acceptedAt: sql`now()` })
      .where(eq(customerInvitations.userId, invitation.userId));
    return { email: user!.email };
  });
}
