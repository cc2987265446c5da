import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "./support/app-server";
import { launchBrowser } from "./support/browser";
import { confirmedAccount, signInContext } from "./support/fixtures";
import { APP_PAGE_BUDGETS, entryFiles, measureInitialJs } from "./support/initial-js";
import { startMailServer } from "./support/mail-server";

let mail: Awaited<ReturnType<typeof startMailServer>>;
let server: Awaited<ReturnType<typeof startAppServer>>;
let browser: Browser;
const company = {
  companyName: "Café do Orçamento",
  email: "dono@orcamento.com.br",
  password: "segredo1",
  city: "Campinas",
  state: "SP",
  phone: "(19) 3333-4444",
  sector: "alimentacao",
};

beforeAll(async () => {
  mail = await startMailServer();
  server = await startAppServer({ smtpUrl: mail.url });
  browser = await launchBrowser();
  await confirmedAccount(server, mail, "company", company);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await mail?.close();
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function measure(path: string, signedIn: boolean) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  if (signedIn) await signInContext(context, server, company.email, company.password);
  const page = await context.newPage();
  const { files, gzipBytes } = await measureInitialJs(page, `${server.baseUrl}${path}`);
  return { context, page, files, gzipBytes, list: files.map((f) => `${f.path} ${f.gzipBytes}`) };
}

const [signInAdmin, signInCustomer, dashboard] = APP_PAGE_BUDGETS;

describe("JavaScript budgets of the app's pages (issue 21)", () => {
  it.each([
    { ...signInAdmin, heading: "Área da Empresa" },
    { ...signInCustomer, heading: "Área do Cliente" },
  ])(
    "$path downloads at most 120 KB of JavaScript (gzipped), none of the app's own chunks",
    async ({ path, budgetBytes, heading }) => {
      const { context, page, files, gzipBytes, list } = await measure(path, false);
      expect(gzipBytes, `${kb(gzipBytes)}:\n${list.join("\n")}`).toBeLessThanOrEqual(budgetBytes);
      await page.getByRole("heading", { name: heading, exact: true }).waitFor();
      // The sign-in entry (decision 018): none of the app's own chunks (router, queries, forms).
      const signIn = entryFiles("signin.html");
      const appOnly = [...entryFiles("index.html")].filter((file) => !signIn.has(file));
      expect(appOnly.length).toBeGreaterThan(0);
      expect(files.map((f) => f.path).filter((file) => appOnly.includes(file))).toEqual([]);
      await context.close();
    },
  );

  it("/dashboard shows its first screen without the charts of /relatorios, within today's 330 KB", async () => {
    const { context, page, gzipBytes, list } = await measure(dashboard.path, true);
    console.info(`/dashboard: ${kb(gzipBytes)} of JavaScript in ${list.length} scripts`);
    await page.getByRole("heading", { name: "Dashboard", exact: true }).waitFor();
    expect(list.join("\n")).not.toMatch(/reports-page|recharts/);
    // A guard against growing further while the 200 KB goal below is not met (about 314 KB now).
    expect(gzipBytes, list.join("\n")).toBeLessThanOrEqual(330 * 1024);
    await context.close();
  });

  // Not met yet (about 315 KB, docs/performance.md "App pages"): drop `.fails` once it is.
  it.fails("/dashboard downloads at most 200 KB of JavaScript (gzipped)", async () => {
    const { context, gzipBytes, list } = await measure(dashboard.path, true);
    await context.close();
    expect(gzipBytes, `${kb(gzipBytes)}:\n${list.join("\n")}`).toBeLessThanOrEqual(
      dashboard.budgetBytes,
    );
  });
});
