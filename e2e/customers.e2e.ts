import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "./support/app-server";
import { launchBrowser } from "./support/browser";
import { confirmedAccount, signInContext } from "./support/fixtures";
import { startMailServer } from "./support/mail-server";

let mail: Awaited<ReturnType<typeof startMailServer>>;
let server: Awaited<ReturnType<typeof startAppServer>>;
let browser: Browser;
let context: BrowserContext;
let panel: Page;

const company = {
  companyName: "Café Aurora",
  email: "aurora@example.com",
  password: "segredo1",
  city: "São Paulo",
  state: "SP",
  phone: "(11) 3333-4444",
  sector: "alimentacao",
};

const url = (path: string) => `${server.baseUrl}${path}`;

/** A customer registered through the API ('Novo Cliente'), as the dialog would. */
async function addCustomer(input: Record<string, string>) {
  const res = await context.request.post(url("/api/customers"), {
    data: { phone: "", birthDate: "", city: "Campinas", state: "SP", ...input },
    headers: { origin: server.baseUrl },
  });
  if (res.status() !== 201) throw new Error(`add customer failed: ${await res.text()}`);
}

beforeAll(async () => {
  mail = await startMailServer();
  server = await startAppServer({ smtpUrl: mail.url });
  browser = await launchBrowser();
  await confirmedAccount(server, mail, "company", company);
  context = await browser.newContext({
    acceptDownloads: true,
    locale: "pt-BR",
    viewport: { width: 1400, height: 900 },
  });
  await signInContext(context, server, company.email, company.password);
  await addCustomer({ name: "João da Silva", email: "joao@example.com" });
  await addCustomer({
    name: "Maria Conceição",
    email: "maria@example.com",
    phone: "(11) 98765-4321",
  });
  panel = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await mail?.close();
});

const row = (name: string | RegExp) =>
  panel.getByRole("table", { name: "Clientes" }).getByRole("row", { name });

describe("/clientes in a real browser", () => {
  it("the header search opens /clientes with the search done (ignoring accents)", async () => {
    await panel.goto(url("/dashboard"));
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

  it("toggles a customer's status and keeps it", async () => {
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
    const search = await context.request.get(url("/api/customers?search=joao"));
    expect(await search.json()).toEqual([]);
  });

  it("edits the company's record in 'Ver Detalhes'", async () => {
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
    await panel.keyboard.press("Escape");
    await row(/Maria Conceição/)
      .getByText("(19) 91234-5678")
      .waitFor();
    await row(/Maria Conceição/)
      .getByText("Valinhos/MG")
      .waitFor();
  });

  it("'Novo Cliente' invites a new person, who sets a password from the e-mail and sees the card", async () => {
    await panel.getByRole("button", { name: "Novo Cliente" }).click();
    const dialog = panel.getByRole("dialog", { name: "Cadastrar Novo Cliente" });
    await dialog.getByRole("button", { name: "Cadastrar Cliente" }).click();
    await dialog.getByText("Nome é obrigatório").waitFor();
    await dialog.getByText("Email é obrigatório").waitFor();
    await dialog.getByText("Cidade é obrigatória").waitFor();
    await dialog.getByText("Estado é obrigatório").waitFor();
    await dialog.getByLabel("Nome").fill("Bia Convidada");
    await dialog.getByLabel("Email").fill("bia@example.com");
    await dialog.getByLabel("Telefone (opcional)").fill("(11) 95555-0000");
    await dialog.getByLabel("Cidade").fill("Jundiaí");
    await dialog.getByLabel("Estado").selectOption("SP");
    await dialog.getByRole("button", { name: "Cadastrar Cliente" }).click();
    await panel
      .getByText("Cliente cadastrado! Enviamos um convite para bia@example.com criar a senha.")
      .waitFor();
    await dialog.waitFor({ state: "detached" });
    await row(/Bia Convidada/).waitFor();

    // the same e-mail again: the error shows in the dialog
    await panel.getByRole("button", { name: "Novo Cliente" }).click();
    await dialog.getByLabel("Nome").fill("Bia de Novo");
    await dialog.getByLabel("Email").fill("bia@example.com");
    await dialog.getByLabel("Cidade").fill("Jundiaí");
    await dialog.getByLabel("Estado").selectOption("SP");
    await dialog.getByRole("button", { name: "Cadastrar Cliente" }).click();
    await dialog
      .getByRole("alert")
      .getByText("Este cliente já está cadastrado na sua empresa.")
      .waitFor();
    await panel.keyboard.press("Escape");

    const link = await mail.linkSentTo("bia@example.com");
    expect(new URL(link).pathname).toBe("/convite");
    const bia = await (await browser.newContext({ locale: "pt-BR" })).newPage();
    await bia.goto(link);
    await bia.getByText("Café Aurora cadastrou você no Carimbou.").waitFor();
    await bia.getByLabel("Senha", { exact: true }).fill("123");
    await bia.getByRole("button", { name: "Criar senha e entrar" }).click();
    await bia.getByText("A senha deve ter pelo menos 6 caracteres").waitFor();
    await bia.getByLabel("Senha", { exact: true }).fill("senhadabia");
    await bia.getByRole("button", { name: "Criar senha e entrar" }).click();
    await bia.waitForURL((u) => u.pathname === "/dashboard-cliente-cartoes-fidelidade");
    await bia.getByRole("link", { name: /Café Aurora/ }).waitFor();
    await bia.getByText("0/10 carimbos").waitFor();

    // the link works once
    await bia.goto(link);
    await bia.getByText("Este convite é inválido, expirou ou já foi usado.").waitFor();
    await bia.context().close();
  });

  it("shows a customer's cards in 'Detalhes Cartões'", async () => {
    await row(/Bia Convidada/)
      .getByRole("button", { name: "Detalhes Cartões" })
      .click();
    const dialog = panel.getByRole("dialog", { name: "Cartões de Bia Convidada" });
    await dialog.getByText("Total de Cartões").waitFor();
    await dialog.getByText("0/10 carimbos").waitFor();
    await dialog.getByRole("progressbar").waitFor();
    await panel.keyboard.press("Escape");
  });

  it("downloads the CSV with the customers", async () => {
    const [download] = await Promise.all([
      panel.waitForEvent("download"),
      panel.getByRole("link", { name: "Exportar CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("clientes.csv");
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toContain("Nome;Email;Telefone");
    expect(text).toContain(";Bia Convidada;bia@example.com;(11) 95555-0000;Jundiaí;SP;");
    expect(text).toContain(
      ";Maria Conceição;maria@example.com;(19) 91234-5678;Valinhos;MG;15/07/1990;",
    );

    if (process.env.SCREENSHOT_DIR) {
      await panel.screenshot({
        path: `${process.env.SCREENSHOT_DIR}/clientes.png`,
        fullPage: true,
      });
    }
  });
});
