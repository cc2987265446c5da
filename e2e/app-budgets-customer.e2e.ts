import type { Page } from "@playwright/test";
import { CUSTOMER_DASHBOARD_BUDGET } from "./support/customer-budget";
import { measureInitialJs } from "./support/initial-js";
import { type Accounts, type AppServer, expect, test } from "./support/test";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const COMPANY = "Café do Orçamento Cliente";

/** A customer who joined a company through its QR link, on a phone, at the dashboard. */
async function measureDashboard({ accounts, server }: { accounts: Accounts; server: AppServer }) {
  const cafe = await accounts.company({ companyName: COMPANY });
  const ana = await accounts.customer({
    name: "Ana Orçamento",
    origin: { empresa_id: cafe.id, origem: "qrcode_empresa" },
  });
  const context = await accounts.signedIn(ana, { viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  // The first screen: the card among the open ones (it comes after the session's answer).
  const { files, gzipBytes } = await measureInitialJs(
    page,
    `${server.baseUrl}${CUSTOMER_DASHBOARD_BUDGET.path}`,
    (p: Page) => p.getByRole("list", { name: "Em aberto" }).getByText(COMPANY).waitFor(),
  );
  const list = files.map((f) => `${f.path} ${f.gzipBytes}`);
  console.info(`/dashboard-cliente: ${kb(gzipBytes)} of JavaScript in ${list.length} scripts`);
  return { context, page, gzipBytes, list };
}

test.describe("JavaScript budget of the customer dashboard (issue 35)", () => {
  test("/dashboard-cliente shows a customer's card without its closed dialogs' code, within today's 200 KB", async ({
    accounts,
    server,
  }) => {
    const { context, page, gzipBytes, list } = await measureDashboard({ accounts, server });
    await expect(page.getByText("Olá, Ana Orçamento!")).toBeVisible();
    // The dialogs closed on the first screen come with their first tap: not the QR code's
    // encoder, nor the settings', the profile's or the message's dialog.
    expect(list.join("\n")).not.toMatch(
      /qrcode|dialog-content|settings-sections|company-conversation/,
    );
    // Its own light entry (decision 043), not the app's with its router.
    expect(list.join("\n")).not.toMatch(/\/assets\/index-/);
    // A guard against growing back while the 150 KB goal below is not met (192 KB now).
    expect(gzipBytes, list.join("\n")).toBeLessThanOrEqual(200 * 1024);

    // The first tap opens 'Mostrar no balcão' with its QR code, fetched then.
    await page.getByRole("button", { name: "Mostrar no balcão" }).click();
    const dialog = page.getByRole("dialog", { name: "Mostrar no balcão" });
    await expect(dialog.getByTestId("counter-qr")).toBeVisible();
    await dialog.getByRole("button", { name: "Fechar" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Mostrar no balcão" })).toBeFocused();
    await context.close();
  });

  // Not met (192 KB with its own entry, decision 043: React DOM, i18next, TanStack Query and
  // tailwind-merge are about 104 KB, the interest form's react-hook-form 13, the texts 23):
  // drop `.fail` once it is.
  test.fail(
    `/dashboard-cliente downloads at most 150 KB of JavaScript (gzipped)`,
    async ({ accounts, server }) => {
      const { context, gzipBytes, list } = await measureDashboard({ accounts, server });
      await context.close();
      expect(gzipBytes, `${kb(gzipBytes)}:\n${list.join("\n")}`).toBeLessThanOrEqual(
        CUSTOMER_DASHBOARD_BUDGET.budgetBytes,
      );
    },
  );
});
