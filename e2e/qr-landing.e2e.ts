import { DRESSED_COMPANY, dressCompany } from "./support/qr-landing";
import { expect, test, uniqueEmail } from "./support/test";

const PHONE = { width: 360, height: 740 };

test.describe("a company's QR code opens a landing page that sells", () => {
  test("the card is in the HTML before any script, the short sign-up joins, city and state come later in 'Meus dados'", async ({
    accounts,
    browser,
    mail,
    server,
  }) => {
    const company = await accounts.company({ companyName: "Café Aurora da Praça" });
    const owner = await accounts.signedIn(company);
    await dressCompany(owner.request, server);
    await owner.close();
    const qrLink = `/login-cliente?empresa_id=${company.id}&origem=qrcode_empresa`;

    // The printed code's address answers with a redirect to the sign-up, parameters kept.
    const visitor = await browser.newContext({
      viewport: PHONE,
      locale: "pt-BR",
      baseURL: server.baseUrl,
    });
    const redirect = await visitor.request.get(qrLink, { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers().location).toBe(
      `/cadastro-cliente?empresa_id=${company.id}&origem=qrcode_empresa`,
    );

    // Without JavaScript the phone already shows what the customer wins, in the café's colour.
    const noScript = await browser.newContext({
      viewport: PHONE,
      locale: "pt-BR",
      baseURL: server.baseUrl,
      javaScriptEnabled: false,
    });
    const plain = await noScript.newPage();
    await plain.goto(qrLink);
    const staticCard = plain.locator("[data-welcome-card]");
    await expect(staticCard.getByText("Café Aurora da Praça")).toBeVisible();
    await expect(staticCard.getByText("8 carimbos = 1 café expresso")).toBeVisible();
    await expect(staticCard.getByText(DRESSED_COMPANY.promotion.title)).toBeVisible();
    const header = staticCard.locator("div").first();
    await expect(header).toHaveCSS("background-color", "rgb(107, 62, 38)");
    await expect(header).toHaveCSS("color", "rgb(255, 255, 255)");
    await noScript.close();

    // With the app: the same card, then the short form (no city, no state).
    const page = await visitor.newPage();
    await page.goto(qrLink);
    await page.waitForURL((u) => u.pathname === "/cadastro-cliente");
    const email = page.getByLabel("Email");
    await email.waitFor();
    const card = page.locator("[data-welcome-card]");
    await expect(card).toHaveCount(1);
    await expect(card.getByText("8 carimbos = 1 café expresso")).toBeVisible();
    await expect(page.getByLabel("Cidade")).toHaveCount(0);
    await expect(page.getByLabel("Estado")).toHaveCount(0);
    await expect(page.getByLabel("Telefone (opcional)")).toBeVisible();
    await expect(page.getByLabel("Data de aniversário (opcional)")).toBeVisible();
    await expect(page.getByText("Ganhe 3 carimbos no seu aniversário.")).toBeVisible();
    const submit = page.getByRole("button", { name: "Criar conta" });
    await expect(submit).toHaveCSS("background-color", "rgb(107, 62, 38)");
    // The reward comes first: the card is above the form.
    const cardBox = await card.boundingBox();
    const emailBox = await email.boundingBox();
    expect(cardBox && emailBox && cardBox.y < emailBox.y).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await page.screenshot({ path: test.info().outputPath("qr-landing-360.png"), fullPage: true });

    // 'Já tem conta? Faça login' stays on the sign-in, also after a reload (the server's
    // redirect respects it), and back.
    await page.getByRole("button", { name: "Já tem conta? Faça login" }).click();
    await page.waitForURL((u) => u.pathname === "/login-cliente");
    await page.reload();
    await page.getByRole("button", { name: "Entrar" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login-cliente");
    await page.getByRole("button", { name: "Não tem conta? Cadastre-se" }).click();
    await page.waitForURL((u) => u.pathname === "/cadastro-cliente");

    // Name, e-mail and password are enough.
    const address = uniqueEmail("bia.qr@example.com");
    await page.getByLabel("Nome").fill("Bia do QR");
    await page.getByLabel("Email").fill(address);
    await page.getByLabel("Senha").fill("segredo1");
    await page.getByRole("button", { name: "Criar conta" }).click();
    await page.getByText("Confirme seu email").waitFor();
    await visitor.close();
    const confirmed = await fetch(await mail.linkSentTo(address), { redirect: "manual" });
    expect(confirmed.status).toBe(302);

    // In the customer's panel: a member of the café, asked gently for city and state.
    const phone = await accounts.signedIn(
      { email: address, password: "segredo1" },
      { viewport: PHONE },
    );
    const panel = await phone.newPage();
    await panel.goto("/dashboard-cliente");
    const prompt = panel.getByText("Complete seu perfil: cidade e estado");
    await prompt.waitFor();
    await expect(panel.getByText("Café Aurora da Praça").first()).toBeVisible();
    await panel.getByRole("button", { name: "Completar perfil" }).click();
    const dialog = panel.getByRole("dialog");
    await dialog.getByLabel("Cidade").fill("Campinas");
    await dialog.getByLabel("Estado").selectOption("SP");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await panel.getByText("Dados salvos").waitFor();
    await expect(prompt).toHaveCount(0);
    await panel.reload();
    await panel.getByRole("button", { name: "Meu perfil" }).click();
    await expect(panel.getByRole("dialog").getByLabel("Cidade")).toHaveValue("Campinas");
    await expect(panel.getByRole("dialog").getByLabel("Estado")).toHaveValue("SP");
    await expect(panel.getByText("Complete seu perfil: cidade e estado")).toHaveCount(0);
    await phone.close();
  });
});
