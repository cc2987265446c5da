import type { SiteLanguage, SitePage } from "@shared/site";
import { renderToString } from "react-dom/server";
import { SITE_PAGES } from "./pages";
import { SiteRoot } from "./root";
import { loadTexts, pageNamespaces } from "./texts";

/**
 * Server-side entry, run at build time (`npm run build`): the HTML of a public page in one
 * language, which the server puts in site.html so the page shows before its JavaScript runs
 * (and crawlers read it); the browser then hydrates it.
 */
export async function renderSitePage(page: SitePage, language: SiteLanguage): Promise<string> {
  const [Page] = await Promise.all([SITE_PAGES[page](), loadTexts(pageNamespaces(page), language)]);
  return renderToString(<SiteRoot page={page} Page={Page} />);
}
