import { z } from "zod";
import { SECTORS, STATE_CODES } from "./brazil";
import { CompanySummarySchema } from "./companies.schema";
import { LANGUAGES } from "./languages";
import {
  CITY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
} from "./limits";
import { SignUpOriginParamsSchema } from "./origin";
import { isBrazilianPhone } from "./phone";
import { MemberRoleSchema } from "./team.schema";
import { isCalendarDate, text } from "./text";

/**
 * Messages are keys of the `validation` translation namespace, so the form and the API
 * (field errors of `validation_failed`) speak the same language.
 * Fields are declared in the order the spec checks them (section 5).
 */
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "email_required")
  .max(EMAIL_MAX_LENGTH, "email_invalid")
  .pipe(z.email("email_invalid"));

export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, "password_too_short")
  .max(PASSWORD_MAX_LENGTH, "password_too_long");

const city = text().trim().min(1, "city_required").max(CITY_MAX_LENGTH, "city_too_long");

const state = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, "state_required")
  .pipe(z.enum(STATE_CODES, "state_invalid"));

/** A customer's city and state: never required (asked later, in 'Meus dados'); empty is none. */
const optionalCity = text().trim().max(CITY_MAX_LENGTH, "city_too_long");
const optionalState = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === "" || (STATE_CODES as readonly string[]).includes(v), "state_invalid");

/** A phone as typed: empty, or a Brazilian number (DDD + 8 or 9 digits, phone.ts), any spelling. */
export const phoneText = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, "phone_invalid")
  .refine((value) => value === "" || isBrazilianPhone(value), "phone_invalid");

export const CompanySignUpSchema = z.object({
  companyName: text().trim().min(1, "company_name_required").max(NAME_MAX_LENGTH, "name_too_long"),
  email: EmailSchema,
  password: NewPasswordSchema,
  city,
  state,
  phone: phoneText.min(1, "phone_required_company"),
  sector: z.enum(SECTORS, "sector_required"),
});
export type CompanySignUp = z.infer<typeof CompanySignUpSchema>;

/** YYYY-MM-DD, a real calendar day, not in the future. */
export const birthDate = z
  .string()
  .trim()
  .refine((value) => {
    if (value === "") return true;
    if (!isCalendarDate(value)) return false;
    return new Date(`${value}T00:00:00Z`).getTime() <= Date.now();
  }, "birth_date_invalid");

export const CustomerSignUpSchema = z.object({
  name: text().trim().min(1, "name_required").max(NAME_MAX_LENGTH, "name_too_long"),
  email: EmailSchema,
  password: NewPasswordSchema,
  /** Optional: the short sign-up asks only name, e-mail and password (issue 31). */
  city: optionalCity.optional(),
  state: optionalState.optional(),
  phone: phoneText,
  birthDate,
  origin: SignUpOriginParamsSchema.optional(),
  /**
   * The unticked 'Quero receber promoções…' box of a sign-up through a company's link: true records
   * the consent (assistant.schema's text, in `language`, the company's name filled in by the server).
   */
  marketingConsent: z.boolean().optional(),
  /** The language of the page the person saw (the consent's text is recorded in it). */
  language: z.enum(LANGUAGES).optional(),
});
export type CustomerSignUp = z.infer<typeof CustomerSignUpSchema>;

/**
 * 'Meus dados' in the customer area: the person's own name, phone, birthday, city and state
 * (LGPD art. 18 III, correction: a change reaches every company's view, issue 34). An empty
 * optional field clears it.
 */
export const CustomerProfileSchema = z
  .object({
    name: text().trim().min(1, "name_required").max(NAME_MAX_LENGTH, "name_too_long"),
    phone: phoneText,
    birthDate,
    city: optionalCity,
    state: optionalState,
  })
  .meta({ id: "CustomerProfile" });
export type CustomerProfile = z.infer<typeof CustomerProfileSchema>;

/**
 * No password is shorter than the minimum, so a shorter one is refused before it is tried (and
 * counted as a failed attempt): 'A senha deve ter pelo menos 6 caracteres.' (spec section 8).
 */
export const SignInSchema = z.object({
  email: EmailSchema,
  password: z
    .string()
    .min(1, "password_required")
    .min(PASSWORD_MIN_LENGTH, "password_too_short")
    .max(PASSWORD_MAX_LENGTH, "password_too_long"),
});
export type SignIn = z.infer<typeof SignInSchema>;

export const ResendConfirmationSchema = z.object({ email: EmailSchema });
export type ResendConfirmation = z.infer<typeof ResendConfirmationSchema>;

/** The language of the page a request came from (e-mails follow it when the user has none). */
export const RequestLanguageSchema = z.enum(LANGUAGES);
export type RequestLanguage = z.infer<typeof RequestLanguageSchema>;

/** 'Esqueci minha senha': the answer is the same whether an account has the e-mail or not. */
export const ForgotPasswordSchema = z.object({
  email: EmailSchema,
  language: RequestLanguageSchema.optional(),
});
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

/** How long the link of the password recovery e-mail works (once). */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

/** The new password, typed twice, with the token of the e-mail's link. */
export const ResetPasswordSchema = z
  .object({
    token: z.string().trim().min(1, "reset_token_invalid").max(512, "reset_token_invalid"),
    password: NewPasswordSchema,
    passwordConfirmation: z.string().max(PASSWORD_MAX_LENGTH, "password_mismatch"),
  })
  .refine((input) => input.password === input.passwordConfirmation, {
    path: ["passwordConfirmation"],
    message: "password_mismatch",
  });
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

/** After a reset: whose sign-in page to go to. */
export const PasswordResetDoneSchema = z
  .object({ role: z.enum(["admin", "customer"]) })
  .meta({ id: "PasswordResetDone" });
export type PasswordResetDone = z.infer<typeof PasswordResetDoneSchema>;

export const RoleSchema = z.enum(["admin", "customer"]).meta({ id: "Role" });
export type Role = z.infer<typeof RoleSchema>;

export const ProfileSchema = z
  .object({
    id: z.string(),
    role: RoleSchema,
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    birthDate: z.string().nullable(),
    origin: z.string().nullable(),
  })
  .meta({ id: "Profile" });
export type Profile = z.infer<typeof ProfileSchema>;

export const MeSchema = z
  .object({
    user: z.object({ id: z.string(), email: z.string(), emailVerified: z.boolean() }),
    profile: ProfileSchema,
    company: z.union([CompanySummarySchema, z.null()]),
    /** The user's place in the company's team (null: a customer, or no team). */
    member: z.union([
      z.object({
        role: MemberRoleSchema,
        locationId: z.string().nullable(),
        /** Where the member lands after signing in (`memberHome`: /balcao for an Atendente). */
        home: z.enum(["/dashboard", "/balcao"]),
      }),
      z.null(),
    ]),
    /**
     * The account's deletion asked for and not done yet (issue 34): it happens at this time unless
     * cancelled ('Meus dados'); null otherwise.
     */
    deletionDueAt: z.string().nullable(),
  })
  .meta({ id: "Me" });
export type Me = z.infer<typeof MeSchema>;
