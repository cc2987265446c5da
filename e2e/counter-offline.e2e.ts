import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";

const PHONE = { width: 360, height: 740 };

/**
 * The offline counter (issue 32, item 5): /balcao keeps taking stamps by the customer's short
 * code while the connection is down, shows how many wait, sends them once it is back (each once),
 * and shows the one the server refused with its reason.
 */

/** The customer's short code, as 'Mostrar no balcão' shows it. */
async function shortCodeOf(customer: BrowserContext) {
  const res = await customer.request.get("/api/me/counter-code");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { shortCode: string }).shortCode;
}

/** The stamps on the customer's card at `companyId`, as their card page shows them. */
async function customerSees(customer: BrowserContext, companyId: string, text: string) {
  const page = await customer.newPage();
  await page.goto(`/dashboard-cliente-cartao-fidelidade/${companyId}`);
  await expect(page.getByText(text).first()).toBeVisible();
  await page.close();
}

/** One counter action offline: the code typed, '+1 carimbo', the confirmation, the next one. */
async function stampOffline(counter: Page, code: string, screenshot?: string) {
  const offline = counter.getByTestId("counter-offline-customer");
  // Right after 'Próximo cliente' the desk is still remounting its camera and form: a CI run saw
  // one tap on 'Buscar' land in between and do nothing, so it is tapped again until the code's
  // screen shows (as a barista would; a tap here gives no stamp, '+1 carimbo' does).
  await expect(async () => {
    await counter.getByLabel("Código do cliente").fill(code);
    await counter.getByRole("button", { name: "Buscar" }).click({ timeout: 2_000 });
    await expect(offline.getByRole("heading", { name: code })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await offline.getByRole("button", { name: "+1 carimbo" }).click();
  await expect(offline.getByTestId("counter-offline-queued")).toHaveText(
    "Carimbo guardado — será enviado quando a conexão voltar",
  );
  if (screenshot) await counter.screenshot({ path: screenshot });
  await offline.getByRole("button", { name: "Próximo cliente" }).click();
}

test.describe("the counter without a connection", () => {
  test("takes 3 stamps by short code offline and sends them once when the connection is back", async ({
    accounts,
  }, testInfo) => {
    test.setTimeout(120_000);
    const company = await accounts.company({ companyName: "Café Offline" });
    const ana = await accounts.customer({
      name: "Ana Offline",
      origin: { empresa_id: company.id, origem: "qrcode_empresa" },
    });
    const anaContext = await accounts.signedIn(ana, { viewport: PHONE });
    const code = await shortCodeOf(anaContext);
    const shown = `${code.slice(0, 3)}-${code.slice(3)}`;

    const staff = await accounts.signedIn(company, { serviceWorkers: "allow", viewport: PHONE });
    const counter = await staff.newPage();
    await counter.goto("/balcao");
    // The app's service worker keeps the counter's page for a reload without a connection.
    await counter.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Online once: the customer is found by name, the counter's rules are cached.
    await counter.getByLabel("Código do cliente").fill(shown);
    await counter.getByRole("button", { name: "Buscar" }).click();
    await expect(counter.getByRole("heading", { name: "Ana Offline" })).toBeVisible();
    await counter.getByRole("button", { name: "Próximo cliente" }).click();

    await staff.setOffline(true);
    await stampOffline(counter, shown);
    await stampOffline(counter, shown);
    await stampOffline(counter, shown, testInfo.outputPath("counter-offline-customer-360.png"));
    const waiting = counter.getByTestId("counter-queue-waiting");
    await expect(waiting).toHaveText("3 carimbos aguardando conexão");
    await counter.screenshot({ path: testInfo.outputPath("counter-offline-queue-360.png") });
    // Reopened without a connection, the counter still has them (and still takes stamps).
    await counter.reload();
    await expect(waiting).toHaveText("3 carimbos aguardando conexão");

    await staff.setOffline(false);
    await expect(waiting).toHaveCount(0, { timeout: 20_000 });
    await expect(counter.getByTestId("counter-not-sent")).toHaveCount(0);
    await customerSees(anaContext, company.id, "3/10 carimbos");

    // After a reload (the page sends its queue at start) nothing is sent twice.
    await counter.reload();
    await expect(counter.getByLabel("Código do cliente")).toBeVisible();
    await counter.getByLabel("Código do cliente").fill(shown);
    await counter.getByRole("button", { name: "Buscar" }).click();
    await expect(counter.getByTestId("counter-card-count")).toHaveText("3/10");
    await expect(waiting).toHaveCount(0);
    await customerSees(anaContext, company.id, "3/10 carimbos");
  });

  test("shows a queued stamp the interval refused, with its reason, until it is dismissed", async ({
    accounts,
  }, testInfo) => {
    test.setTimeout(120_000);
    // Every new company's rules: 30 minutes between two stamps on a card.
    const company = await accounts.company(
      { companyName: "Café Intervalo" },
      { counterRules: "defaults" },
    );
    const bia = await accounts.customer({
      name: "Bia Intervalo",
      origin: { empresa_id: company.id, origem: "qrcode_empresa" },
    });
    const biaContext = await accounts.signedIn(bia, { viewport: PHONE });
    const code = await shortCodeOf(biaContext);
    const shown = `${code.slice(0, 3)}-${code.slice(3)}`;

    const staff = await accounts.signedIn(company, { serviceWorkers: "allow", viewport: PHONE });
    const counter = await staff.newPage();
    await counter.goto("/balcao");
    // Found while online, then the connection drops: her card's '+1 carimbo' keeps the stamp.
    await counter.getByLabel("Código do cliente").fill(shown);
    await counter.getByRole("button", { name: "Buscar" }).click();
    const found = counter.getByTestId("counter-customer");
    await expect(found.getByRole("heading", { name: "Bia Intervalo" })).toBeVisible();
    await staff.setOffline(true);
    await found.getByRole("button", { name: "+1 carimbo" }).click();
    await expect(found.getByTestId("counter-done")).toHaveText(
      "Carimbo guardado — será enviado quando a conexão voltar",
    );
    await counter.screenshot({ path: testInfo.outputPath("counter-offline-found-360.png") });
    await found.getByRole("button", { name: "Próximo cliente" }).click();
    // The next one, a moment later, by the code typed: too soon for the interval.
    await stampOffline(counter, shown);
    await expect(counter.getByTestId("counter-queue-waiting")).toHaveText(
      "2 carimbos aguardando conexão",
    );

    await staff.setOffline(false);
    const notSent = counter.getByTestId("counter-not-sent");
    const refused = notSent.getByTestId("counter-not-sent-item");
    await expect(refused).toHaveCount(1, { timeout: 20_000 });
    await expect(refused).toContainText(shown);
    await expect(refused).toContainText(
      /Este cartão recebeu um carimbo há pouco\. Próximo carimbo a partir de \d{2}:\d{2}\./,
    );
    await expect(counter.getByTestId("counter-queue-waiting")).toHaveCount(0);
    await counter.screenshot({ path: testInfo.outputPath("counter-offline-refused-360.png") });
    await customerSees(biaContext, company.id, "1/10 carimbos");

    await refused.getByRole("button", { name: `Dispensar o carimbo de ${shown}` }).click();
    await expect(notSent).toHaveCount(0);
  });
});
