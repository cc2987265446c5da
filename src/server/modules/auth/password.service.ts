import type { RequestLanguage, ResetPassword, Role } from "@shared/auth.schema";
import { DEFAULT_LANGUAGE } from "@shared/languages";
import { eq, sql } from "drizzle-orm";
import type { Auth } from "../../auth";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { clearRateLimit, type RateLimitRule } from "../../rate-limits";
import { users } from "./auth.table";
import { RESET_PAGES } from "./password-email";
import { profiles } from "./profiles.table";

/** better-auth's verification row of a reset token (`verifications.identifier`). */
const resetIdentifier = (token: string) => `reset-password:${token}`;

/**
 * Starts a password recovery through better-auth (called in-process: its HTTP path is closed).
 * better-auth makes the single-use token (one hour) when an account has the e-mail and calls
 * `sendPasswordResetEmail`; for an unknown e-mail it does similar work and sends nothing.
 * The page of the request's language rides along as better-auth's `redirectTo`.
 */
export async function requestPasswordReset(
  deps: { auth: Auth; appUrl: string },
  input: { email: string; language?: RequestLanguage },
): Promise<void> {
  await deps.auth.api.requestPasswordReset({
    body: {
      email: input.email,
      redirectTo: `${deps.appUrl}${RESET_PAGES[input.language ?? DEFAULT_LANGUAGE]}`,
    },
  });
}

const invalidToken = () =>
  new AppError(
    "reset_token_invalid",
    400,
    "The password reset link is invalid, expired or already used.",
  );

/**
 * Sets the new password with the token of the e-mail's link, through better-auth: the token is
 * spent in the same transaction that deletes every session of the user and writes the password
 * (or creates the password account, for a customer invited by a company who never set one).
 * The link reached the inbox, so the e-mail counts as confirmed; the account's failed sign-ins
 * are forgotten. Answers the role, for the right sign-in page.
 */
export async function resetPassword(
  deps: { db: Db; auth: Auth; signInAccountRule: RateLimitRule },
  input: ResetPassword,
): Promise<{ role: Role }> {
  const ctx = await deps.auth.$context;
  const verification = await ctx.internalAdapter.findVerificationValue(
    resetIdentifier(input.token),
  );
  if (!verification || verification.expiresAt < new Date()) throw invalidToken();
  const userId = verification.value;

  const res = await deps.auth.api.resetPassword({
    body: { token: input.token, newPassword: input.password },
    asResponse: true,
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { code?: string };
    if (body.code === "INVALID_TOKEN" || body.code === "USER_NOT_FOUND") throw invalidToken();
    throw new AppError("internal_error", 500, `Password reset failed (${body.code ?? res.status})`);
  }

  const [user] = await deps.db
    .update(users)
    .set({ emailVerified: true, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  if (user) await clearRateLimit(deps.db, `${deps.signInAccountRule.bucket}:${user.email}`);
  const [profile] = await deps.db
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return { role: profile?.role ?? "customer" };
}
