import type { Me, PasswordResetDone } from "@shared/auth.schema";
import { PLAN_STATUSES, PLANS } from "@shared/plans";
import type { TwoFactorChallenge } from "@shared/security.schema";
import { MEMBER_ROLES } from "@shared/team-permissions";

/**
 * The session's answers read without zod (decision 042): the same checks as `MeSchema`,
 * `TwoFactorChallengeSchema` and `PasswordResetDoneSchema`, by hand, so the panel's first screen
 * does not download zod (25 KB) to read `/api/me`. Like the schemas, they keep only the fields
 * of the type and throw on anything else (answers.test.ts holds them to the schemas).
 */

type Check<T> = (value: unknown, path: string) => T;

const fail = (path: string): never => {
  throw new TypeError(`Unexpected answer from the server at ${path}`);
};

const object = (value: unknown, path: string): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : fail(path);
const string: Check<string> = (value, path) => (typeof value === "string" ? value : fail(path));
const boolean: Check<boolean> = (value, path) => (typeof value === "boolean" ? value : fail(path));
const integer: Check<number> = (value, path) =>
  typeof value === "number" && Number.isSafeInteger(value) ? value : fail(path);
const oneOf =
  <T extends string>(values: readonly T[]): Check<T> =>
  (value, path) =>
    values.includes(value as T) ? (value as T) : fail(path);
const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value, path) =>
    value === null ? null : check(value, path);

/** Each field of `shape` read from `value` with its check; no other field is kept. */
function fields<T>(value: unknown, path: string, shape: { [K in keyof T]: Check<T[K]> }): T {
  const source = object(value, path);
  const out = {} as T;
  for (const key of Object.keys(shape) as (keyof T & string)[]) {
    out[key] = shape[key](source[key], `${path}.${key}`);
  }
  return out;
}

const ROLES = ["admin", "customer"] as const;

const company: Check<NonNullable<Me["company"]>> = (value, path) =>
  fields(value, path, {
    id: string,
    tradeName: string,
    email: nullable(string),
    phone: nullable(string),
    city: nullable(string),
    state: nullable(string),
    sector: nullable(string),
    logoUrl: nullable(string),
    subscriptionActive: boolean,
    trialEndsAt: nullable(string),
    planStatus: oneOf(PLAN_STATUSES),
    plan: nullable(oneOf(PLANS)),
    defaultMaxStamps: integer,
    closedAt: nullable(string),
  });

const member: Check<NonNullable<Me["member"]>> = (value, path) =>
  fields(value, path, {
    role: oneOf(MEMBER_ROLES),
    locationId: nullable(string),
    home: oneOf(["/dashboard", "/balcao"] as const),
  });

/** `/api/me` (and a sign-in's answer): the signed-in user, checked as `MeSchema` does. */
export const parseMe = (value: unknown): Me =>
  fields<Me>(value, "me", {
    user: (user, path) => fields(user, path, { id: string, email: string, emailVerified: boolean }),
    profile: (profile, path) =>
      fields(profile, path, {
        id: string,
        role: oneOf(ROLES),
        name: string,
        email: string,
        phone: nullable(string),
        city: nullable(string),
        state: nullable(string),
        birthDate: nullable(string),
        origin: nullable(string),
      }),
    company: nullable(company),
    member: nullable(member),
    deletionDueAt: nullable(string),
  });

/** A sign-in's answer when the account has 2FA: `{ twoFactorRequired: true }`, else null. */
export const twoFactorChallengeOf = (value: unknown): TwoFactorChallenge | null =>
  typeof value === "object" &&
  value !== null &&
  (value as { twoFactorRequired?: unknown }).twoFactorRequired === true
    ? { twoFactorRequired: true }
    : null;

/** A password reset's answer: the account's role. */
export const parsePasswordResetDone = (value: unknown): PasswordResetDone =>
  fields<PasswordResetDone>(value, "reset", { role: oneOf(ROLES) });
