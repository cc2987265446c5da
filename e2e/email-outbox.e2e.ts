import { expect, test, uniqueEmail } from "./support/test";

test.describe("the e-mail outbox", () => {
  test("signs a company up while the SMTP server is down and sends the confirmation once it is back", async ({
    browser,
    server,
    mail,
  }) => {
    // The catcher is the worker's: the app may still hold pooled SMTP sessions from the tests it
    // ran before, and stop() waits for them to end (up to 30 s) before the sign-up can start.
    test.setTimeout(test.info().timeout + 30_000);
    const email = uniqueEmail("sem-smtp@example.com");
    // Shared with the files the worker runs next: it listens again whatever happens here.
    await mail.stop();
    try {
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        locale: "pt-BR",
        viewport: { width: 1280, height: 800 },
      });
      const page = await context.newPage();
      await page.goto("/login-admin");
      await page
        .getByRole("button", { name: /cadastr/i })
        .first()
        .click();
      await page.getByLabel("Nome da empresa").fill("Café Sem Rede");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Senha").fill("segredo1");
      await page.getByLabel("Telefone").fill("(11) 97777-6666");
      await page.getByLabel("Cidade").fill("São Paulo");
      await page.getByLabel("Estado").selectOption("SP");
      await page.getByLabel("Ramo de atividade").selectOption("alimentacao");
      await page.getByRole("button", { name: "Cadastrar empresa" }).click();
      // The sign-up succeeded: the page tells where the confirmation goes.
      await page.getByText(email).waitFor();

      // Nothing could be delivered meanwhile; the outbox keeps retrying (5 s, then 10 s …).
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(mail.mails.filter((m) => m.to === email)).toEqual([]);
      await mail.start();

      const link = await mail.linkSentTo(email, 45_000);
      expect(link.startsWith(server.baseUrl)).toBe(true);
      await page.goto(link);
      await page.waitForURL(
        (u) => u.pathname === "/login-admin" && u.searchParams.get("confirmado") === "1",
      );
      await page.getByText("Email confirmado! Agora você já pode entrar.").waitFor();
      expect(mail.mails.filter((m) => m.to === email)).toHaveLength(1);
      await context.close();
    } finally {
      await mail.start();
    }
  });
});
