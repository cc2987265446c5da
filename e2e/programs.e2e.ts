import { type CompanyAccount, expect, test, uniqueEmail } from "./support/test";

const phoneViewport = { width: 360, height: 780 };
// The customer's phone is the test's own page.
test.use({ viewport: phoneViewport });

let company: CompanyAccount;

test.beforeAll(async ({ accounts }) => {
  company = await accounts.company({
    companyName: "Café Expresso Bom",
    email: "cafe-programas@example.com",
  });
});

test.describe("programmes are the card (on a 360 px phone)", () => {
  test("'Novo Cartão' of 8 stamps for 'Um café expresso', made default, is the card a new customer gets", async ({
    accounts,
    mail,
    page: phone,
  }) => {
    const rita = uniqueEmail("rita@example.com");
    const companyContext = await accounts.signedIn(company, { viewport: phoneViewport });
    const panel = await companyContext.newPage();
    await panel.goto("/cartoes");

    // 'Templates' leads to the programmes: the sign-up's default one is there
    await panel.getByRole("link", { name: /^Templates: 1 cartão/ }).click();
    const programs = panel.getByRole("region", { name: "Templates de cartão" });
    const first = programs.getByRole("article", { name: "Cartão Fidelidade" });
    await first.getByText("Padrão").waitFor();
    await first.getByText("10 carimbos · Recompensa: Recompensa da casa").waitFor();

    // 'Novo Cartão', validated by the shared schema, then created
    await panel.getByRole("button", { name: "Novo Cartão" }).click();
    const dialog = panel.getByRole("dialog", { name: "Novo Cartão" });
    await dialog.getByRole("button", { name: "Criar Cartão" }).click();
    await dialog.getByText("Nome do cartão é obrigatório").waitFor();
    await dialog.getByText("Recompensa é obrigatória").waitFor();
    await dialog.getByLabel("Nome do Cartão").fill("Cartão Café");
    await dialog.getByLabel("Carimbos Necessários").fill("8");
    await dialog.getByLabel("Recompensa").fill("Um café expresso");
    await dialog.getByLabel("Descrição").fill("Um carimbo por café");
    await dialog.getByRole("button", { name: "Criar Cartão" }).click();
    await panel.getByText("Cartão criado!").waitFor();
    await dialog.waitFor({ state: "detached" });
    const coffee = programs.getByRole("article", { name: "Cartão Café" });
    await coffee.getByText("8 carimbos · Recompensa: Um café expresso").waitFor();
    await expect
      .poll(() => panel.getByRole("link", { name: /^Templates:/ }).textContent())
      .toBe("Templates2");

    // made the default one; the old default can be archived, the new one cannot
    await coffee.getByRole("button", { name: "Tornar padrão" }).click();
    await coffee.getByText("Padrão", { exact: true }).waitFor();
    await first.getByText("Padrão", { exact: true }).waitFor({ state: "detached" });
    await coffee.getByRole("button", { name: "Arquivar" }).click();
    const refuse = panel.getByRole("dialog", { name: "Arquivar Cartão Café?" });
    await refuse.getByText(/Escolha outro cartão padrão antes/).waitFor();
    expect(await refuse.getByRole("button", { name: "Arquivar" }).count()).toBe(0);
    await refuse.getByRole("button", { name: "Fechar" }).click();
    await refuse.waitFor({ state: "detached" });

    await panel.screenshot({ path: "/tmp/programs-cartoes-360.png", fullPage: true });
    // nothing wider than the phone
    expect(
      await panel.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    // a new customer signs up through the company's QR link
    const companyId = (await panel.evaluate(async () => (await fetch("/api/me")).json())) as {
      company: { id: string };
    };
    await phone.goto(`/login-cliente?empresa_id=${companyId.company.id}&origem=qrcode_empresa`);
    // The printed QR code's address opens the short sign-up (issue 31): no city or state asked.
    await phone.waitForURL((u) => u.pathname === "/cadastro-cliente");
    await phone.getByText("Café Expresso Bom").first().waitFor();
    await phone.getByLabel("Nome", { exact: true }).fill("Rita Cliente");
    await phone.getByLabel("Email").fill(rita);
    await phone.getByLabel("Senha", { exact: true }).fill("segredo1");
    await phone.getByRole("button", { name: "Criar conta" }).click();
    await phone.getByText(rita).waitFor();
    await phone.goto(await mail.linkSentTo(rita));
    await phone.waitForURL((u) => u.pathname === "/login-cliente");
    await phone.getByLabel("Email").fill(rita);
    await phone.getByLabel("Senha", { exact: true }).fill("segredo1");
    await phone.getByRole("button", { name: "Entrar" }).click();
    await phone.waitForURL((u) => u.pathname === "/dashboard-cliente");

    // their card is the coffee card: its reward and 8 stamp marks
    await phone.goto(`/dashboard-cliente-cartao-fidelidade/${companyId.company.id}`);
    const card = phone.getByTestId("stamp-card").first();
    await card.getByText("Um café expresso").waitFor();
    expect(await card.locator("ol > li").count()).toBe(8);
    await phone.screenshot({ path: "/tmp/programs-customer-card-360.png", fullPage: true });

    // editing the programme later does not change Rita's open card
    await coffee.getByRole("button", { name: "Editar" }).click();
    const edit = panel.getByRole("dialog", { name: "Editar Cartão Café" });
    await edit.getByLabel("Carimbos Necessários").fill("12");
    await edit.getByLabel("Recompensa").fill("Um cappuccino");
    await edit.getByRole("button", { name: "Salvar" }).click();
    await panel.getByText("Cartão atualizado!").waitFor();
    await coffee.getByText("12 carimbos · Recompensa: Um cappuccino").waitFor();
    await phone.reload();
    await card.getByText("Um café expresso").waitFor();
    expect(await card.locator("ol > li").count()).toBe(8);

    // staff open Rita a second card (another programme) from the card's details
    await panel.goto("/cartoes");
    const ritaCard = panel.getByRole("article", { name: "Rita Cliente" });
    await ritaCard.getByText("Recompensa: Um café expresso").waitFor();
    await ritaCard.getByRole("button", { name: "Detalhes" }).click();
    const details = panel.getByRole("dialog", { name: "Cartão de Rita Cliente" });
    await details.getByLabel("Abrir outro cartão para este cliente").selectOption({
      label: "Cartão Fidelidade (10 carimbos)",
    });
    await details.getByRole("button", { name: "Abrir cartão" }).click();
    await panel.getByText("Cartão aberto!").waitFor();
    // the same programme twice is refused with a clear message
    await details.getByRole("button", { name: "Abrir cartão" }).click();
    await details
      .getByText("Este cliente já tem um cartão aberto neste programa.", { exact: false })
      .waitFor();
    await panel.screenshot({ path: "/tmp/programs-details-360.png" });
    await details.getByRole("button", { name: "Fechar" }).click();
    await details.waitFor({ state: "detached" });

    // 'Adicionar Carimbo' asks which of Rita's open cards
    await panel.goto("/dashboard");
    await panel.getByRole("button", { name: "Adicionar Carimbo" }).click();
    const stamp = panel.getByRole("dialog", { name: "Adicionar Carimbo" });
    await stamp.getByLabel("Buscar cliente").fill("rita");
    await stamp.getByRole("radio", { name: /Rita Cliente/ }).check();
    const cards = stamp.getByRole("group", { name: "Cartão" });
    await cards.getByRole("radio", { name: /Cartão Café/ }).waitFor();
    expect(await cards.getByRole("radio", { name: /Cartão Café/ }).isChecked()).toBe(true);
    await cards.getByRole("radio", { name: /Cartão Fidelidade/ }).check();
    await panel.screenshot({ path: "/tmp/programs-add-stamp-360.png" });
    await stamp.getByRole("button", { name: "Adicionar carimbo" }).click();
    await panel.getByText("O carimbo foi adicionado com sucesso ao cartão do cliente.").waitFor();
    await panel.getByRole("button", { name: "Adicionar Carimbo" }).click();
    await panel.getByRole("dialog", { name: "Adicionar Carimbo" }).waitFor();
    await panel.getByRole("button", { name: "Cancelar" }).click();
    await panel.getByRole("dialog", { name: "Adicionar Carimbo" }).waitFor({ state: "detached" });

    await panel.goto("/cartoes");
    const ritaCards = panel.getByRole("article", { name: "Rita Cliente" });
    await expect.poll(() => ritaCards.count()).toBe(2);
    await ritaCards
      .filter({ hasText: "Cartão Fidelidade" })
      .getByText("1/10 carimbos (10%)")
      .waitFor();
    await ritaCards.filter({ hasText: "Cartão Café" }).getByText("0/8 carimbos (0%)").waitFor();
    await panel.screenshot({ path: "/tmp/programs-cartoes-cards-360.png", fullPage: true });
    expect(
      await panel.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    // Rita completes the coffee card (8 stamps, through the API) and shows her voucher: the
    // lookup shows the compact card, not a page of stamp circles
    const coffeeCardId = await panel.evaluate(async () => {
      const list = (await (await fetch("/api/cards?search=rita")).json()) as {
        id: string;
        programName: string;
      }[];
      const id = list.find((c) => c.programName === "Cartão Café")!.id;
      for (let i = 0; i < 8; i++) {
        await fetch(`/api/cards/${id}/stamps`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ method: "purchase" }),
        });
      }
      return id;
    });
    const code = await phone.evaluate(async (id) => {
      const res = await fetch(`/api/me/cards/${id}/voucher`, { method: "POST" });
      return ((await res.json()) as { code: string }).code;
    }, coffeeCardId);
    const voucher = panel.getByRole("region", { name: "Resgatar voucher" });
    await voucher.getByLabel("Código do voucher").fill(code);
    await voucher.getByRole("button", { name: "Buscar voucher" }).click();
    const found = voucher.getByRole("article", { name: "Rita Cliente" });
    await found.getByText("8/8 carimbos (100%)").waitFor();
    await found.getByText("Recompensa: Um café expresso").waitFor();
    await found.getByRole("progressbar").waitFor();
    expect(await found.locator("ol").count()).toBe(0);
    await found.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: "/tmp/programs-voucher-360.png" });
    await found.getByRole("button", { name: "Marcar Utilização" }).click();
    const redeem = panel.getByRole("dialog", {
      name: "Marcar utilização do cartão de Rita Cliente",
    });
    await redeem.getByRole("button", { name: "Confirmar utilização" }).click();
    await panel.getByText("Cartão marcado como utilizado com sucesso.").waitFor();
    await found.getByText(/Cartão Utilizado em \d{2}\/\d{2}\/\d{4}/).waitFor();

    await companyContext.close();
  });
});
