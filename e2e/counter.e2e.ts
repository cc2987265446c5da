import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./support/browser";
import { writeFakeCameraFile } from "./support/fake-camera";
import { expect, test, uniqueEmail } from "./support/test";

const PHONE = { width: 360, height: 740 };

test.describe("the counter", () => {
  test("an invited Atendente scans the customer's QR code on a phone and stamps; the customer's open card shows it within 2 s; the interval, the short code, the roles and the removal hold", async ({
    accounts,
    mail,
    server,
  }) => {
    // A whole morning at the counter: an invitation, two phones, a second browser with a camera.
    test.setTimeout(240_000);
    const folder = mkdtempSync(join(tmpdir(), "carimbou-camera-"));
    // The company keeps the counter's default rules: 30 minutes between two stamps on a card.
    const company = await accounts.company(
      { companyName: "Café Balcão", email: "balcao@example.com" },
      { counterRules: "defaults" },
    );
    const ana = await accounts.customer({
      name: "Ana Balcão",
      email: "ana.balcao@example.com",
      origin: { empresa_id: company.id, origem: "qrcode_empresa" },
    });

    // the owner invites Bia as an Atendente
    const ownerContext = await accounts.signedIn(company);
    const owner = await ownerContext.newPage();
    await owner.goto("/equipe");
    await owner.getByRole("button", { name: "Convidar" }).click();
    const invite = owner.getByRole("dialog", { name: "Convidar para a equipe" });
    const biaEmail = uniqueEmail("bia@example.com");
    await invite.getByLabel("E-mail").fill(biaEmail);
    await invite.getByLabel("Função").selectOption({ label: "Atendente" });
    await invite.getByRole("button", { name: "Enviar convite" }).click();
    await owner.getByText(`Convite enviado para ${biaEmail}.`).waitFor();

    // Bia opens the e-mail's link on her phone and creates her password
    const link = await mail.linkSentTo(biaEmail);
    expect(new URL(link).pathname).toBe("/equipe/convite");
    const invited = await ownerContext.browser()!.newContext({ viewport: PHONE, locale: "pt-BR" });
    const invitation = await invited.newPage();
    await invitation.goto(link);
    await invitation
      .getByText("Café Balcão convidou você para a equipe no Carimbou como Atendente.")
      .waitFor();
    await invitation.getByLabel("Seu nome").fill("Bia Atendente");
    await invitation.getByLabel("Senha", { exact: true }).fill("segredo1");
    await invitation.getByRole("button", { name: "Criar senha e entrar" }).click();
    // Her phone has no camera: this page is where she types codes, and where her closed pages are
    // tried (the phone with a camera would read Ana's QR code again at each 'Próximo cliente').
    await invitation.waitForURL((u) => u.pathname === "/balcao");

    // Ana opens her card and shows her code ('Mostrar no balcão')
    const customerContext = await accounts.signedIn(ana, { viewport: PHONE });
    const phone = await customerContext.newPage();
    await phone.goto(`/dashboard-cliente-cartao-fidelidade/${company.id}`);
    await phone.getByText("0/10 carimbos").first().waitFor();
    await phone.getByRole("button", { name: "Mostrar no balcão" }).click();
    const qr = phone.getByTestId("counter-qr");
    await qr.waitFor();
    const video = join(folder, "qr.y4m");
    await writeFakeCameraFile(customerContext, qr, video);
    await phone.getByRole("button", { name: "Fechar" }).first().click();

    // Bia signs in on a phone whose camera sees Ana's QR code: /balcao scans it
    const camera = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_ARGS,
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const staffContext = await camera.newContext({
        viewport: PHONE,
        locale: "pt-BR",
        baseURL: server.baseUrl,
        permissions: ["camera"],
      });
      const counter = await staffContext.newPage();
      await counter.goto("/login-admin");
      await counter.getByLabel("Email").fill(biaEmail);
      await counter.getByLabel("Senha").fill("segredo1");
      await counter.getByRole("button", { name: "Entrar" }).click();
      await counter.waitForURL((u) => u.pathname === "/balcao");
      await counter.getByText("Ana Balcão").first().waitFor({ timeout: 20_000 });
      await counter.getByRole("button", { name: "+1 carimbo" }).click();
      await counter.getByText("Carimbo registrado! Agora 1/10.").waitFor();
      // Ana's page, left open, shows the stamp without a reload
      await expect(phone.getByText("1/10 carimbos").first()).toBeVisible({ timeout: 2_000 });

      // the same card again at once: the interval refuses it
      await counter.getByRole("button", { name: "+1 carimbo" }).click();
      await counter
        .getByText(
          /Este cartão recebeu um carimbo há pouco\. Próximo carimbo a partir de \d{2}:\d{2}\./,
        )
        .waitFor();
      // an Atendente cannot stamp past the rules
      await expect(counter.getByRole("button", { name: "Carimbar mesmo assim" })).toHaveCount(0);
    } finally {
      await camera.close();
      rmSync(folder, { recursive: true, force: true });
    }

    // the short code, read from Ana's phone and typed in lower case, finds her the same way
    await phone.getByRole("button", { name: "Mostrar no balcão" }).click();
    const shortCode = ((await phone.getByTestId("counter-short-code").textContent()) ?? "").trim();
    expect(shortCode).toMatch(/^[0-9A-Z]{3}-[0-9A-Z]{3}$/);
    await invitation.getByLabel("Código do cliente").fill(shortCode.toLowerCase());
    await invitation.getByRole("button", { name: "Buscar" }).click();
    const found = invitation.getByTestId("counter-customer");
    await expect(found.getByRole("heading", { name: "Ana Balcão" })).toBeVisible();
    await expect(found.getByTestId("counter-card-count")).toHaveText("1/10");

    // an Atendente's menu has the counter only; other pages and the export are closed to her
    await invitation.getByRole("button", { name: "Abrir ou fechar o menu" }).click();
    const menu = invitation.getByRole("navigation", { name: "Navegação do painel" });
    await expect(menu.getByRole("link", { name: "Balcão" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Clientes" })).toHaveCount(0);
    await invitation.keyboard.press("Escape");
    for (const path of ["/clientes", "/configuracoes", "/plano", "/relatorios"]) {
      await invitation.goto(path);
      await invitation.waitForURL((u) => u.pathname === "/balcao");
    }
    const exported = await invitation.request.get("/api/customers/export");
    expect(exported.status()).toBe(403);
    expect(((await exported.json()) as { error: { code: string } }).error.code).toBe(
      "role_forbidden",
    );
    expect((await invitation.request.get("/api/settings/loyalty-rules")).status()).toBe(403);

    // the owner removes her: her next request is refused
    await owner.reload();
    await owner
      .getByRole("listitem")
      .filter({ hasText: "Bia Atendente" })
      .getByRole("button", { name: "Remover" })
      .click();
    await owner
      .getByRole("alertdialog", { name: "Remover Bia Atendente da equipe?" })
      .getByRole("button", { name: "Remover" })
      .click();
    await owner.getByText("Bia Atendente saiu da equipe.").waitFor();
    expect((await invitation.request.get("/api/counter/customers?search=Ana")).status()).toBe(401);
    await invited.close();
  });
});
