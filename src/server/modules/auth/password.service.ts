import { eq, sql } from "drizzle-orm";
import type { RequestLanguage, ResetPassword, Role } from "../../../shared/auth.schema";
import type { Auth } from "../../auth";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { clearRateLimit, type RateLimitRule } from "../../middleware/rate-limit";
import { type Mailer, type MailLanguage, passwordResetEmail } from "../mail/mail.service";
import { users } from "./auth.table";
import { profiles } from "./profiles.table";

/** The app's page that takes the token of the e-mail's link, per language. */
const RESET_PAGES: Record<MailLanguage, string> = {
  pt: "/redefinir-senha",
  en: "/reset-password-en",
};

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
      redirectTo: `${deps.appUrl}${RESET_PAGES[input.language ?? "pt"]}`,
    },
  });
}

/**
 * better-auth's `sendResetPassword`: the e-mail in the user's language (the profile's, else the
 * page's the request came from), linking to our page with the token.
 */
export async function sendPasswordResetEmail(
  deps: { db: Db; mailer: Mailer; appUrl: string },
  input: { user: { id: string; email: string; name: string }; token: string; url: string },
): Promise<void> {
  const [profile] = await deps.db
    .select({ language: profiles.language })
    .from(profiles)
    .where(eq(profiles.id, input.user.id))
    .limit(1);
  const requestedPage = new URL(input.url).searchParams.get("callbackURL") ?? "";
  const language: MailLanguage =
    profile?.language ?? (requestedPage.endsWith(RESET_PAGES.en) ? "en" : "pt");
  const url = `${deps.appUrl}${RESET_PAGES[language]}?token=${encodeURIComponent(input.token)}`;
  await deps.mailer.send(
    passwordResetEmail({ to: input.user.email, name: input.user.name, url, language }),
  );
}

const invalidToken = () =>
  new AppError(
    "reset_token_invalid",
    400,
    "Este link de redefinição de senha é inválido, expirou ou já foi usado.",
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
