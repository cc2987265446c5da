import { type CompanyAccount, type CustomerAccount, expect, test } from "./support/test";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

// The second journey signs in as the customer the first one made.
test.describe.configure({ mode: "serial" });

let company: CompanyAccount;
let ana: CustomerAccount;

test.beforeAll(async ({ accounts }) => {
  company = await accounts.company({ companyName: "Café Aurora", email: "aurora@example.com" });
});

test.describe("the loyalty loop in a real browser", () => {
  test("QR link, join, receipt claim approved, completion, voucher, redemption, next card", async ({
    accounts,
  }) => {
    const companyContext = await accounts.signedIn(company, {
      acceptDownloads: true,
      permissions: ["clipboard-read", "clipboard-write"],
    });
    const panel = await companyContext.newPage();
    await panel.goto("/dashboard");

    // the company's QR card: the join link, copied and downloaded
    const link = (await panel.getByTestId("join-link").textContent()) ?? "";
    const joinUrl = new URL(link);
    expect(joinUrl.pathname).toBe("/cadastro-cliente");
    expect(joinUrl.searchParams.get("origem")).toBe("qrcode_empresa");
    const companyId = joinUrl.searchParams.get("empresa_id") ?? "";
    await panel.getByRole("img", { name: /QR code/ }).waitFor();
    await panel.getByRole("button", { name: "Copiar link" }).click();
    await panel.getByText("Link copiado!").waitFor();
    expect(await panel.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const [download] = await Promise.all([
      panel.waitForEvent("download"),
      panel.getByRole("button", { name: "Baixar QR Code" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("qrcode-cafe-aurora.png");
    await panel.getByText("QR Code baixado!").waitFor();

    // a customer joins through the link (sign-up through the form is covered in sign-up.e2e.ts)
    ana = await accounts.customer({
      name: "Ana Cliente",
      email: "ana@example.com",
      city: "Santos",
      origin: { empresa_id: companyId, origem: "qrcode_empresa" },
    });
    const customerContext = await accounts.signedIn(ana);
    const phone = await customerContext.newPage();
    await phone.goto("/dashboard-cliente-cartoes-fidelidade");
    const tile = phone.getByRole("link", { name: /Café Aurora/ });
    await tile.getByText("Recém criado").waitFor();
    await tile.getByText("0/10 carimbos").waitFor();
    await tile.click();
    await phone.waitForURL(
      (u) => u.pathname === `/dashboard-cliente-cartao-fidelidade/${companyId}`,
    );
    await phone.getByText("0/10 carimbos").waitFor();

    // the customer uploads a receipt; it does not count until the company approves it
    await phone
      .getByLabel("Enviar nota fiscal")
      .setInputFiles({ name: "nota.png", mimeType: "image/png", buffer: PNG });
    await phone.getByRole("button", { name: "Enviar comprovante" }).click();
    await phone.getByText("Solicitação enviada!").waitFor();
    await phone.getByText("Aguardando a empresa").first().waitFor();

    // the bell shows the claim, unread, until it is marked read (kept on the server)
    await panel.reload();
    const bell = panel.getByRole("button", { name: /^Notificações/ });
    await expect.poll(() => panel.getByTestId("notification-badge").textContent()).toBe("1");
    await bell.click();
    const bellList = panel.getByRole("list", { name: "Notificações" });
    await bellList.getByText("Solicitação de carimbo").waitFor();
    await bellList.getByText("Ana Cliente pediu um carimbo (nota fiscal)").waitFor();
    await bellList.getByText("Agora").waitFor();
    await panel.getByRole("button", { name: "Marcar todas como lidas" }).click();
    await panel.getByTestId("notification-badge").waitFor({ state: "detached" });
    await panel.keyboard.press("Escape");
    await panel.reload();
    await panel.getByRole("list", { name: "Solicitações de carimbo" }).waitFor();
    expect(await panel.getByTestId("notification-badge").count()).toBe(0);

    const claims = panel.getByRole("list", { name: "Solicitações de carimbo" });
    await claims.getByText("Ana Cliente").waitFor();
    const receiptHref = await claims
      .getByRole("link", { name: "Ver comprovante" })
      .getAttribute("href");
    const receipt = await panel.request.get(receiptHref ?? "");
    expect(receipt.headers()["content-type"]).toBe("image/png");
    await claims.getByRole("button", { name: "Aprovar" }).click();
    await panel.getByText("Carimbo aprovado!").waitFor();
    await panel.getByText("Nenhuma solicitação pendente.").waitFor();

    await phone.reload();
    await phone.getByText("1/10 carimbos").waitFor();
    await phone.getByText("Aprovada").first().waitFor();

    // the staff gives a stamp from the dashboard dialog, only confirmed once the server saved it
    await panel.getByRole("button", { name: "Adicionar Carimbo" }).click();
    const dialog = panel.getByRole("dialog", { name: "Adicionar Carimbo" });
    await dialog.getByLabel("Buscar cliente").fill("ana");
    await dialog.getByRole("radio", { name: /Ana Cliente/ }).check();
    await dialog.getByLabel("Tipo de carimbo").selectOption("purchase");
    await dialog.getByLabel("Observações (opcional)").fill("Café e pão de queijo");
    await dialog.getByRole("button", { name: "Adicionar carimbo" }).click();
    await panel.getByText("O carimbo foi adicionado com sucesso ao cartão do cliente.").waitFor();
    await phone.reload();
    await phone.getByText("2/10 carimbos").waitFor();

    // the rest from each card's add-stamp button on /cartoes: a Google review is worth 2
    await panel.goto("/cartoes");
    const anaCard = panel.getByRole("article", { name: "Ana Cliente" });
    await anaCard.getByText("2/10 carimbos (20%)").waitFor();
    const stampOnCard = async (method: string, expected: string) => {
      await anaCard.getByRole("button", { name: "Adicionar carimbo" }).click();
      const stampDialog = panel.getByRole("dialog", { name: "Adicionar carimbo para Ana Cliente" });
      await stampDialog.getByLabel("Tipo de carimbo").selectOption(method);
      await stampDialog.getByRole("button", { name: "Adicionar carimbo" }).click();
      await stampDialog.waitFor({ state: "detached" });
      await anaCard.getByText(expected).waitFor();
    };
    await stampOnCard("google_review", "4/10 carimbos (40%)");
    for (let n = 5; n <= 10; n++) await stampOnCard("purchase", `${n}/10 carimbos (${n * 10}%)`);
    await anaCard.getByText("Pronto para usar").waitFor();
    expect(await anaCard.getByRole("button", { name: "Cartão Completo" }).isDisabled()).toBe(true);
    const summaryTile = (label: string) => panel.getByText(label, { exact: true }).locator("..");
    await expect
      .poll(() => summaryTile("Cartões Completos").textContent())
      .toBe("Cartões Completos1");
    await expect.poll(() => summaryTile("Cartões Ativos").textContent()).toBe("Cartões Ativos0");

    // the details dialog shows the stamp history, newest first
    await anaCard.getByRole("button", { name: "Detalhes" }).click();
    const history = panel.getByRole("list", { name: "Histórico de carimbos" });
    await expect.poll(() => history.getByRole("listitem").count()).toBe(9);
    await history.getByText("Avaliação Google · 2 carimbos").waitFor();
    await history.getByText("Café e pão de queijo").waitFor();
    await history.getByText("Nota fiscal · 1 carimbo").waitFor();
    await panel.keyboard.press("Escape");

    // the bell now tells the card is complete
    await bell.click();
    await bellList.getByText("Ana Cliente completou o cartão Cartão Fidelidade").waitFor();
    await panel.keyboard.press("Escape");

    await phone.reload();
    await phone.getByText("10/10 carimbos").waitFor();
    await phone.getByText("Cartão Completo! Solicite sua recompensa na empresa").waitFor();
    await phone.goto("/dashboard-cliente-cartoes-fidelidade");
    await phone.getByText("Cartão Completo! Resgate sua recompensa").waitFor();
    await phone
      .getByRole("link", { name: /Café Aurora/ })
      .getByText("Pronto para usar")
      .waitFor();
    await phone.goto(`/dashboard-cliente-cartao-fidelidade/${companyId}`);
    await phone.getByRole("button", { name: "Gerar voucher" }).click();
    const code = (await phone.getByTestId("voucher-code").textContent()) ?? "";
    expect(code).toMatch(/^[A-Z2-9]{8}$/);

    // a new programme from 'Novo Cartão', validated
    await panel.getByRole("button", { name: "Novo Cartão" }).click();
    const programDialog = panel.getByRole("dialog", { name: "Novo Cartão" });
    await programDialog.getByLabel("Carimbos Necessários").fill("51");
    await programDialog.getByRole("button", { name: "Criar Cartão" }).click();
    await programDialog.getByText("Nome do cartão é obrigatório").waitFor();
    await programDialog.getByText("Recompensa é obrigatória").waitFor();
    await programDialog.getByText("Informe de 1 a 50 carimbos").waitFor();
    await programDialog.getByLabel("Nome do Cartão").fill("Cartão Pão de Queijo");
    await programDialog.getByLabel("Carimbos Necessários").fill("8");
    await programDialog.getByLabel("Recompensa").fill("Um pão de queijo");
    await programDialog.getByRole("button", { name: "Criar Cartão" }).click();
    await panel.getByText("Cartão criado!").waitFor();
    await expect.poll(() => summaryTile("Templates").textContent()).toBe("Templates2");

    // the company finds the card by the customer's voucher code and redeems it
    const voucher = panel.getByRole("region", { name: "Resgatar voucher" });
    await voucher.getByLabel("Código do voucher").fill("ZZZZZZZZ");
    await voucher.getByRole("button", { name: "Buscar voucher" }).click();
    await voucher.getByText("Voucher não encontrado.").waitFor();
    await voucher.getByLabel("Código do voucher").fill(code.toLowerCase());
    await voucher.getByRole("button", { name: "Buscar voucher" }).click();
    const found = voucher.getByRole("article", { name: "Ana Cliente" });
    await found.getByText("10/10 carimbos (100%)").waitFor();
    await found.getByRole("button", { name: "Marcar Utilização" }).click();
    const redeemDialog = panel.getByRole("dialog");
    await redeemDialog.getByLabel("Tipo de bonificação (opcional)").fill("Café grátis");
    await redeemDialog.getByRole("button", { name: "Confirmar utilização" }).click();
    await panel.getByText("Cartão marcado como utilizado com sucesso.").waitFor();
    await found.getByText(/Cartão Utilizado em \d{2}\/\d{2}\/\d{4}/).waitFor();
    await anaCard.getByText("Utilizado").first().waitFor();

    await phone.reload();
    await phone.getByText(/Cartão Utilizado em \d{2}\/\d{2}\/\d{4}/).waitFor();

    // the next stamp, from the dashboard dialog, opens a new card
    await panel.goto("/dashboard");
    await panel.getByRole("button", { name: "Adicionar Carimbo" }).click();
    const nextDialog = panel.getByRole("dialog", { name: "Adicionar Carimbo" });
    await nextDialog.getByLabel("Buscar cliente").fill("ana");
    await nextDialog.getByRole("radio", { name: /Ana Cliente/ }).check();
    await nextDialog.getByRole("button", { name: "Adicionar carimbo" }).click();
    await panel.getByText("O carimbo foi adicionado com sucesso ao cartão do cliente.").waitFor();
    await phone.reload();
    await phone.getByText("1/10 carimbos").waitFor();

    // the dashboard's figures are counted from the data
    const recent = panel.getByRole("list", { name: "Cartões Recentes" });
    await expect.poll(() => recent.getByRole("listitem").count()).toBe(2);
    await recent.getByText(/^1\/10 · /).waitFor();
    await panel.getByRole("button", { name: "Filtros" }).click();
    await panel.getByRole("button", { name: "Utilizados" }).click();
    await expect.poll(() => recent.getByRole("listitem").count()).toBe(1);
    await recent.getByText(/^10\/10 · /).waitFor();
    await panel.getByText("Solicitações pendentes: 0").waitFor();
    await panel.getByText("Faltam 30 dias de teste.").waitFor();
    expect(
      await panel.getByRole("link", { name: "Ver e Responder Mensagens" }).getAttribute("href"),
    ).toBe("/mensagens");
    const statTile = (label: string) => panel.getByText(label, { exact: true }).locator("..");
    await expect.poll(() => statTile("Total de Clientes").textContent()).toBe("Total de Clientes1");
    await expect
      .poll(() => statTile("Recompensas Resgatadas").textContent())
      .toBe("Recompensas Resgatadas1");
    await expect.poll(() => statTile("Cartões Ativos").textContent()).toBe("Cartões Ativos1");
    await expect
      .poll(() => statTile("Taxa de Conclusão").textContent())
      .toBe("Taxa de Conclusão50%");

    await companyContext.close();
    await customerContext.close();
  });

  test("a customer who signs in through another company's link, or opens it signed in and confirms, joins it", async ({
    accounts,
    context,
    page,
  }) => {
    const navalha = await accounts.company({ companyName: "Barbearia Navalha" });
    const pet = await accounts.company({ companyName: "Pet Amigo" });

    await page.goto(`/login-cliente?empresa_id=${navalha.id}&origem=qrcode_empresa`);
    await page.getByText("Barbearia Navalha").first().waitFor();
    await page.getByRole("button", { name: "Já tem conta? Faça login" }).click();
    await page.getByLabel("Email").fill(ana.email);
    await page.getByLabel("Senha", { exact: true }).fill("segredo1");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard-cliente");

    // signed in already: joining waits for the customer's yes
    await page.goto(`/login-cliente?empresa_id=${pet.id}&origem=qrcode_empresa`);
    await page.getByRole("button", { name: "Entrar no programa", exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/dashboard-cliente-cartao-fidelidade/${pet.id}`);

    const cards = (await (await context.request.get("/api/me/cards")).json()) as {
      companyName: string;
    }[];
    const names = cards.map((c) => c.companyName);
    expect(names).toContain("Barbearia Navalha");
    expect(names).toContain("Pet Amigo");
    expect(names.filter((n) => n === "Barbearia Navalha")).toHaveLength(1);
  });
});
