import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";

const dist = new URL("../../dist/web", import.meta.url).pathname;

/** The budget of issue 6: JavaScript a public page downloads to show itself, gzipped. */
export const INITIAL_JS_BUDGET_BYTES = 100 * 1024;

/**
 * The budgets of issue 21 for the app's pages (gzipped initial JavaScript): the sign-in pages
 * (their own entry, decision 018) and the company panel's first screen, the dashboard a company
 * user lands on after signing in; and issue 30's for the counter, an Atendente's home (its own
 * entry, decision 033; the camera's QR reader is loaded on demand, not counted here).
 */
export const APP_PAGE_BUDGETS = [
  { path: "/login-admin", signedIn: false, budgetBytes: 120 * 1024 },
  { path: "/login-cliente", signedIn: false, budgetBytes: 120 * 1024 },
  { path: "/dashboard", signedIn: true, budgetBytes: 200 * 1024 },
  { path: "/balcao", signedIn: true, budgetBytes: 150 * 1024 },
] as const;

type ManifestChunk = { file: string; imports?: string[] };

/** The built files an HTML entry (`index.html`, `signin.html`, `site.html`) imports statically. */
export function entryFiles(entry: string): Set<string> {
  const manifest: Record<string, ManifestChunk> = JSON.parse(
    readFileSync(`${dist}/.vite/manifest.json`, "utf8"),
  );
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  visit(entry);
  return new Set([...keys].map((key) => `/${(manifest[key] as ManifestChunk).file}`));
}

/**
 * Loads `url` and sums the gzipped size (level 9, from the built files) of every script the
 * page fetched until the network went quiet: the entry, its imports, the page's chunk and texts.
 */
export async function measureInitialJs(
  page: Page,
  url: string,
  /** What shows the page's first screen is there (a quiet network alone can come too soon). */
  ready?: (page: Page) => Promise<unknown>,
) {
  await page.goto(url, { waitUntil: "networkidle" });
  if (ready) {
    await ready(page);
    await page.waitForLoadState("networkidle");
  }
  const scripts: string[] = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith(".js")),
  );
  const files = [...new Set(scripts)].map((path) => ({
    path,
    gzipBytes: gzipSync(readFileSync(`${dist}${path}`), { level: 9 }).length,
  }));
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}
