import type { Browser, Page } from "@playwright/test";
import { APP_PAGE_BUDGETS, entryFiles, measureInitialJs } from "./support/initial-js";
import { type Accounts, type AppServer, type CompanyAccount, expect, test } from "./support/test";

let company: CompanyAccount;

test.beforeAll(async ({ accounts }) => {
  company = await accounts.company({
    companyName: "Café do Orçamento",
    email: "dono@orcamento.com.br",
    city: "Campinas",
    phone: "(19) 3333-4444",
  });
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function measure(
  { accounts, browser, server }: { accounts: Accounts; browser: Browser; server: AppServer },
  path: string,
  signedIn: boolean,
) {
  const viewport = { width: 412, height: 823 };
  const context = signedIn
    ? await accounts.signedIn(company, { viewport })
    : await browser.newContext({ baseURL: server.baseUrl, viewport });
  const page = await context.newPage();
  // The signed-in page shows its first screen after the session is read: wait for its heading.
  const ready = signedIn
    ? (p: Page) => p.getByRole("heading", { name: "Dashboard", exact: true }).waitFor()
    : undefined;
  const { files, gzipBytes } = await measureInitialJs(page, `${server.baseUrl}${path}`, ready);
  return { context, page, files, gzipBytes, list: files.map((f) => `${f.path} ${f.gzipBytes}`) };
}

const [signInAdmin, signInCustomer, dashboard, counter] = APP_PAGE_BUDGETS;

test.describe("JavaScript budgets of the app's pages (issue 21)", () => {
  for (const { path, budgetBytes, heading } of [
    { ...signInAdmin, heading: "Área da Empresa" },
    { ...signInCustomer, heading: "Área do Cliente" },
  ]) {
    test(`${path} downloads at most 120 KB of JavaScript (gzipped), none of the app's own chunks`, async ({
      accounts,
      browser,
      server,
    }) => {
      const { context, page, files, gzipBytes, list } = await measure(
        { accounts, browser, server },
        path,
        false,
      );
      expect(gzipBytes, `${kb(gzipBytes)}:\n${list.join("\n")}`).toBeLessThanOrEqual(budgetBytes);
      await page.getByRole("heading", { name: heading, exact: true }).waitFor();
      // The sign-in entry (decision 018): none of the app's own chunks (router, queries, forms).
      const signIn = entryFiles("signin.html");
      const appOnly = [...entryFiles("index.html")].filter((file) => !signIn.has(file));
      expect(appOnly.length).toBeGreaterThan(0);
      expect(files.map((f) => f.path).filter((file) => appOnly.includes(file))).toEqual([]);
      await context.close();
    });
  }

  test("/dashboard downloads at most 200 KB of JavaScript (gzipped) for its first screen, without the charts of /relatorios", async ({
    accounts,
    browser,
    server,
  }) => {
    const { context, page, gzipBytes, list } = await measure(
      { accounts, browser, server },
      dashboard.path,
      true,
    );
    console.info(`/dashboard: ${kb(gzipBytes)} of JavaScript in ${list.length} scripts`);
    await page.getByRole("heading", { name: "Dashboard", exact: true }).waitFor();
    expect(list.join("\n")).not.toMatch(/reports-page|recharts/);
    // Issue 35's goal (decision 042: 199.2 KB measured on 2026-11-27, from 324.8 KB).
    expect(gzipBytes, `${kb(gzipBytes)}:\n${list.join("\n")}`).toBeLessThanOrEqual(
      dashboard.budgetBytes,
    );
    await context.close();
  });

  test("/balcao, the counter, downloads at most 150 KB of JavaScript (gzipped); the camera's decoder only on demand", async ({
    accounts,
    server,
  }) => {
    const context = await accounts.signedIn(company, { viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const { files, gzipBytes } = await measureInitialJs(
      page,
      `${server.baseUrl}${counter.path}`,
      (p) => p.getByRole("heading", { name: "Balcão" }).waitFor(),
    );
    const list = files.map((f) => `${f.path} ${f.gzipBytes}`);
    console.info(`/balcao: ${kb(gzipBytes)} of JavaScript in ${list.length} scripts`);
    expect(gzipBytes, list.join("\n")).toBeLessThanOrEqual(counter.budgetBytes);
    // This headless Chromium has no camera here: the zxing decoder is never fetched.
    expect(list.join("\n")).not.toMatch(/zxing|barcode/i);
    await context.close();
  });
});
