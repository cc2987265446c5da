/**
 * The public site: its pages, their paths, titles and descriptions (for the HTML the server sends,
 * crawlers and link previews, and for the browser tab), and the paths that belong to the app.
 * Both the server (which picks the HTML entry and answers 404) and the web side read it.
 */

import type { SignInPath, SignUpPath } from "./auth-paths";
import type { Locale } from "./languages";

/** The site is written in the app's locales (languages.ts). */
export type SiteLanguage = Locale;

export type SitePage =
  | "home"
  | "companyLanding"
  | "customerLanding"
  | "aiLanding"
  | "help"
  | "terms"
  | "privacy"
  | "notFound";

/** Support contact shown on the landing pages, the help centre and the legal pages. */
export const SUPPORT_EMAIL = "suporte@carimbou.com.br";

/** Path of each page of the public site (the 404 page answers every unknown path). */
export const SITE_PATHS = {
  "/": "home",
  "/lp-empresa": "companyLanding",
  "/lp-usuarios": "customerLanding",
  "/lp-ia-suprema": "aiLanding",
  "/ajuda": "help",
  "/termos": "terms",
  "/privacidade": "privacy",
} as const satisfies Record<string, Exclude<SitePage, "notFound">>;

/** Source file (under src/web/site/pages) and text namespaces of each page. */
export const SITE_PAGE_FILES: Record<SitePage, { file: string; namespaces: string[] }> = {
  home: { file: "home-page", namespaces: ["site", "home"] },
  companyLanding: { file: "company-landing-page", namespaces: ["site", "landing-company"] },
  customerLanding: { file: "customer-landing-page", namespaces: ["site", "landing-customer"] },
  aiLanding: { file: "ai-landing-page", namespaces: ["site", "landing-ai"] },
  help: { file: "help-page", namespaces: ["site", "help"] },
  terms: { file: "legal-page", namespaces: ["site", "legal"] },
  privacy: { file: "legal-page", namespaces: ["site", "legal"] },
  notFound: { file: "not-found-page", namespaces: ["not-found"] },
};

/**
 * Paths of the app (the SPA: sign-in, the panels, the invitation). `:param` matches one segment.
 * `src/web/router.tsx` has a route for each (a test keeps the two lists equal).
 */
export const APP_PATHS = [
  "/convite",
  "/equipe/convite",
  "/descadastrar",
  "/login-admin",
  "/login-admin-en",
  "/login-cliente",
  "/login-client-en",
  "/cadastro-empresa",
  "/signup-company-en",
  "/cadastro-cliente",
  "/signup-client-en",
  "/esqueci-senha",
  "/forgot-password-en",
  "/redefinir-senha",
  "/reset-password-en",
  "/dashboard",
  "/dashboard-en",
  "/clientes",
  "/cartoes",
  "/mensagens",
  "/configuracoes",
  "/plano",
  "/plano/checkout/:invoiceId",
  "/dados-empresa",
  "/dados-usuario",
  "/parceria",
  "/relatorios",
  "/ia-suprema",
  "/parceria-marketplace",
  "/parceria-mensagens",
  "/parcerias-ativas",
  "/equipe",
  "/integracoes",
  "/balcao",
  "/balcao/qr",
  "/dashboard-cliente",
  "/dashboard-cliente/meus-dados",
  "/dashboard-cliente-cartoes-fidelidade",
  "/dashboard-cliente-cartao-fidelidade/:companyId",
  "/carimbar",
] as const;

/** The counter, also a light entry of its own when opened as a page (counter.html, decision 033). */
export const COUNTER_PATH = "/balcao" satisfies (typeof APP_PATHS)[number];

/** Whether a path is the counter's page (a trailing slash allowed). */
export const isCounterPath = (pathname: string) =>
  (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname) === COUNTER_PATH;

/**
 * The customer dashboard, also a light entry of its own when opened as a page (customer.html,
 * decision 043); the customer area's other pages are the app's.
 */
export const CUSTOMER_HOME_PATH = "/dashboard-cliente" satisfies (typeof APP_PATHS)[number];

/** Whether a path is the customer dashboard's page (a trailing slash allowed). */
export const isCustomerHomePath = (pathname: string) =>
  (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname) === CUSTOMER_HOME_PATH;

const APP_PATTERNS = APP_PATHS.map(
  (path) => new RegExp(`^${path.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`),
);

/** What a path shows: a page of the public site, the app, or (unknown path) the 404 page. */
export function resolvePath(pathname: string): { kind: "site"; page: SitePage } | { kind: "app" } {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const page = (SITE_PATHS as Record<string, SitePage>)[path];
  if (page) return { kind: "site", page };
  if (APP_PATTERNS.some((pattern) => pattern.test(path))) return { kind: "app" };
  return { kind: "site", page: "notFound" };
}

// The sign-in and sign-up pages are app pages; their own module keeps the sign-in entry light. A
// page of theirs missing from APP_PATHS fails to compile here.
true satisfies [SignInPath | SignUpPath] extends [(typeof APP_PATHS)[number]] ? true : never;

/** The 404 page is in English when the path contains '-en' (spec section 2). */
export const notFoundLanguage = (pathname: string): SiteLanguage =>
  pathname.includes("-en") ? "en" : "pt-BR";
