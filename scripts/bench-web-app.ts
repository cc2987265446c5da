/**
 * The app's pages in `npm run bench:web` (scripts/bench-web.ts): the sign-in pages signed out, the
 * company panel's first screen (issue 21) and the counter (issue 30) as a company's owner, and the
 * customer dashboard (issue 35) as a customer with a card at that company. Each page's initial
 * JavaScript against its budget, and for the signed-in ones Lighthouse's mobile performance.
 */
import type { Page } from "playwright-core";
import type { startAppServer } from "../e2e/support/app-server";
import type { launchBrowser } from "../e2e/support/browser";
import { CUSTOMER_DASHBOARD_BUDGET } from "../e2e/support/customer-budget";
import { confirmedAccount, signInContext } from "../e2e/support/fixtures";
import { APP_PAGE_BUDGETS, measureInitialJs } from "../e2e/support/initial-js";
import type { startMailServer } from "../e2e/support/mail-server";
import { type LighthouseFigures, lighthouseMedian, performanceCells } from "./bench-web-lighthouse";

export const APP_SECTION = "## App pages";

type Server = Awaited<ReturnType<typeof startAppServer>>;

export type AppRow = {
  path: string;
  gzipBytes: number;
  scripts: number;
  budgetBytes: number;
  /** Performance only (score, FCP, LCP, TBT, CLS); null for the pages not audited. */
  lighthouse: LighthouseFigures | null;
};

const COMPANY = {
  companyName: "Café da Medição",
  email: "dono@medicao.com.br",
  password: "segredo1",
  city: "Campinas",
  state: "SP",
  phone: "(19) 3333-4444",
  sector: "alimentacao",
};

const CUSTOMER = {
  name: "Ana Medição",
  email: "ana@medicao.com.br",
  password: "segredo1",
  city: "Campinas",
  state: "SP",
  phone: "",
  birthDate: "",
};

/** The session's cookies for `email`, signed in through the API, as a `Cookie` header's value. */
async function sessionCookie(server: Server, email: string, password: string) {
  const res = await fetch(`${server.baseUrl}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Each page's first screen is there (a quiet network alone can come before the session's answer). */
const READY: Record<string, (page: Page) => Promise<unknown>> = {
  "/login-admin": (p) => p.getByRole("heading", { name: "Área da Empresa", exact: true }).waitFor(),
  "/login-cliente": (p) =>
    p.getByRole("heading", { name: "Área do Cliente", exact: true }).waitFor(),
  "/dashboard": (p) => p.getByRole("heading", { name: "Dashboard", exact: true }).waitFor(),
  "/balcao": (p) => p.getByRole("heading", { name: "Balcão" }).waitFor(),
  "/dashboard-cliente": (p) =>
    p.getByRole("list", { name: "Em aberto" }).getByText(COMPANY.companyName).waitFor(),
};

export async function measureAppPages(
  server: Server,
  mail: Awaited<ReturnType<typeof startMailServer>>,
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  lighthouse: { port: number; runs: number },
): Promise<AppRow[]> {
  await confirmedAccount(server, mail, "company", COMPANY);
  const owner = await sessionCookie(server, COMPANY.email, COMPANY.password);
  const me = (await (
    await fetch(`${server.baseUrl}/api/me`, { headers: { cookie: owner } })
  ).json()) as { company?: { id: string } };
  if (!me.company) throw new Error("the owner's company was not found");
  // The customer joined through the company's QR link: one card, open, on the first screen.
  await confirmedAccount(server, mail, "customer", {
    ...CUSTOMER,
    origin: { empresa_id: me.company.id, origem: "qrcode_empresa" },
  });
  const customer = await sessionCookie(server, CUSTOMER.email, CUSTOMER.password);

  const pages = [
    ...APP_PAGE_BUDGETS.map((page) => ({ ...page, who: page.signedIn ? COMPANY : null })),
    { ...CUSTOMER_DASHBOARD_BUDGET, who: CUSTOMER },
  ];
  const rows: AppRow[] = [];
  for (const { path, who, budgetBytes } of pages) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      locale: "pt-BR",
      serviceWorkers: "block",
    });
    if (who) await signInContext(context, server, who.email, who.password);
    const js = await measureInitialJs(
      await context.newPage(),
      `${server.baseUrl}${path}`,
      READY[path],
    );
    await context.close();
    const cookie = who === COMPANY ? owner : who === CUSTOMER ? customer : null;
    const figures = cookie
      ? (
          await lighthouseMedian(lighthouse.port, `${server.baseUrl}${path}`, {
            runs: lighthouse.runs,
            categories: ["performance"],
            extraHeaders: { Cookie: cookie },
          })
        ).figures
      : null;
    rows.push({
      path,
      gzipBytes: js.gzipBytes,
      scripts: js.files.length,
      budgetBytes,
      lighthouse: figures,
    });
    console.info(
      `${path}: ${(js.gzipBytes / 1024).toFixed(1)} KB JS in ${js.files.length} scripts${figures ? `, perf ${figures.scores.performance} (FCP ${Math.round(figures.fcp)} ms, LCP ${Math.round(figures.lcp)} ms, TBT ${Math.round(figures.tbt)} ms)` : ""}`,
    );
  }
  return rows;
}

export function appPagesSection(rows: AppRow[], runs: number, lighthouseVersion: string) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return [
    `${APP_SECTION} (\`npm run bench:web\`)`,
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} like the public site above: every script the page fetched until its first screen showed and the network went quiet, gzipped at level 9. The sign-in pages signed out (their own entry, decision 018); \`/dashboard\` as the owner of a new company, the first screen after signing in; \`/balcao\`, the counter, as the same owner (its own entry, decision 033; the headless browser has no camera, so the QR reader, loaded once a camera is on, is not fetched); \`/dashboard-cliente\` as a customer who joined that company through its QR link (one open card). \`e2e/app-budgets.e2e.ts\` and \`e2e/app-budgets-customer.e2e.ts\` check the same budgets.`,
    "",
    `Performance: Lighthouse ${lighthouseVersion} with its default mobile settings (emulated phone, simulated slow 4G, 4x CPU slowdown), signed in (the session's cookie sent with every request, the browser's storage reset before each run as for the public site), the median of ${runs} runs by performance; reported, no target.`,
    "",
    "| page | initial JS (gzip) | scripts | budget | met | performance | FCP ms | LCP ms | TBT ms | CLS |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) =>
        `| \`${r.path}\` | ${kb(r.gzipBytes)} | ${r.scripts} | ${kb(r.budgetBytes)} | ${r.gzipBytes <= r.budgetBytes ? "yes" : "**no**"} | ${performanceCells(r.lighthouse).join(" | ")} |`,
    ),
    "",
  ].join("\n");
}
