import type { Browser, Page } from "@playwright/test";
import { type AppServer, expect, type MailServer, test } from "./support/test";

async function newPage(browser: Browser, server: AppServer, width = 1280): Promise<Page> {
  const context = await browser.newContext({
    locale: "pt-BR",
    baseURL: server.baseUrl,
    viewport: { width, height: 800 },
  });
  return context.newPage();
}

test.use({ viewport: { width: 1280, height: 800 } });

/** The recovery e-mail that reaches `to` after the first `after` e-mails (sent after the answer). */
async function resetMailTo(mail: MailServer, to: string, after: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = mail.mails.slice(after).find((m) => m.to === to);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No recovery e-mail reached ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test.describe("password recovery", () => {
  test("'Esqueci minha senha' → e-mail → link → new password → sign in with it; the other session ends", async ({
    accounts,
    browser,
    mail,
    server,
  }) => {
    const company = await accounts.company({
      companyName: "Padaria Recupera",
      email: "recupera@example.com",
    });
    // a session on another device, which the reset signs out
    const otherDevice = await accounts.signedIn(company);
    expect((await otherDevice.request.get("/api/me")).status()).toBe(200);

    const page = await newPage(browser, server, 360);
    await page.goto("/login-admin");
    await page.getByRole("link", { name: "Esqueci minha senha" }).waitFor();
    await page.screenshot({ path: "/tmp/login-admin-360.png", fullPage: true });
    await page.getByRole("link", { name: "Esqueci minha senha" }).click();
    await page.waitForURL((u) => u.pathname === "/esqueci-senha");
    await page.getByRole("heading", { name: "Esqueci minha senha" }).waitFor();
    await page.screenshot({ path: "/tmp/forgot-password-360.png", fullPage: true });

    const sentBefore = mail.mails.length;
    await page.getByLabel("Email").fill(company.email.toUpperCase());
    await page.getByRole("button", { name: "Enviar link" }).click();
    await page.getByRole("heading", { name: "Verifique seu email" }).waitFor();
    await page.getByText(company.email).waitFor();

    const received = await resetMailTo(mail, company.email, sentBefore);
    expect(received.subject).toBe("Redefina sua senha do Carimbou");
    const link = received.text.match(/https?:\/\/\S+/)![0];
    expect(link.startsWith(`${server.baseUrl}/redefinir-senha?token=`)).toBe(true);

    await page.goto(link);
    await page.getByRole("heading", { name: "Criar nova senha" }).waitFor();
    // the spec's rule and a confirmation that must match
    await page.getByLabel("Nova senha", { exact: true }).fill("12345");
    await page.getByLabel("Confirme a nova senha").fill("12345");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await page.getByText("A senha deve ter pelo menos 6 caracteres").waitFor();
    await page.getByLabel("Nova senha", { exact: true }).fill("novasenha1");
    await page.getByLabel("Confirme a nova senha").fill("novasenha2");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await page.getByText("As senhas não coincidem").waitFor();
    await page.screenshot({ path: "/tmp/reset-password-360.png", fullPage: true });
    await page.getByLabel("Confirme a nova senha").fill("novasenha1");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();

    // to the company sign-in, with the notice
    await page.waitForURL(
      (u) => u.pathname === "/login-admin" && u.searchParams.get("senha_redefinida") === "1",
    );
    await page.getByText("Senha redefinida! Entre com sua nova senha.").waitFor();
    expect((await otherDevice.request.get("/api/me")).status()).toBe(401);

    // the old password no longer works, the new one does
    await page.getByLabel("Email").fill(company.email);
    await page.getByLabel("Senha").fill(company.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "Email ou senha incorretos. Verifique suas credenciais." })
      .waitFor();
    await page.getByLabel("Senha").fill("novasenha1");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");

    // the link worked once
    const again = await newPage(browser, server);
    await again.goto(link);
    await again.getByLabel("Nova senha", { exact: true }).fill("outrasenha1");
    await again.getByLabel("Confirme a nova senha").fill("outrasenha1");
    await again.getByRole("button", { name: "Salvar nova senha" }).click();
    await again
      .getByText(
        "Este link de redefinição de senha é inválido, expirou ou já foi usado. Peça um novo.",
      )
      .waitFor();
    await again.context().close();
    await otherDevice.close();
    await page.context().close();
  });

  test("from the English customer sign-in, the page and the e-mail are in English", async ({
    page,
  }) => {
    await page.goto("/login-client-en");
    await page.getByRole("link", { name: "Forgot my password" }).click();
    await page.waitForURL((u) => u.pathname === "/forgot-password-en");
    await page.getByLabel("Email").fill("nobody-here@example.com");
    await page.getByRole("button", { name: "Send link" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await page.getByRole("button", { name: "Back to sign in" }).click();
    await page.waitForURL((u) => u.pathname === "/login-client-en");
  });
});
