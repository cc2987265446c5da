import { randomUUID } from "node:crypto";
import { createEmailVerificationToken } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import type { Auth } from "../../auth";
import type { Db, Tx } from "../../db/client";
import { AppError, isUniqueViolation } from "../../errors";
import { log } from "../../lib/log";
import { users } from "./auth.table";
import { profiles } from "./profiles.table";
import { createUserWithPassword } from "./users.service";

export type AccountsDeps = { db: Db; auth: Auth; appUrl: string };

/** Where the e-mail confirmation link returns to: the sign-in page of the role, with a notice. */
export function confirmationCallbackUrl(appUrl: string, role: "admin" | "customer") {
  return `${appUrl}${role === "customer" ? "/login-cliente" : "/login-admin"}?confirmado=1`;
}

async function emailExists(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return Boolean(row);
}

/**
 * Creates the auth user, its password account and its profile (and the company, for admins)
 * in one transaction: either everything exists afterwards or nothing does.
 */
export async function createAccount(
  deps: AccountsDeps,
  input: { email: string; password: string; name: string },
  writeRest: (tx: Tx, userId: string) => Promise<void>,
) {
  if (await emailExists(deps.db, input.email)) {
    throw new AppError("email_taken", 409, "This email is already registered.");
  }
  const ctx = await deps.auth.$context;
  const passwordHash = await ctx.password.hash(input.password);
  const userId = randomUUID();
  try {
    await deps.db.transaction(async (tx) => {
      await createUserWithPassword(tx, {
        id: userId,
        name: input.name,
        email: input.email,
        passwordHash,
      });
      await writeRest(tx, userId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("email_taken", 409, "This email is already registered.");
    }
    throw error;
  }
  return userId;
}

/**
 * Queues the confirmation e-mail of an unconfirmed account (none for a confirmed or unknown one):
 * better-auth's verification token and link (the same its /send-verification-email makes), sent by
 * the `sendVerificationEmail` of auth.ts. Its endpoint is not called: it waits until 500 ms have
 * passed on every call, which a sign-up does not need (its answer already says the e-mail was
 * free) and which `resendConfirmation` applies to every answer itself.
 */
export async function sendConfirmation(
  deps: AccountsDeps,
  email: string,
  role: "admin" | "customer",
) {
  const ctx = await deps.auth.$context;
  const send = ctx.options.emailVerification?.sendVerificationEmail;
  if (!send) throw new Error("auth.ts sends no confirmation e-mail");
  const found = await ctx.internalAdapter.findUserByEmail(email);
  if (!found || found.user.emailVerified) return;
  const { user } = found;
  const token = await createEmailVerificationToken(
    ctx.secret,
    user.email,
    undefined,
    ctx.options.emailVerification?.expiresIn,
    { userId: user.id },
  );
  const callbackURL = encodeURIComponent(confirmationCallbackUrl(deps.appUrl, role));
  const url = `${ctx.baseURL}/verify-email?token=${token}&callbackURL=${callbackURL}`;
  await send({ user, url, token });
}

/**
 * Puts the confirmation in the e-mail outbox (an SMTP outage never reaches here: the outbox's
 * worker retries); a failure to queue it is logged, the account stays (it can be re-sent).
 */
export async function sendConfirmationAfterSignUp(
  deps: AccountsDeps,
  email: string,
  role: "admin" | "customer",
) {
  try {
    await sendConfirmation(deps, email, role);
  } catch (error) {
    log.error(`Could not send the confirmation e-mail to ${email}:`, error);
  }
}

/** The profile of a new account (inside createAccount's transaction). */
export async function createProfile(tx: Db, profile: typeof profiles.$inferInsert): Promise<void> {
  await tx.insert(profiles).values(profile);
}

/** Whether `id` is a customer's account (an id that is no UUID is none). */
export async function isCustomerAccount(db: Db, id: string | null | undefined) {
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) return false;
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, id), eq(profiles.role, "customer")))
    .limit(1);
  return Boolean(row);
}

/** How long a re-send takes at least, whatever the account: its time tells nothing either. */
export const RESEND_CONFIRMATION_FLOOR_MS = 500;

/** Re-sends the confirmation to an unconfirmed account; answers the same whether it exists or not. */
export async function resendConfirmation(deps: AccountsDeps, email: string) {
  const started = Date.now();
  const [row] = await deps.db
    .select({ verified: users.emailVerified, role: profiles.role })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.email, email))
    .limit(1);
  if (row && !row.verified) await sendConfirmation(deps, email, row.role);
  const remaining = RESEND_CONFIRMATION_FLOOR_MS - (Date.now() - started);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
}
