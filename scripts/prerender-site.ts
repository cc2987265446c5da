/**
 * Renders every page of the public site, in pt-BR and en, to HTML (dist/web/prerendered/), from
 * the server-side bundle `vite build --ssr` made (dist/site-ssr). The server puts it in site.html:
 * the page shows before its JavaScript runs, and crawlers and link previews read it.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SiteLanguage, SitePage } from "@shared/site";
import { SITE_PAGE_FILES } from "@shared/site";

const root = new URL("..", import.meta.url).pathname;
const out = join(root, "dist/web/prerendered");

type Renderer = { renderSitePage(page: SitePage, language: SiteLanguage): Promise<string> };

async function main() {
  const { renderSitePage } = (await import(join(root, "dist/site-ssr/prerender.js"))) as Renderer;
  mkdirSync(out, { recursive: true });
  for (const page of Object.keys(SITE_PAGE_FILES) as SitePage[]) {
    for (const language of ["pt-BR", "en"] as const) {
      writeFileSync(join(out, `${page}.${language}.html`), await renderSitePage(page, language));
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
