import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { signInPathOf } from "@shared/auth-paths";
import { toLocale, toOpenGraphLocale } from "@shared/languages";
import {
  isCounterPath,
  isCustomerHomePath,
  notFoundLanguage,
  resolvePath,
  SITE_PAGE_FILES,
  SITE_PATHS,
  type SiteLanguage,
  type SitePage,
} from "@shared/site";
import { SITE_META } from "@shared/site-meta";

type ManifestChunk = { file: string; src?: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

export type WebPage = { status: 200 | 404; html: string };

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The HTML of every path, from the built web app (dist/web): the app's paths get index.html, but
 * the sign-in pages signin.html, their light entry (decision 018), and the counter (/balcao)
 * counter.html, its own (decision 033), and the customer dashboard (/dashboard-cliente)
 * customer.html (decision 043); the public site's pages get site.html with their title, description, canonical URL and Open Graph
 * tags (for crawlers and link previews, which run no JavaScript) and `modulepreload` links for the
 * page's own chunks and texts, so the browser fetches them with the entry instead of after it.
 * Unknown paths get the site's 404 page with status 404.
 */
export function createSiteHtml(webRoot: string, appUrl: string) {
  const indexHtml = readFileSync(join(webRoot, "index.html"), "utf8");
  const siteHtml = readFileSync(join(webRoot, "site.html"), "utf8");
  const signInFile = join(webRoot, "signin.html");
  const signInHtml = existsSync(signInFile) ? readFileSync(signInFile, "utf8") : indexHtml;
  const counterFile = join(webRoot, "counter.html");
  const counterHtml = existsSync(counterFile) ? readFileSync(counterFile, "utf8") : indexHtml;
  const customerFile = join(webRoot, "customer.html");
  const customerHtml = existsSync(customerFile) ? readFileSync(customerFile, "utf8") : indexHtml;
  const manifestPath = join(webRoot, ".vite/manifest.json");
  const manifest: Manifest = existsSync(manifestPath)
    ? JSON.parse(readFileSync(manifestPath, "utf8"))
    : {};
  const files = Object.values(manifest).map((chunk) => chunk.file);
  const hasOgImage = existsSync(join(webRoot, "og-image.png"));

  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) closure(child, seen);
    return seen;
  };
  const entryChunks = closure("site.html");

  function preloads(page: SitePage, language: SiteLanguage): string[] {
    const { file, namespaces } = SITE_PAGE_FILES[page];
    const chunks = [...closure(`site/pages/${file}.tsx`)].filter((key) => !entryChunks.has(key));
    const texts = ["common", ...namespaces].flatMap((namespace) => {
      const prefix = `assets/texts-${language}-${namespace}-`;
      return files.filter((f) => f.startsWith(prefix));
    });
    return [...chunks.map((key) => (manifest[key] as ManifestChunk).file), ...texts];
  }

  /** The page rendered at build time (npm run build), if it was. */
  const prerendered = (page: SitePage, language: SiteLanguage) => {
    const file = join(webRoot, "prerendered", `${page}.${language}.html`);
    return existsSync(file) ? readFileSync(file, "utf8") : "";
  };

  function render(page: SitePage, language: SiteLanguage, path: string | null): string {
    const { title, description } = SITE_META[page][language];
    const url = path === null ? null : new URL(path, appUrl).toString();
    const head = [
      `<meta name="description" content="${escapeHtml(description)}" />`,
      url
        ? `<link rel="canonical" href="${escapeHtml(url)}" />`
        : `<meta name="robots" content="noindex" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="Carimbou" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      url ? `<meta property="og:url" content="${escapeHtml(url)}" />` : "",
      `<meta property="og:locale" content="${toOpenGraphLocale(language)}" />`,
      hasOgImage
        ? `<meta property="og:image" content="${escapeHtml(new URL("/og-image.png", appUrl).toString())}" />\n    <meta property="og:image:width" content="1200" />\n    <meta property="og:image:height" content="630" />\n    <meta name="twitter:card" content="summary_large_image" />`
        : "",
      ...preloads(page, language).map(
        (file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`,
      ),
    ].filter(Boolean);
    return siteHtml
      .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
      .replace(/\n\s*<meta\s+name="description"[^>]*>/, "")
      .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace("</head>", `    ${head.join("\n    ")}\n  </head>`)
      .replace(
        '<div id="root"></div>',
        () => `<div id="root" data-lang="${language}">${prerendered(page, language)}</div>`,
      );
  }

  const pages = new Map<SitePage, Record<SiteLanguage, WebPage>>();
  for (const [path, page] of Object.entries(SITE_PATHS)) {
    pages.set(page, {
      "pt-BR": { status: 200, html: render(page, "pt-BR", path) },
      en: { status: 200, html: render(page, "en", path) },
    });
  }
  const notFound = {
    "pt-BR": { status: 404, html: render("notFound", "pt-BR", null) },
    en: { status: 404, html: render("notFound", "en", null) },
  } as const;
  const app: WebPage = { status: 200, html: indexHtml };
  const signIn: WebPage = { status: 200, html: signInHtml };
  const counter: WebPage = { status: 200, html: counterHtml };
  const customer: WebPage = { status: 200, html: customerHtml };

  /**
   * The page a GET of `pathname` answers with: a site page in the visitor's language (the
   * `app-language` cookie the web side keeps beside local storage; Portuguese by default).
   */
  return function pageFor(pathname: string, languageCookie?: string): WebPage {
    const route = resolvePath(pathname);
    if (route.kind === "app") {
      if (signInPathOf(pathname)) return signIn;
      if (isCounterPath(pathname)) return counter;
      return isCustomerHomePath(pathname) ? customer : app;
    }
    const page = pages.get(route.page);
    if (!page) return notFound[notFoundLanguage(pathname)];
    return page[toLocale(languageCookie)];
  };
}

/** robots.txt: everything but the API may be crawled; the sitemap lists the public pages. */
export const robotsTxt = (appUrl: string) =>
  `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${new URL("/sitemap.xml", appUrl)}\n`;

export const sitemapXml = (appUrl: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${Object.keys(
    SITE_PATHS,
  )
    .map((path) => `  <url><loc>${escapeHtml(new URL(path, appUrl).toString())}</loc></url>`)
    .join("\n")}\n</urlset>\n`;
