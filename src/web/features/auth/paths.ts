import type { Role } from "@shared/auth.schema";
import type { Locale } from "@shared/languages";

const en = (language: Locale) => language === "en";

/** Where a signed-in user belongs (spec sections 2 and 6). */
export const homePathFor = (role: Role) => (role === "admin" ? "/dashboard" : "/dashboard-cliente");

/** The sign-in page of a role, in the page's language (spec section 2: the `-en` variants). */
export const signInPath = (role: Role, language: Locale) =>
  role === "admin"
    ? en(language)
      ? "/login-admin-en"
      : "/login-admin"
    : en(language)
      ? "/login-client-en"
      : "/login-cliente";

/** `?conta=` of the recovery pages: whose sign-in page to go back to. */
export const roleOfAccountParam = (value: string | null): Role =>
  value === "empresa" ? "admin" : "customer";

/** 'Esqueci minha senha' from a sign-in page. */
export const forgotPasswordPath = (role: Role, language: Locale) =>
  `${en(language) ? "/forgot-password-en" : "/esqueci-senha"}?conta=${role === "admin" ? "empresa" : "cliente"}`;

/** Query parameter the sign-in pages read to say the password was reset. */
export const PASSWORD_RESET_PARAM = "senha_redefinida";
