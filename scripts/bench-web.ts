/**
 * `npm run bench:web`: builds the web app, starts it on a fresh embedded database and, for each
 * page of the public site, measures the JavaScript it downloads to show itself (gzipped; budget
 * 100 KB) and runs Lighthouse (mobile: emulated phone, simulated slow 4G and 4x CPU slowdown)
 * in Debian's Chromium: performance, accessibility, best practices and SEO scores (goal: 95 each).
 * Prints the table and rewrites the "## Public site" section of docs/performance.md.
 * `BENCH_WEB_RUNS` (default 3) Lighthouse runs per page; the median performance run is kept.
 * `BENCH_WEB_PAGES=/,/ajuda` measures only those paths. The 404 page gets no Lighthouse run
 * (Lighthouse refuses to audit a page answered with status 404): its JS is measured.
 * Then the app's pages with their own budgets (issue 21): the sign-in pages and, for a signed-in
 * company, the dashboard and the counter (/balcao, issue 30); rewrites the "## App pages" section.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { SITE_PATHS } from "@shared/site";
import * as chromeLauncher from "chrome-launcher";
import { startAppServer } from "../e2e/support/app-server";
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from "../e2e/support/browser";
import { INITIAL_JS_BUDGET_BYTES, measureInitialJs } from "../e2e/support/initial-js";
import { startMailServer } from "../e2e/support/mail-server";
import { APP_SECTION, type AppRow, appPagesSection, measureAppPages } from "./bench-web-app";
import { type LighthouseFigures, lighthouseMedian } from "./bench-web-lighthouse";
import { writePerformanceSection } from "./perf-doc";
import { scriptEnv } from "./script-env";

const SECTION = "## Public site";
const RUNS = Number(scriptEnv.BENCH_WEB_RUNS ?? 3);
const GOAL = 95;
const root = new URL("..", import.meta.url).pathname;

const NOT_FOUND = "/pagina-inexistente";
const routes = (
  scriptEnv.BENCH_WEB_PAGES?.split(",") ?? [...Object.keys(SITE_PATHS), NOT_FOUND]
).map((path) => path.trim());
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

type Row = {
  path: string;
  jsKb: number;
  scripts: number;
  lighthouse: LighthouseFigures<(typeof CATEGORIES)[number]> | null;
};

async function main() {
  console.info("Building the web app...");
  execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
  const mail = await startMailServer();
  const server = await startAppServer({ smtpUrl: mail.url });
  const browser = await launchBrowser();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  const rows: Row[] = [];
  let appRows: AppRow[] = [];
  try {
    for (const path of routes) {
      const url = `${server.baseUrl}${path}`;
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      const js = await measureInitialJs(page, url);
      await context.close();

      if (path === NOT_FOUND) {
        rows.push({ path, jsKb: js.gzipBytes / 1024, scripts: js.files.length, lighthouse: null });
        console.info(
          `${path}: ${(js.gzipBytes / 1024).toFixed(1)} KB JS (status 404: no Lighthouse run)`,
        );
        continue;
      }
      const { lhr, figures } = await lighthouseMedian(chrome.port, url, {
        runs: RUNS,
        categories: CATEGORIES,
      });
      const row: Row = {
        path,
        jsKb: js.gzipBytes / 1024,
        scripts: js.files.length,
        lighthouse: figures,
      };
      rows.push(row);
      const failing = Object.values(lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 0.9 &&
            a.scoreDisplayMode !== "informative" &&
            a.scoreDisplayMode !== "notApplicable" &&
            a.scoreDisplayMode !== "manual",
        )
        .map((a) => a.id);
      const { scores } = row.lighthouse!;
      console.info(
        `${path}: ${row.jsKb.toFixed(1)} KB JS, perf ${scores.performance}, a11y ${scores.accessibility}, bp ${scores["best-practices"]}, seo ${scores.seo}${failing.length ? ` (below 0.9: ${failing.join(", ")})` : ""}`,
      );
    }
    // After the public pages: the signed-in pages' runs leave the server a few sessions more.
    appRows = await measureAppPages(server, mail, browser, { port: chrome.port, runs: RUNS });
  } finally {
    chrome.kill();
    await browser.close();
    await server.close();
    await mail.close();
  }

  const budgetKb = INITIAL_JS_BUDGET_BYTES / 1024;
  const table = [
    "| page | initial JS (gzip) | scripts | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows.map((r) => {
      const lh = r.lighthouse;
      const cells = lh
        ? [
            lh.scores.performance,
            lh.scores.accessibility,
            lh.scores["best-practices"],
            lh.scores.seo,
            Math.round(lh.fcp),
            Math.round(lh.lcp),
            Math.round(lh.tbt),
            lh.cls.toFixed(3),
          ]
        : Array(8).fill("—");
      return `| \`${r.path}\` | ${r.jsKb.toFixed(1)} KB${r.jsKb > budgetKb ? " **over budget**" : ""} | ${r.scripts} | ${cells.join(" | ")} |`;
    }),
  ];
  const over = rows.filter((r) => r.jsKb > budgetKb);
  const below = rows.filter(
    (r) => r.lighthouse && CATEGORIES.some((c) => r.lighthouse!.scores[c] < GOAL),
  );
  const section = [
    `${SECTION} (\`npm run bench:web\`)`,
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on this project's 2-core machine against the built app (\`npm start\`'s server, scripts sent pre-compressed). Initial JS: every script the page fetched until the network went quiet, gzipped at level 9; budget ${budgetKb} KB. Scores: Lighthouse ${lighthouseVersion()} in Debian's Chromium with its default mobile settings (emulated phone, simulated slow 4G, 4x CPU slowdown), the median of ${RUNS} runs by performance; goal ${GOAL} in each category. \`${NOT_FOUND}\` is the 404 page (status 404, which Lighthouse does not audit).`,
    "",
    ...table,
    "",
    over.length
      ? `Over the budget: ${over.map((r) => `\`${r.path}\``).join(", ")}.`
      : `Every page is within the ${budgetKb} KB budget.`,
    below.length
      ? `Below ${GOAL} somewhere: ${below.map((r) => `\`${r.path}\``).join(", ")}.`
      : `Every page scores at least ${GOAL} in all four categories.`,
    "",
  ].join("\n");
  console.info(`\n${table.join("\n")}`);
  const appSection = appPagesSection(appRows, RUNS, lighthouseVersion());
  // For the speed round's goals table (scripts/bench-goals.ts).
  const siteScores = rows.flatMap((r) =>
    r.lighthouse ? [{ path: r.path, performance: r.lighthouse.scores.performance }] : [],
  );
  mkdirSync(`${root}.bench`, { recursive: true });
  writeFileSync(
    `${root}.bench/web.json`,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), pages: appRows, site: siteScores }, null, 2)}\n`,
  );
  console.info(`\n${appSection}`);
  if (scriptEnv.BENCH_WEB_PAGES) {
    console.info("\nSome pages only (BENCH_WEB_PAGES): docs/performance.md left as it was.");
  } else {
    writePerformanceSection(SECTION, section);
    writePerformanceSection(APP_SECTION, appSection);
    console.info("\nWritten to docs/performance.md");
  }
  if (over.length || appRows.some((r) => r.gzipBytes > r.budgetBytes)) process.exitCode = 1;
}

function lighthouseVersion() {
  const pkg = new URL("../node_modules/lighthouse/package.json", import.meta.url);
  return (JSON.parse(readFileSync(pkg, "utf8")) as { version: string }).version;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
