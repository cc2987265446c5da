import { z } from "zod";
import { NewPasswordSchema } from "./auth.schema";
import { PASSWORD_MAX_LENGTH } from "./limits";

/** How many sign-in attempts the access log shows (newest first). */
export const ACCESS_LOG_LIMIT = 20;

/** The password the user types to prove it is them (current password, 2FA on/off). */
export const CurrentPasswordSchema = z
  .string()
  .min(1, "password_required")
  .max(PASSWORD_MAX_LENGTH, "password_too_long");

/** The new password must differ from the current one (the same one changes nothing). */
export const ChangePasswordSchema = z
  .object({
    currentPassword: CurrentPasswordSchema,
    newPassword: NewPasswordSchema,
  })
  .refine((p) => p.newPassword !== p.currentPassword, {
    message: "password_unchanged",
    path: ["newPassword"],
    when: (payload) => payload.issues.length === 0,
  });
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const PasswordConfirmationSchema = z.object({ password: CurrentPasswordSchema });
export type PasswordConfirmation = z.infer<typeof PasswordConfirmationSchema>;

/** Digits of the authenticator app's codes. */
export const TOTP_CODE_LENGTH = 6;

/** A 6-digit code of the authenticator app, or one of the backup codes (`xxxxx-xxxxx`). */
export const TwoFactorCodeSchema = z
  .string()
  .trim()
  .min(1, "two_factor_code_required")
  .max(32, "two_factor_code_required");

export const ConfirmTwoFactorSchema = z.object({ code: TwoFactorCodeSchema });
export type ConfirmTwoFactor = z.infer<typeof ConfirmTwoFactorSchema>;

/** The second step of a sign-in of an account with 2FA. */
export const SignInTwoFactorSchema = z.object({
  code: TwoFactorCodeSchema,
  method: z.enum(["totp", "backup"]).default("totp"),
});
export type SignInTwoFactor = z.infer<typeof SignInTwoFactorSchema>;

/** The answer of `POST /api/session` (202) when the password was right and a code is still due. */
export const TwoFactorChallengeSchema = z
  .object({ twoFactorRequired: z.literal(true) })
  .meta({ id: "TwoFactorChallenge" });
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

/** Enrolment started: the QR code's URI, the same key for manual entry, the backup codes. */
export const TwoFactorEnrolmentSchema = z
  .object({
    totpUri: z.string(),
    secret: z.string(),
    backupCodes: z.array(z.string()),
  })
  .meta({ id: "TwoFactorEnrolment" });
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolmentSchema>;

export const SecurityStatusSchema = z
  .object({ twoFactorEnabled: z.boolean() })
  .meta({ id: "SecurityStatus" });
export type SecurityStatus = z.infer<typeof SecurityStatusSchema>;

export const SIGN_IN_FAILURES = [
  "invalid_credentials",
  "email_not_verified",
  "two_factor_failed",
  "two_factor_locked",
] as const;
export type SignInFailure = (typeof SIGN_IN_FAILURES)[number];

export const AccessLogEntrySchema = z
  .object({
    id: z.string(),
    /** ISO 8601, UTC. */
    createdAt: z.string(),
    success: z.boolean(),
    failure: z.string().nullable(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .meta({ id: "AccessLogEntry" });
export type AccessLogEntry = z.infer<typeof AccessLogEntrySchema>;

export const AccessLogSchema = z
  .object({ items: z.array(AccessLogEntrySchema) })
  .meta({ id: "AccessLog" });
export type AccessLog = z.infer<typeof AccessLogSchema>;
