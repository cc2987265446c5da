import { expect, test } from "./support/test";

const COMPANY = "Café da Entrada";

/**
 * /dashboard-cliente opened as a page is the customer dashboard's light entry (decision 043): the
 * same screen as the app's route, whose links load the customer area's other pages, while inside
 * the app its router still shows the dashboard.
 */
test("/dashboard-cliente opened as a page shows the app's customer dashboard, and its links lead on", async ({
  accounts,
  server,
}) => {
  const cafe = await accounts.company({ companyName: COMPANY });
  const ana = await accounts.customer({
    name: "Ana Entrada",
    origin: { empresa_id: cafe.id, origem: "qrcode_empresa" },
  });
  const context = await accounts.signedIn(ana, { viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const openCard = () => page.getByRole("list", { name: "Em aberto" }).getByText(COMPANY);

  await page.goto(`${server.baseUrl}/dashboard-cliente`);
  await openCard().waitFor();
  await page.waitForLoadState("networkidle");
  // The light entry, not the app's (whose router the page does not download).
  expect(scripts.join("\n")).toMatch(/\/assets\/customer-[\w-]+\.js/);
  expect(scripts.join("\n")).not.toMatch(/\/assets\/index-[\w-]+\.js/);
  const entryScreen = await page.locator("body").innerText();

  // Inside the app: 'Meus dados', then 'Meu painel' with the app's router: the same screen.
  await page.goto(`${server.baseUrl}/dashboard-cliente/meus-dados`);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page.getByRole("navigation").getByRole("link", { name: "Meu painel" }).click();
  await openCard().waitFor();
  await page.waitForLoadState("networkidle");
  expect(await page.locator("body").innerText()).toBe(entryScreen);

  // From the entry, the card leads to its page and the nav to the cards.
  await page.goto(`${server.baseUrl}/dashboard-cliente`);
  await openCard().click();
  await expect(page).toHaveURL(/\/dashboard-cliente-cartao-fidelidade\//);
  await expect(page.getByText(COMPANY).first()).toBeVisible();
  await page.goto(`${server.baseUrl}/dashboard-cliente`);
  await page
    .getByRole("navigation", { name: "Meu painel" })
    .getByRole("link", { name: "Meus cartões fidelidade" })
    .click();
  await expect(page).toHaveURL(/\/dashboard-cliente-cartoes-fidelidade$/);
  await context.close();
});
