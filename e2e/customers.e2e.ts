import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { testEnv } from "../src/server/test/test-env";
import { invitedCustomer } from "./support/fixtures";
import { type CompanyAccount, expect, test, uniqueEmail } from "./support/test";

// Each test goes on from the customers, the edits and the invitations of the ones before.
test.describe.configure({ mode: "serial" });

let company: CompanyAccount;
let context: BrowserContext;
let panel: Page;

const joao = uniqueEmail("joao@example.com");
const maria = uniqueEmail("maria@example.com");
const bia = uniqueEmail("bia@example.com");

test.beforeAll(async ({ accounts, server, mail }) => {
  company = await accounts.company({ companyName: "Café Aurora", email: "aurora@example.com" });
  context = await accounts.signedIn(company, {
    acceptDownloads: true,
    viewport: { width: 1400, height: 900 },
  });
  // Customers of the company: invited through the API ('Novo Cliente', as the dialog does), then
  // the person, without an account, accepts from the e-mailed link with the same data.
  await invitedCustomer(context, server, mail, { name: "João da Silva", email: joao });
  await invitedCustomer(context, server, mail, {
    name: "Maria Conceição",
    email: maria,
    phone: "(11) 98765-4321",
  });
  panel = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
});

const row = (name: string | RegExp) =>
  panel.getByRole("table", { name: "Clientes" }).getByRole("row", { name });

test.describe("/clientes in a real browser", () => {
  test("the header search opens /clientes with the search done (ignoring accents)", async () => {
    await panel.goto("/dashboard");
    await panel.getByPlaceholder("Buscar clientes...").fill("joao");
    await panel.getByPlaceholder("Buscar clientes...").press("Enter");
    await panel.waitForURL((u) => u.pathname === "/clientes" && u.search === "?busca=joao");
    await panel.getByText("Gerencie sua base de clientes fidelizados").waitFor();
    expect(await panel.getByPlaceholder("Buscar por nome, email ou telefone...").inputValue()).toBe(
      "joao",
    );
    await row(/João da Silva/).waitFor();
    await expect.poll(() => panel.getByRole("table").getByRole("row").count()).toBe(2);

    // by phone digits, typed in the page's own search
    await panel.getByPlaceholder("Buscar por nome, email ou telefone...").fill("987654321");
    await row(/Maria Conceição/).waitFor();
    await expect.poll(() => row(/João da Silva/).count()).toBe(0);
    await panel.getByPlaceholder("Buscar por nome, email ou telefone...").fill("");
    await row(/João da Silva/).waitFor();
    await panel.getByText("1–2 de 2 clientes").waitFor();
  });

  test("toggles a customer's status and keeps it", async () => {
    await expect.poll(() => panel.getByTestId("stat-Clientes Ativos").textContent()).toBe("2");
    await row(/João da Silva/)
      .getByRole("button", { name: "Ativo" })
      .click();
    await row(/João da Silva/)
      .getByRole("button", { name: "Inativo" })
      .waitFor();
    await expect.poll(() => panel.getByTestId("stat-Clientes Ativos").textContent()).toBe("1");
    await panel.reload();
    await row(/João da Silva/)
      .getByRole("button", { name: "Inativo" })
      .waitFor();
    // no longer offered in the dashboard's add-stamp search
    const search = await context.request.get("/api/customers?search=joao");
    expect(await search.json()).toEqual([]);
  });

  test("edits the company's record in 'Ver Detalhes'", async () => {
    await row(/Maria Conceição/)
      .getByRole("button", { name: "Ver Detalhes" })
      .click();
    const dialog = panel.getByRole("dialog", { name: "Detalhes de Maria Conceição" });
    await dialog.getByText("Nenhuma mensagem deste cliente.").waitFor();
    await dialog.getByRole("button", { name: "Editar" }).click();
    await dialog.getByLabel("Telefone").fill("(19) 91234-5678");
    await dialog.getByLabel("Cidade").fill("Valinhos");
    await dialog.getByLabel("Estado").selectOption("MG");
    await dialog.getByLabel("Aniversário").fill("1990-07-15");
    await dialog.getByLabel("Observações").fill("Prefere atendimento pela manhã");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await panel.getByText("Dados salvos com sucesso!").waitFor();
    await dialog.getByText("Prefere atendimento pela manhã").waitFor();
    await dialog.getByText("15/07/1990").waitFor();
    await dialog.getByRole("button", { name: "Fechar" }).click();
    await dialog.waitFor({ state: "detached" });
    await row(/Maria Conceição/)
      .getByText("(19) 91234-5678")
      .waitFor();
    await row(/Maria Conceição/)
      .getByText("Valinhos/MG")
      .waitFor();
  });

  test("'Novo Cliente' invites; the person creates the account from the e-mail and only then is a customer", async ({
    browser,
    mail,
  }) => {
    await panel.getByRole("button", { name: "Novo Cliente" }).click();
    const dialog = panel.getByRole("dialog", { name: "Cadastrar Novo Cliente" });
    await dialog.getByRole("button", { name: "Cadastrar Cliente" }).click();
    await dialog.getByText("Nome é obrigatório").waitFor();
    await dialog.getByText("Email é obrigatório").waitFor();
    await dialog.getByText("Cidade é obrigatória").waitFor();
    await dialog.getByText("Estado é obrigatório").waitFor();
    const fill = async (name: string) => {
      await dialog.getByLabel("Nome").fill(name);
      await dialog.getByLabel("Email").fill(bia);
      await dialog.getByLabel("Telefone (opcional)").fill("(11) 95555-0000");
      await dialog.getByLabel("Cidade").fill("Jundiaí");
      await dialog.getByLabel("Estado").selectOption("SP");
      await dialog.getByRole("button", { name: "Cadastrar Cliente" }).click();
    };
    await fill("Bia");
    const sent = `Convite enviado para ${bia}. O cliente aparece na sua lista quando aceitar.`;
    await panel.getByText(sent).first().waitFor();
    await dialog.waitFor({ state: "detached" });
    // the outbox sends the first invitation within about a second of the answer
    await mail.linkSentTo(bia);
    // the same e-mail again: the same answer, the pending invitation refreshed with the new name
    const before = mail.mails.filter((m) => m.to === bia).length;
    await panel.getByRole("button", { name: "Novo Cliente" }).click();
    await fill("Bia Convidada");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => mail.mails.filter((m) => m.to === bia).length).toBe(before + 1);

    // not a customer yet: only in 'Convites pendentes', with what was typed
    const invitations = panel.getByRole("region", { name: "Convites pendentes" });
    const invited = invitations.getByRole("listitem", { name: "Bia Convidada" });
    await invited.getByText("Convite enviado").waitFor();
    await invited.getByText(`${bia} · (11) 95555-0000`).waitFor();
    expect(await row(/Bia/).count()).toBe(0);
    await invitations.screenshot({ path: "/tmp/clientes-convites.png" });

    const invitationMail = mail.mails.findLast((m) => m.to === bia)!;
    expect(invitationMail.subject).toBe("Convite de Café Aurora no Carimbou");
    // what was typed about her stays out of the e-mail (its link's random token may hold any letters)
    expect(invitationMail.text.replace(/https?:\/\/\S+/g, "")).not.toContain("Bia");
    const link = await mail.linkSentTo(bia);
    expect(new URL(link).pathname).toBe("/convite");
    const biaContext = await browser.newContext({ locale: "pt-BR" });
    const biaPage = await biaContext.newPage();
    await biaPage.goto(link);
    await biaPage
      .getByText("Café Aurora no Carimbou convidou você para o programa de fidelidade dela.")
      .waitFor();
    expect(await biaPage.getByLabel("Nome").inputValue()).toBe("Bia Convidada");
    await biaPage.screenshot({ path: "/tmp/convite.png", fullPage: true });
    await biaPage.getByLabel("Senha", { exact: true }).fill("123");
    await biaPage.getByRole("button", { name: "Criar conta e aceitar" }).click();
    await biaPage.getByText("A senha deve ter pelo menos 6 caracteres").waitFor();
    await biaPage.getByLabel("Senha", { exact: true }).fill("senhadabia");
    await biaPage.getByLabel("Cidade").fill("Jundiaí");
    await biaPage.getByLabel("Estado").selectOption("SP");
    await biaPage.getByRole("button", { name: "Criar conta e aceitar" }).click();
    await biaPage.waitForURL((u) => u.pathname === "/dashboard-cliente-cartoes-fidelidade");
    await biaPage.getByRole("link", { name: /Café Aurora/ }).waitFor();
    await biaPage.getByText("0/10 carimbos").waitFor();

    // the link works once
    await biaPage.goto(link);
    await biaPage.getByText("Este convite é inválido, expirou ou já foi usado.").waitFor();
    await biaContext.close();

    // now a customer of Café Aurora, and no longer pending
    await panel.reload();
    await row(/Bia Convidada/).waitFor();
    await expect.poll(() => invited.count()).toBe(0);
  });

  test("a customer with an account accepts the invitation in their area", async ({
    accounts,
    server,
  }) => {
    const carla = await accounts.customer({
      name: "Carla Conta",
      email: "carla@example.com",
      city: "Santos",
    });
    const res = await context.request.post("/api/customers", {
      data: {
        name: "Carla",
        email: carla.email,
        phone: "",
        birthDate: "",
        city: "Santos",
        state: "SP",
      },
      headers: { origin: server.baseUrl },
    });
    expect(res.status()).toBe(201);
    const carlaContext = await accounts.signedIn(carla);
    const carlaPage = await carlaContext.newPage();
    await carlaPage.goto("/dashboard-cliente");
    const notice = carlaPage.getByRole("region", { name: "Convites de empresas" });
    await notice
      .getByText("Café Aurora no Carimbou convidou você para o programa de fidelidade dela.")
      .waitFor();
    await notice.getByRole("button", { name: "Aceitar" }).click();
    await carlaPage.getByText("Pronto! Você agora participa do programa de Café Aurora.").waitFor();
    await notice.waitFor({ state: "detached" });
    await carlaContext.close();
    await panel.reload();
    await row(/Carla Conta/).waitFor();
  });

  test("shows a customer's cards in 'Detalhes Cartões'", async () => {
    await row(/Bia Convidada/)
      .getByRole("button", { name: "Detalhes Cartões" })
      .click();
    const dialog = panel.getByRole("dialog", { name: "Cartões de Bia Convidada" });
    await dialog.getByText("Total de Cartões").waitFor();
    await dialog.getByText("0/10 carimbos").waitFor();
    await dialog.getByRole("progressbar").waitFor();
    await panel.keyboard.press("Escape");
  });

  test("downloads the CSV with the customers", async () => {
    const [download] = await Promise.all([
      panel.waitForEvent("download"),
      panel.getByRole("link", { name: "Exportar CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("clientes.csv");
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toContain("Nome;Email;Telefone");
    expect(text).toContain(`;Bia Convidada;${bia};(11) 95555-0000;Jundiaí;SP;`);
    expect(text).toContain(`;Maria Conceição;${maria};(19) 91234-5678;Valinhos;MG;15/07/1990;`);

    if (testEnv.SCREENSHOT_DIR) {
      await panel.screenshot({
        path: `${testEnv.SCREENSHOT_DIR}/clientes.png`,
        fullPage: true,
      });
    }
  });

  test("on a 390 px phone: one card per customer, no sideways scrolling, every action reachable", async ({
    accounts,
  }) => {
    const phone = await accounts.signedIn(company, { viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await page.goto("/clientes");
    const list = page.getByRole("list", { name: "Clientes" });
    const card = list.getByRole("listitem", { name: "Maria Conceição" });
    await card.waitFor();
    expect(await list.getByRole("listitem").count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByRole("table", { name: "Clientes" }).isVisible()).toBe(false);
    const sizes = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
    await card.getByText(maria).waitFor();
    for (const name of ["Ativo", "Ver Detalhes", "Detalhes Cartões"]) {
      const box = (await card.getByRole("button", { name }).boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    }
    await page.screenshot({ path: "/tmp/clientes-390.png", fullPage: true });
    await card.getByRole("button", { name: "Ver Detalhes" }).click();
    const details = page.getByRole("dialog", { name: "Detalhes de Maria Conceição" });
    await details.getByText("Prefere atendimento pela manhã").waitFor();
    const close = details.getByRole("button", { name: "Fechar" });
    await close.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/tmp/clientes-390-detalhes.png" });
    await close.click();
    await details.waitFor({ state: "detached" });
    await card.getByRole("button", { name: "Detalhes Cartões" }).click();
    const cards = page.getByRole("dialog", { name: "Cartões de Maria Conceição" });
    await cards.getByText("Total de Cartões").waitFor();
    await cards.getByRole("button", { name: "Fechar" }).click();
    await cards.waitFor({ state: "detached" });
    await phone.close();
  });
});
