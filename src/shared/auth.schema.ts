import { z } from "zod";
import { SECTORS, STATE_CODES } from "./brazil";
import {
  CITY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
} from "./limits";
import { SignUpOriginParamsSchema } from "./origin";

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

const city = z.string().trim().min(1, "city_required").max(CITY_MAX_LENGTH, "city_too_long");

const state = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, "state_required")
  .pipe(z.enum(STATE_CODES, "state_invalid"));

export const phoneText = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, "phone_invalid")
  .regex(/^[0-9()+\-.\s]*$/, "phone_invalid");

export const CompanySignUpSchema = z.object({
  companyName: z
    .string()
    .trim()
    .min(1, "company_name_required")
    .max(NAME_MAX_LENGTH, "name_too_long"),
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
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const date = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
    return date.getTime() <= Date.now() && date.getUTCFullYear() >= 1900;
  }, "birth_date_invalid");

export const CustomerSignUpSchema = z.object({
  name: z.string().trim().min(1, "name_required").max(NAME_MAX_LENGTH, "name_too_long"),
  email: EmailSchema,
  password: NewPasswordSchema,
  city,
  state,
  phone: phoneText,
  birthDate,
  origin: SignUpOriginParamsSchema.optional(),
});
export type CustomerSignUp = z.infer<typeof CustomerSignUpSchema>;

export const SignInSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, "password_required").max(PASSWORD_MAX_LENGTH, "password_too_long"),
});
export type SignIn = z.infer<typeof SignInSchema>;

export const ResendConfirmationSchema = z.object({ email: EmailSchema });
export type ResendConfirmation = z.infer<typeof ResendConfirmationSchema>;
