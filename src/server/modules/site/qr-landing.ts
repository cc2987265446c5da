import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { marketingConsentText } from "@shared/assistant.schema";
import { SIGN_UP_PATHS, signInPathOf, signUpPathOf } from "@shared/auth-paths";
import { brandPalette } from "@shared/brand-color";
import { type CompanyLanding, opensOnSignUp, readOriginParams } from "@shared/company-landing";
import { type Locale, toLanguage, toLocale } from "@shared/languages";
import { resolveSignUpOrigin, type SignUpOriginKind } from "@shared/origin";
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import enAuth from "../../../web/locales/en/auth.json";
import enCommon from "../../../web/locales/en/common.json";
import enCompanies from "../../../web/locales/en/companies.json";
import ptAuth from "../../../web/locales/pt-BR/auth.json";
import ptCommon from "../../../web/locales/pt-BR/common.json";
import ptCompanies from "../../../web/locales/pt-BR/companies.json";
import type { Db } from "../../db/client";
import { findCompanyLanding } from "../companies/company-landing.queries";

/**
 * The page a company's QR code opens (decision 035). The printed codes point at
 * /login-cliente?empresa_id=…: the server answers with a redirect to /cadastro-cliente with the
 * same parameters (the browser would otherwise load the sign-in page only to leave it). There, for
 * a visitor without a session, the app's HTML comes with the company's welcome card (name, logo,
 * brand colour, '8 carimbos = 1 café expresso', the running promotion) and a skeleton of the
 * sign-up form already in it, so the text paints as soon as the HTML and the styles arrive; the
 * card's data rides along as JSON for the app, which replaces the skeleton when it is ready
 * (main.tsx). Texts are the web's own (its locale files), every company text HTML-escaped.
 */

const TEXTS = {
  "pt-BR": { auth: ptAuth, common: ptCommon, companies: ptCompanies },
  en: { auth: enAuth, common: enCommon, companies: enCompanies },
} as const;

/** Where the app finds the card's data (main.tsx seeds its query with it). */
export const QR_LANDING_DATA_ID = "qr-landing-data";

export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

/** JSON inside a <script> element: no '<' can close it or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** i18next's `{{name}}` filled in (values escaped) and its `_one`/`_other` picked by `count`. */
function text(
  entries: Record<string, unknown>,
  key: string,
  locale: Locale,
  values: Record<string, string | number> = {},
): string {
  const path = key.split(".");
  const last = path.pop() ?? "";
  let node: unknown = entries;
  for (const part of path) node = (node as Record<string, unknown>)?.[part];
  const group = node as Record<string, string>;
  const plural =
    typeof values.count === "number"
      ? `${last}_${new Intl.PluralRules(locale).select(values.count)}`
      : null;
  const template = (plural && group[plural]) || group[`${last}_other`] || group[last] || "";
  return escapeHtml(template).replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? escapeHtml(String(values[name])) : whole,
  );
}

const svg = (paths: string[], className: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="${className}">${paths.map((d) => `<path d="${d}"></path>`).join("")}</svg>`;

const STAMP_ICON = [
  "M14 13V8.5C14 7 15 7 15 5a3 3 0 0 0-6 0c0 2 1 2 1 3.5V13",
  "M20 15.5a2.5 2.5 0 0 0-2.5-2.5h-11A2.5 2.5 0 0 0 4 15.5V17a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1z",
  "M5 22h14",
];
const LANGUAGES_ICON = [
  "m5 8 6 6",
  "m4 14 6-6 2-3",
  "M2 5h12",
  "M7 2h1",
  "m22 22-5-10-5 10",
  "M14 18h6",
];

/** The welcome card as CompanyWelcomeCard draws it (keep the two alike: no jump at the swap). */
export function welcomeCardHtml(company: CompanyLanding, locale: Locale): string {
  const t = (key: string, values?: Record<string, string | number>) =>
    text(TEXTS[locale].companies, key, locale, values);
  const { background, foreground } = brandPalette(company.brandColor);
  const place = [company.city, company.state].filter(Boolean).join("/");
  const initial = escapeHtml([...company.tradeName.trim()][0]?.toUpperCase() ?? "");
  const logo = company.logoUrl
    ? `<img src="${escapeHtml(company.logoUrl)}" alt="" width="56" height="56" class="size-14 shrink-0 rounded-xl border-2 border-white/70 bg-white object-cover" />`
    : `<span aria-hidden="true" class="flex size-14 shrink-0 items-center justify-center rounded-xl bg-white/20 font-bold text-2xl">${initial}</span>`;
  const program = company.program
    ? `<p class="font-bold text-xl leading-snug">${t("welcome.program", {
        count: company.program.stampsRequired,
        reward: company.program.reward,
      })}</p><div aria-hidden="true" class="flex flex-wrap gap-1.5">${`<span class="size-5 rounded-full border-2" style="border-color:${background}"></span>`.repeat(
        Math.min(company.program.stampsRequired, 30),
      )}</div>`
    : "";
  const promotion = company.promotion
    ? `<div class="grid gap-0.5 rounded-lg border border-dashed p-3" style="border-color:${background}"><p class="font-semibold text-muted-foreground text-xs uppercase tracking-wide">${t("welcome.promotion")}</p>${
        company.promotion.title
          ? `<p class="break-words font-semibold">${escapeHtml(company.promotion.title)}</p>`
          : ""
      }<p class="whitespace-pre-line break-words text-muted-foreground text-sm">${escapeHtml(company.promotion.description)}</p></div>`
    : "";
  return `<section data-welcome-card aria-label="${escapeHtml(company.tradeName)}" class="overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm"><div class="flex items-center gap-4 px-5 py-4" style="background-color:${background};color:${foreground}">${logo}<div class="min-w-0"><p class="font-medium text-sm opacity-90">${t("welcome.title")}</p><p class="break-words font-bold text-2xl leading-tight">${escapeHtml(company.tradeName)}</p>${
    place ? `<p class="text-sm opacity-90">${escapeHtml(place)}</p>` : ""
  }</div></div><div class="grid gap-3 px-5 py-4">${program}<p class="text-muted-foreground text-sm">${t("welcome.description")}</p>${promotion}</div></section>`;
}

/** The sign-up form's frame with grey fields, until the app's own form takes its place. */
function formSkeletonHtml(company: CompanyLanding, locale: Locale): string {
  const t = (key: string, values?: Record<string, string | number>) =>
    text(TEXTS[locale].auth, key, locale, values);
  const { background, foreground } = brandPalette(company.brandColor);
  const field = (label: string, hint = "") =>
    `<div class="grid content-start gap-2"><span class="flex select-none items-center gap-2 font-medium text-sm leading-none">${label}</span><div class="h-10 w-full animate-pulse rounded-md border border-input bg-muted"></div>${
      hint ? `<p class="text-muted-foreground text-xs">${hint}</p>` : ""
    }</div>`;
  const birthday = company.birthdayStamps
    ? t("fields.birthDateReason", { count: company.birthdayStamps })
    : t("fields.birthDateReasonGeneric");
  const consent = escapeHtml(marketingConsentText(toLanguage(locale), company.tradeName));
  return `<div data-slot="card" class="flex flex-col gap-6 rounded-xl border bg-card py-6 text-card-foreground shadow-sm"><div class="grid auto-rows-min items-start gap-1.5 px-6"><h1 class="font-semibold text-2xl leading-tight">${t("customer.signUpTitle")}</h1><div class="text-muted-foreground text-sm">${t("customer.signUpDescription")}</div></div><div class="px-6"><div class="grid gap-4" aria-busy="true">${field(t("fields.name"))}${field(t("fields.email"))}${field(t("fields.password"), t("fields.passwordHint"))}${field(t("fields.phoneOptional"))}${field(t("fields.birthDate"), birthday)}<div class="flex items-start gap-3"><span class="mt-0.5 size-4 shrink-0 rounded-sm border border-input"></span><span class="text-muted-foreground text-sm leading-snug">${consent}</span></div><div class="inline-flex h-11 items-center justify-center gap-2 rounded-md px-6 font-medium text-base opacity-70" style="background-color:${background};color:${foreground}">${svg(["M21 12a9 9 0 1 1-6.219-8.56"], "size-4 animate-spin")}${t("submit.signUpCustomer")}</div></div></div><div class="flex items-center justify-center px-6"><span class="inline-flex h-9 items-center px-4 py-2 font-medium text-primary text-sm">${t("customer.toSignIn")}</span></div></div>`;
}

/** The origin banner as OriginBanner draws it, for a company's or partner's link. */
function originBannerHtml(kind: SignUpOriginKind, locale: Locale): string {
  if (kind !== "company" && kind !== "partnership") return "";
  return `<div role="status" class="relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-primary text-sm"><div class="col-start-2 grid justify-items-start gap-1 font-medium text-foreground text-sm">${text(TEXTS[locale].auth, `origin.${kind}`, locale)}</div></div>`;
}

/** PublicLayout's header (brand and language switch), inert until the app takes over. */
function headerHtml(locale: Locale): string {
  const common = TEXTS[locale].common;
  return `<header class="border-b bg-background/80 backdrop-blur"><div class="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4"><a href="/" class="inline-flex items-center gap-2 rounded-md font-bold text-lg tracking-tight"><span class="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">${svg(STAMP_ICON, "size-4")}</span><span>${escapeHtml(common.appName)}</span></a><span class="inline-flex h-8 items-center gap-1.5 px-3 font-medium text-muted-foreground text-sm">${svg(LANGUAGES_ICON, "size-4")}${escapeHtml(common.language.switch)}</span></div></header>`;
}

/** The landing's body: what sits in #root until the app replaces it. */
export function qrLandingBody(company: CompanyLanding, locale: Locale, kind: SignUpOriginKind) {
  return `<div data-qr-landing class="flex min-h-svh flex-col">${headerHtml(locale)}<main class="flex-1"><div class="mx-auto grid w-full max-w-md gap-4 px-4 py-10">${welcomeCardHtml(company, locale)}${originBannerHtml(kind, locale)}${formSkeletonHtml(company, locale)}</div></main></div>`;
}

type ManifestChunk = { file: string; imports?: string[] };

/**
 * The app's HTML for the landing: the stylesheet first (it gates the first paint), the page's
 * own code and texts preloaded, the card and skeleton in #root, the card's data for the app.
 */
export function createQrLandingPage(webRoot: string) {
  const indexHtml = readFileSync(join(webRoot, "index.html"), "utf8");
  const manifestPath = join(webRoot, ".vite/manifest.json");
  const manifest: Record<string, ManifestChunk> = existsSync(manifestPath)
    ? JSON.parse(readFileSync(manifestPath, "utf8"))
    : {};
  const files = Object.values(manifest).map((chunk) => chunk.file);
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) closure(child, seen);
    return seen;
  };
  const inEntry = closure("index.html");
  const pageChunks = [...closure("routes/auth/customer-login-page.tsx")]
    .filter((key) => !inEntry.has(key))
    .map((key) => (manifest[key] as ManifestChunk).file);
  // The texts the sign-in pages' route loads (router.tsx SIGN_IN_NAMESPACES), with pt-BR's fallback.
  const namespaces = ["errors", "validation", "auth", "companies", "customers", "layout"];
  const texts = (locale: Locale) =>
    [...new Set<Locale>([locale, "pt-BR"])].flatMap((language) =>
      namespaces.flatMap((ns) =>
        files.filter((f) => f.startsWith(`assets/texts-${language}-${ns}-`)),
      ),
    );
  const stylesheet = indexHtml.match(/\s*<link rel="stylesheet"[^>]*>/)?.[0] ?? "";
  const base = indexHtml
    .replace(stylesheet, "")
    .replace(/(<meta name="viewport"[^>]*>)/, `$1${stylesheet}`);

  return function page(company: CompanyLanding, locale: Locale, kind: SignUpOriginKind): string {
    const title = `${escapeHtml(company.tradeName)} · Carimbou`;
    const preloads = [...pageChunks, ...texts(locale)]
      .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`)
      .join("\n    ");
    return base
      .replace(/<html lang="[^"]*">/, `<html lang="${locale}">`)
      .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
      .replace("</head>", () => `    ${preloads}\n  </head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${qrLandingBody(company, locale, kind)}</div>\n    <script type="application/json" id="${QR_LANDING_DATA_ID}">${scriptJson(company)}</script>`,
      );
  };
}

/**
 * The middleware in front of the app's HTML: the customers' sign-in page with a sign-up link's
 * parameters redirects (302) to the sign-up page; that page, with a company found and no session
 * cookie, gets the landing. Anything else goes on to the plain page.
 */
export function qrLanding({ db, webRoot }: { db: Db; webRoot: string }): MiddlewareHandler {
  const page = createQrLandingPage(webRoot);
  return async (c, next) => {
    const url = new URL(c.req.url);
    const signIn = signInPathOf(c.req.path);
    if (signIn === "/login-cliente" || signIn === "/login-client-en") {
      if (!opensOnSignUp(url.searchParams)) return next();
      return c.redirect(`${SIGN_UP_PATHS[signIn]}${url.search}`, 302);
    }
    const signUp = signUpPathOf(c.req.path);
    if (signUp !== "/cadastro-cliente" && signUp !== "/signup-client-en") return next();
    const origin = resolveSignUpOrigin(readOriginParams(url.searchParams) ?? {});
    // A session may be signed in: the app decides (the join question, or the customer's panel).
    if (!origin.companyId || /session_token=/.test(c.req.header("cookie") ?? "")) return next();
    const company = await findCompanyLanding(db, origin.companyId);
    if (!company) return next();
    const locale: Locale =
      signUp === "/signup-client-en" ? "en" : toLocale(getCookie(c, "app-language"));
    // Per company and visitor, and the company may change it: never kept by a shared cache.
    c.header("Cache-Control", "private, no-cache");
    c.header("Vary", "Cookie, Accept-Encoding");
    return c.html(page(company, locale, origin.kind));
  };
}
