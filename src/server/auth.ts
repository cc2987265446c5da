import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../shared/limits";
import { accounts, sessions, users, verifications } from "./db/auth.table";
import type { Db } from "./db/client";
import { confirmationEmail, type Mailer } from "./modules/mail/mail.service";

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

export function createAuth(options: { db: Db; appUrl: string; secret: string; mailer: Mailer }) {
  return betterAuth({
    appName: "Carimbou",
    baseURL: options.appUrl,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: trustedOrigins(options.appUrl),
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: false,
    },
    emailVerification: {
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_CONFIRMATION_TTL_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        await options.mailer.send(confirmationEmail({ to: user.email, name: user.name, url }));
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Sign-up goes through our own transactional endpoints; rate limits are ours (per real client IP).
    disabledPaths: ["/sign-up/email"],
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
