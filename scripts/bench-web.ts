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
import lighthouse from "lighthouse";
import { startAppServer } from "../e2e/support/app-server";
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from "../e2e/support/browser";
import { confirmedAccount, signInContext } from "../e2e/support/fixtures";
import {
  APP_PAGE_BUDGETS,
  INITIAL_JS_BUDGET_BYTES,
  measureInitialJs,
} from "../e2e/support/initial-js";
import { startMailServer } from "../e2e/support/mail-server";
import { writePerformanceSection } from "./perf-doc";
import { scriptEnv } from "./script-env";

const SECTION = "## Public site";
const APP_SECTION = "## App pages";
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
  lighthouse: {
    scores: Record<(typeof CATEGORIES)[number], number>;
    fcp: number;
    lcp: number;
    tbt: number;
    cls: number;
  } | null;
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
    appRows = await measureAppPages(server, mail, browser);
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
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        runs.push(result.lhr);
      }
      runs.sort(
        (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
      );
      const lhr = runs[Math.floor(runs.length / 2)]!;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const row: Row = {
        path,
        jsKb: js.gzipBytes / 1024,
        scripts: js.files.length,
        lighthouse: {
          scores: {
            performance: score("performance"),
            accessibility: score("accessibility"),
            "best-practices": score("best-practices"),
            seo: score("seo"),
          },
          fcp: metric("first-contentful-paint"),
          lcp: metric("largest-contentful-paint"),
          tbt: metric("total-blocking-time"),
          cls: metric("cumulative-layout-shift"),
        },
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
  const appSection = appPagesSection(appRows);
  // For the speed round's goals table (scripts/bench-goals.ts).
  mkdirSync(`${root}.bench`, { recursive: true });
  writeFileSync(
    `${root}.bench/web.json`,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), pages: appRows }, null, 2)}\n`,
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

type AppRow = { path: string; gzipBytes: number; scripts: number; budgetBytes: number };

/**
 * The sign-in pages signed out, the dashboard (issue 21) and the counter (issue 30) as a confirmed
 * company's owner.
 */
async function measureAppPages(
  server: Awaited<ReturnType<typeof startAppServer>>,
  mail: Awaited<ReturnType<typeof startMailServer>>,
  browser: Awaited<ReturnType<typeof launchBrowser>>,
): Promise<AppRow[]> {
  const company = {
    companyName: "Café da Medição",
    email: "dono@medicao.com.br",
    password: "segredo1",
    city: "Campinas",
    state: "SP",
    phone: "(19) 3333-4444",
    sector: "alimentacao",
  };
  await confirmedAccount(server, mail, "company", company);
  const rows: AppRow[] = [];
  for (const { path, signedIn, budgetBytes } of APP_PAGE_BUDGETS) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    if (signedIn) await signInContext(context, server, company.email, company.password);
    const js = await measureInitialJs(await context.newPage(), `${server.baseUrl}${path}`);
    await context.close();
    rows.push({ path, gzipBytes: js.gzipBytes, scripts: js.files.length, budgetBytes });
    console.info(
      `${path}: ${(js.gzipBytes / 1024).toFixed(1)} KB JS in ${js.files.length} scripts`,
    );
  }
  return rows;
}

function appPagesSection(rows: AppRow[]) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return [
    `${APP_SECTION} (\`npm run bench:web\`)`,
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} like the public site above: every script the page fetched until the network went quiet, gzipped at level 9. The sign-in pages signed out (their own entry, decision 018); \`/dashboard\` as the owner of a new company, the first screen after signing in; \`/balcao\`, the counter, as the same owner (its own entry, decision 033; the headless browser has no camera, so the QR reader, loaded once a camera is on, is not fetched). \`e2e/app-budgets.e2e.ts\` checks the same budgets.`,
    "",
    "| page | initial JS (gzip) | scripts | budget | met |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) =>
        `| \`${r.path}\` | ${kb(r.gzipBytes)} | ${r.scripts} | ${kb(r.budgetBytes)} | ${r.gzipBytes <= r.budgetBytes ? "yes" : "**no**"} |`,
    ),
    "",
  ].join("\n");
}

function lighthouseVersion() {
  const pkg = new URL("../node_modules/lighthouse/package.json", import.meta.url);
  return (JSON.parse(readFileSync(pkg, "utf8")) as { version: string }).version;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
