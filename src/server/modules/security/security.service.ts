import type {
  ChangePassword,
  SecurityStatus,
  SignInFailure,
  SignInTwoFactor,
  TwoFactorEnrolment,
} from "@shared/security.schema";
import type { Auth } from "../../auth";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { signedCookie } from "../../session-cookie";
import { findUser } from "../auth/auth.queries";
import { recordSignInAttempt } from "./access-log.service";

/** better-auth's cookie of a sign-in waiting for its second factor (two-factor plugin). */
const TWO_FACTOR_COOKIE = "two_factor";

export async function findSecurityStatus(db: Db, userId: string): Promise<SecurityStatus> {
  const user = await findUser(db, userId);
  return { twoFactorEnabled: user?.twoFactorEnabled ?? false };
}

/** What a better-auth call answered: its JSON body and the cookies it set. */
export type AuthAnswer<T> = { body: T; cookies: string[] };

async function authAnswer<T>(res: Response, onError: (code: string) => never) {
  const body = (await res.json().catch(() => ({}))) as T & { code?: string };
  if (!res.ok) onError(body.code ?? `HTTP_${res.status}`);
  return { body: body as T, cookies: res.headers.getSetCookie() };
}

const wrongPassword = (): never => {
  throw new AppError("wrong_password", 400, "The current password is wrong.");
};

const unexpected = (what: string) => (code: string) => {
  if (code === "UNAUTHORIZED") throw new AppError("unauthenticated", 401, "Sign in first.");
  throw new AppError("internal_error", 500, `${what} failed (${code})`);
};

/** Changes the password; every other session of the user ends, this one goes on (new cookie). */
export async function changePassword(
  auth: Auth,
  headers: Headers,
  input: ChangePassword,
): Promise<AuthAnswer<unknown>> {
  const res = await auth.api.changePassword({
    body: { ...input, revokeOtherSessions: true },
    headers,
    asResponse: true,
  });
  return authAnswer(res, (code) => {
    if (code === "INVALID_PASSWORD") wrongPassword();
    return unexpected("Password change")(code);
  });
}

/**
 * Starts (or restarts, while unconfirmed) the TOTP enrolment: a new secret and backup codes.
 * 2FA is on only once a code of the app is confirmed.
 */
export async function startTwoFactor(
  auth: Auth,
  headers: Headers,
  password: string,
): Promise<TwoFactorEnrolment> {
  const res = await auth.api.enableTwoFactor({
    body: { password, method: "totp" },
    headers,
    asResponse: true,
  });
  const { body } = await authAnswer<{ totpURI: string; backupCodes: string[] }>(res, (code) => {
    if (code === "INVALID_PASSWORD") wrongPassword();
    if (code === "TOTP_ALREADY_ENABLED")
      throw new AppError("two_factor_already_enabled", 409, "2FA is already on.");
    return unexpected("2FA enrolment")(code);
  });
  const secret = new URL(body.totpURI).searchParams.get("secret") ?? "";
  return { totpUri: body.totpURI, secret, backupCodes: body.backupCodes };
}

/** Confirms the enrolment with a code of the app: 2FA is on from now (the session is renewed). */
export async function confirmTwoFactor(
  auth: Auth,
  headers: Headers,
  code: string,
): Promise<AuthAnswer<unknown>> {
  const res = await auth.api.verifyTOTP({ body: { code }, headers, asResponse: true });
  return authAnswer(res, (failure) => {
    if (failure === "INVALID_CODE")
      throw new AppError("two_factor_invalid_code", 400, "Invalid code.");
    if (failure === "TOTP_NOT_ENABLED")
      throw new AppError("two_factor_not_enabled", 409, "Start the enrolment first.");
    return unexpected("2FA confirmation")(failure);
  });
}

export async function disableTwoFactor(
  auth: Auth,
  headers: Headers,
  password: string,
): Promise<AuthAnswer<unknown>> {
  const res = await auth.api.disableTwoFactor({ body: { password }, headers, asResponse: true });
  return authAnswer(res, (code) => {
    if (code === "INVALID_PASSWORD") wrongPassword();
    return unexpected("2FA disabling")(code);
  });
}

/**
 * The second step of a sign-in: the code of the app, or a backup code (each works once).
 * Only the challenge cookie is handed to better-auth, so a session cookie also present (another
 * account signed in on this browser) can neither answer the challenge nor be confused with it.
 * Every answer, right or wrong, goes to the access log of the account being signed in to.
 */
export async function verifySignInCode(
  auth: Auth,
  db: Db,
  headers: Headers,
  input: SignInTwoFactor,
): Promise<AuthAnswer<{ user: { id: string } }>> {
  const ctx = await auth.$context;
  const cookieName = ctx.createAuthCookie(TWO_FACTOR_COOKIE).name;
  const token = signedCookie(headers.get("cookie"), cookieName, ctx.secret);
  const pending = token ? await ctx.internalAdapter.findVerificationValue(token) : null;
  const user =
    pending && pending.expiresAt > new Date()
      ? await ctx.internalAdapter.findUserById(pending.value)
      : null;
  if (!user) {
    throw new AppError("two_factor_challenge_expired", 401, "Sign in again: the code expired.");
  }

  const challengeHeaders = new Headers(headers);
  challengeHeaders.set("cookie", onlyCookies(headers.get("cookie"), [cookieName]));
  const call = { body: { code: input.code.replace(/\s+/g, "") }, headers: challengeHeaders };
  const res =
    input.method === "backup"
      ? await auth.api.verifyBackupCode({ ...call, asResponse: true })
      : await auth.api.verifyTOTP({ ...call, asResponse: true });
  const log = (success: boolean, failure?: SignInFailure) =>
    recordSignInAttempt(db, { email: user.email, userId: user.id, success, failure, headers });

  const cookies = res.headers.getSetCookie();
  const body = (await res.json().catch(() => ({}))) as { user?: { id: string }; code?: string };
  if (res.ok && body.user) {
    await log(true);
    return { body: { user: body.user }, cookies };
  }
  switch (body.code) {
    case "INVALID_CODE":
    case "INVALID_BACKUP_CODE":
      await log(false, "two_factor_failed");
      throw new AppError("two_factor_invalid_code", 401, "Invalid code.");
    case "ACCOUNT_TEMPORARILY_LOCKED":
      await log(false, "two_factor_locked");
      throw new AppError("two_factor_locked", 429, "Too many wrong codes; try again later.");
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      await log(false, "two_factor_failed");
      throw new ChallengeExpired(cookies);
    case "INVALID_TWO_FACTOR_COOKIE":
      throw new ChallengeExpired(cookies);
    default:
      throw new AppError("internal_error", 500, `2FA sign-in failed (${body.code ?? res.status})`);
  }
}

/** The challenge is over (expired or too many wrong codes); its cookie is cleared. */
export class ChallengeExpired extends AppError {
  constructor(readonly cookies: string[]) {
    super("two_factor_challenge_expired", 401, "Sign in again: the code expired.");
  }
}

/** The `cookie` header reduced to the cookies named. */
function onlyCookies(header: string | null, names: string[]): string {
  if (!header) return "";
  return header
    .split(";")
    .map((part) => part.trim())
    .filter((part) => names.includes(part.slice(0, part.indexOf("="))))
    .join("; ");
}
