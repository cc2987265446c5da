import { randomUUID } from "node:crypto";
import { PASSWORD_RESET_TTL_SECONDS } from "@shared/auth.schema";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@shared/limits";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import type { Db } from "./db/client";
import { accounts, sessions, twoFactors, users, verifications } from "./modules/auth/auth.table";
import { sendPasswordResetEmail } from "./modules/auth/password-email";
import { confirmationEmail, type Mailer } from "./modules/mail/mail.service";
import { queueEmail } from "./modules/mail/outbox";
import { recordSignInAttempt } from "./modules/security/access-log.service";

export const EMAIL_CONFIRMATION_TTL_SECONDS = 24 * 60 * 60;

/** APP_URL, plus its loopback twin in development (localhost and 127.0.0.1 are the same machine). */
export function trustedOrigins(appUrl: string): string[] {
  const url = new URL(appUrl);
  const twin = { localhost: "127.0.0.1", "127.0.0.1": "localhost" }[url.hostname];
  if (!twin) return [url.origin];
  const other = new URL(url.origin);
  other.hostname = twin;
  return [url.origin, other.origin];
}

/**
 * How passwords are hashed and checked. The app uses better-auth's own (scrypt, N=16384: about
 * 0.2 s of CPU each); the API tests give the same scrypt at a small cost (test/test-app.ts).
 */
export type PasswordHashing = {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
};

export function createAuth(options: {
  db: Db;
  appUrl: string;
  secret: string;
  mailer: Mailer;
  passwordHashing?: PasswordHashing;
}) {
  return betterAuth({
    appName: "Carimbou",
    baseURL: options.appUrl,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: trustedOrigins(options.appUrl),
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    plugins: [
      // TOTP (authenticator app) with backup codes. A sign-in of an account with 2FA on ends with
      // no session (the plugin deletes it) until the code is given to POST /api/session/two-factor.
      twoFactor({ issuer: "Carimbou" }),
    ],
    hooks: {
      // The access log: every e-mail and password attempt (POST /api/session calls better-auth's
      // sign-in in-process; its HTTP path is closed). The second step of a 2FA sign-in is logged by the security module.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const email = (ctx.body as { email?: unknown } | undefined)?.email;
        if (typeof email !== "string") return;
        const headers = ctx.headers ?? ctx.request?.headers ?? null;
        const returned = ctx.context.returned;
        if (isAPIError(returned)) {
          if (returned.statusCode !== 401 && returned.statusCode !== 403) return;
          const notVerified = returned.body?.code === "EMAIL_NOT_VERIFIED";
          await recordSignInAttempt(options.db, {
            email,
            success: false,
            failure: notVerified ? "email_not_verified" : "invalid_credentials",
            headers,
          });
          return;
        }
        const user = ctx.context.newSession?.user as { id: string; twoFactorEnabled?: boolean };
        // With 2FA on, the attempt is logged once its code is given (or refused).
        if (!user || user.twoFactorEnabled) return;
        await recordSignInAttempt(options.db, { email, userId: user.id, success: true, headers });
      }),
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: false,
      ...(options.passwordHashing ? { password: options.passwordHashing } : {}),
      // Password recovery: POST /api/password/forgot and /reset call these in-process.
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url, token }) => {
        await sendPasswordResetEmail(options, { user, url, token });
      },
    },
    emailVerification: {
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_CONFIRMATION_TTL_SECONDS,
      // Into the outbox on the database: better-auth calls this after the sign-up transaction
      // committed (it reads the user first) and gives no transaction handle.
      sendVerificationEmail: async ({ user, url }) => {
        await queueEmail(options.db, confirmationEmail({ to: user.email, name: user.name, url }));
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Sign-up goes through our own transactional endpoints; rate limits are ours (per real client IP).
    // Sign-in (/api/session), 2FA and password changes (/api/security/*, /api/session/two-factor),
    // password recovery (/api/password/*) and e-mail sends go through our endpoints (our error
    // codes, rate limits and access log): better-auth's HTTP paths for them answer 404. The
    // reset link's GET /reset-password/:token is closed in app.ts (a path with a parameter).
    disabledPaths: [
      "/sign-up/email",
      "/sign-in/email",
      "/send-verification-email",
      "/request-password-reset",
      "/reset-password",
      "/verify-password",
      "/change-password",
      "/two-factor/enable",
      "/two-factor/disable",
      "/two-factor/get-totp-uri",
      "/two-factor/verify-totp",
      "/two-factor/verify-backup-code",
      "/two-factor/generate-backup-codes",
      "/two-factor/send-otp",
      "/two-factor/verify-otp",
    ],
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      database: { generateId: () => randomUUID() },
      useSecureCookies: options.appUrl.startsWith("https://"),
      ipAddress: { disableIpTracking: false, ipAddressHeaders: ["x-carimbou-client-ip"] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
