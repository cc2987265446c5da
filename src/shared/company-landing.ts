import { z } from "zod";
import { PublicCompanySchema } from "./companies.schema";
import { resolveSignUpOrigin, type SignUpOriginParams, SignUpOriginParamsSchema } from "./origin";

/**
 * What a company's sign-up link (its printed QR code) shows before anyone signs in: the public card
 * with what the customer wins. The server puts it in the page's HTML (the welcome card, readable
 * before the app's scripts arrive) and `GET /api/companies/{id}/public` answers it.
 */
export const CompanyLandingSchema = PublicCompanySchema.extend({
  /** '#rrggbb' of the company's cards; null = the app's default (brand-color.ts). */
  brandColor: z.string().nullable(),
  /** The default programme: '8 carimbos = 1 café expresso'; null when it has none running. */
  program: z.object({ stampsRequired: z.number().int(), reward: z.string() }).nullable(),
  /** The special promotion, only while it is active and today is within its dates. */
  promotion: z
    .object({ title: z.string(), description: z.string(), endsOn: z.string().nullable() })
    .nullable(),
  /** Stamps given in the customer's birthday month; null when the birthday rule is off. */
  birthdayStamps: z.number().int().nullable(),
}).meta({ id: "CompanyLanding" });
export type CompanyLanding = z.infer<typeof CompanyLandingSchema>;

/** The query parameters of a sign-up link that say where the customer came from (origin.ts). */
export const SIGN_UP_ORIGIN_PARAMS = [
  "empresa_id",
  "origem",
  "parceria",
  "afiliado",
  "indicador",
  "empresa",
] as const;

/** A sign-up link's origin parameters, or undefined when it has none (or they are malformed). */
export function readOriginParams(params: URLSearchParams): SignUpOriginParams | undefined {
  const present = SIGN_UP_ORIGIN_PARAMS.flatMap((name) => {
    const value = params.get(name)?.trim();
    return value ? [[name, value] as const] : [];
  });
  if (present.length === 0) return undefined;
  const parsed = SignUpOriginParamsSchema.safeParse(Object.fromEntries(present));
  return parsed.success ? parsed.data : undefined;
}

/** On the customers' sign-in page, keeps the sign-in form with a sign-up link's parameters. */
export const STAY_ON_SIGN_IN_PARAM = "entrar";

/**
 * Whether the customers' sign-in page, opened with these parameters, shows the sign-up at once: a
 * company's, partner's or friend's link (the printed QR codes point at /login-cliente) does,
 * unless it comes back from the e-mail confirmation (`confirmado=1`, or `error`) or the person
 * chose 'Já tem conta? Faça login' (`entrar=1`). The server answers such an address with a
 * redirect; the page itself does the same in the browser.
 */
export function opensOnSignUp(params: URLSearchParams): boolean {
  if (params.has("error") || params.get("confirmado") === "1") return false;
  if (params.get(STAY_ON_SIGN_IN_PARAM) === "1") return false;
  return resolveSignUpOrigin(readOriginParams(params) ?? {}).kind !== "generic";
}
