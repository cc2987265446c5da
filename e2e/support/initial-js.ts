import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";

const dist = new URL("../../dist/web", import.meta.url).pathname;

/** The budget of issue 6: JavaScript a public page downloads to show itself, gzipped. */
export const INITIAL_JS_BUDGET_BYTES = 100 * 1024;

/**
 * Loads `url` and sums the gzipped size (level 9, from the built files) of every script the
 * page fetched until the network went quiet: the entry, its imports, the page's chunk and texts.
 */
export async function measureInitialJs(page: Page, url: string) {
  await page.goto(url, { waitUntil: "networkidle" });
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
