import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/support/browser";
import { testEnv } from "./src/server/test/test-env";

/**
 * The browser suite: Debian's Chromium, one app server and one mail catcher per worker (the
 * fixtures of e2e/support/test.ts), files in parallel. A failure is retried once with a trace kept
 * (test-results/; `npx playwright show-report` opens playwright-report/), and a test that passes
 * only on its retry fails the run: flaky is failing.
 */
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.e2e.ts",
  // The public site reads nothing from the database: the PostgreSQL pass would only repeat it.
  testIgnore: testEnv.TEST_DATABASE_URL ? ["**/public-site.e2e.ts"] : [],
  outputDir: "test-results",
  workers: testEnv.E2E_WORKERS ?? 2,
  retries: 1,
  failOnFlakyTests: true,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    locale: "pt-BR",
    // No service worker unless a test asks for it (e2e/support/test.ts says why).
    serviceWorkers: "block",
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
