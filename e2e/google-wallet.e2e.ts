import { generateKeyPairSync } from "node:crypto";
import { startAppServer } from "./support/app-server";
import { confirmedAccount, signInContext } from "./support/fixtures";
import { type AppServer, companyInput, customerInput, expect, test } from "./support/test";

const SAVE_PAGE = "https://pay.google.com/gp/v/save/";

test.describe("'Adicionar ao Google Wallet'", () => {
  // Google Wallet is on only with its keys: this test's own server has a throwaway service account.
  let own: AppServer;
  const cafe = companyInput({ companyName: "Café Carteira", email: "carteira@example.com" });
  let cafeId = "";

  test.beforeAll(async ({ mail }) => {
    test.setTimeout(120_000);
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    own = await startAppServer({
      smtpUrl: mail.url,
      env: {
        GOOGLE_WALLET_ISSUER_ID: "3388000000022334455",
        GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({
          client_email: "wallet@carimbou-test.iam.gserviceaccount.com",
          private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
        }),
      },
    });
    await confirmedAccount(own, mail, "company", cafe);
    const session = await fetch(`${own.baseUrl}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: own.baseUrl },
      body: JSON.stringify({ email: cafe.email, password: cafe.password }),
    });
    const cookie = session.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = (await (await fetch(`${own.baseUrl}/api/me`, { headers: { cookie } })).json()) as {
      company: { id: string };
    };
    cafeId = me.company.id;
  });

  test.afterAll(async () => {
    await own?.close();
  });

  test("with Google Wallet on, the card page links to Google's save page at 360 px", async ({
    browser,
    mail,
  }) => {
    const ana = customerInput({ name: "Ana Carteira", origin: { empresa_id: cafeId } });
    await confirmedAccount(own, mail, "customer", ana);
    const context = await browser.newContext({
      baseURL: own.baseUrl,
      viewport: { width: 360, height: 740 },
    });
    await signInContext(context, own, ana.email, ana.password);
    const page = await context.newPage();
    await page.goto(`/dashboard-cliente-cartao-fidelidade/${cafeId}`);
    await page.getByText("0/10 carimbos").waitFor();
    const button = page.getByRole("link", { name: "Adicionar ao Google Wallet" });
    await button.waitFor();
    const href = (await button.getAttribute("href")) ?? "";
    expect(href.startsWith(SAVE_PAGE)).toBe(true);
    const claims = JSON.parse(
      Buffer.from(href.slice(SAVE_PAGE.length).split(".")[1] ?? "", "base64url").toString(),
    );
    expect(claims.payload.loyaltyObjects[0].loyaltyPoints.balance.int).toBe(0);
    expect(claims.payload.loyaltyClasses[0].issuerName).toBe("Café Carteira");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await context.close();
  });
});

test("without Google Wallet's keys, the card page shows no wallet button", async ({ accounts }) => {
  const cafe = await accounts.company({ companyName: "Café Sem Carteira" });
  const bia = await accounts.customer({ origin: { empresa_id: cafe.id } });
  const context = await accounts.signedIn(bia, { viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const answered = page.waitForResponse((r) => r.url().includes("/google-wallet"));
  await page.goto(`/dashboard-cliente-cartao-fidelidade/${cafe.id}`);
  expect((await answered).status()).toBe(404);
  await page.getByRole("button", { name: "Mostrar no balcão" }).waitFor();
  await expect(page.getByRole("link", { name: "Adicionar ao Google Wallet" })).toHaveCount(0);
  await context.close();
});
