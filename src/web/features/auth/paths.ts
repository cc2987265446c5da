import type { Me, Role } from "@shared/auth.schema";
import type { Locale } from "@shared/languages";

const en = (language: Locale) => language === "en";

/**
 * Where a signed-in user belongs (spec sections 2 and 6): a customer's dashboard, or the member's
 * home in the company panel (/dashboard; /balcao for an Atendente: the server reads it from the
 * permission table, so the sign-in entry does not download the table).
 */
export const homePathFor = (me: Pick<Me, "profile" | "member">) =>
  me.profile.role !== "admin" ? "/dashboard-cliente" : (me.member?.home ?? "/dashboard");

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

/** The query parameter of a sign-in page naming where to go back after signing in. */
export const RETURN_PARAM = "voltar";

/**
 * Where to go back after signing in: a path of this app (never another site: it must start with
 * one "/"), else null.
 */
export const returnPathOf = (value: string | null | undefined): string | null =>
  value && /^\/(?![/\\])/.test(value) ? value : null;
