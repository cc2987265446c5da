import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { type CompanyAccount, expect, test, uniqueEmail } from "./support/test";

// The owner imports a paper card's customers, one of them accepts, then the same file again.
test.describe.configure({ mode: "serial" });

const PHONE = { width: 360, height: 740 };

/** The 20 customers of the paper card: [name, e-mail, phone, birthday, city, state, stamps]. */
const people: string[][] = [
  [
    "João da Conceição",
    uniqueEmail("joao@example.com"),
    "(11) 98765-4321",
    "15/07/1990",
    "São Paulo",
    "SP",
    "4",
  ],
  ["Maria Antônia", uniqueEmail("maria@example.com"), "", "02/03/1985", "Campinas", "SP", "2"],
  ["José Araújo", uniqueEmail("jose@example.com"), "(19) 99876-1234", "", "Jundiaí", "SP", "0"],
  // line 5: not an e-mail
  ["Helena Brandão", "helena@@example", "", "", "Santos", "SP", "3"],
  ["Lúcia Gonçalves", uniqueEmail("lucia@example.com"), "", "30/11/1978", "São Paulo", "SP", "7"],
  ["André Simões", uniqueEmail("andre@example.com"), "", "", "Valinhos", "SP", "1"],
  ["Fátima Ribeiro", uniqueEmail("fatima@example.com"), "", "", "São Paulo", "SP", "9"],
  // line 9: more stamps than the card's 10
  ["Antônio Carlos", uniqueEmail("antonio@example.com"), "", "", "Osasco", "SP", "12"],
  ["Inês Peçanha", uniqueEmail("ines@example.com"), "", "01/01/2000", "Niterói", "RJ", "5"],
  ["Otávio Luís", uniqueEmail("otavio@example.com"), "", "", "Curitiba", "PR", "3"],
  ["Cecília Martins", uniqueEmail("cecilia@example.com"), "", "", "São Paulo", "SP", "6"],
  ["Raimundo Nonato", uniqueEmail("raimundo@example.com"), "", "", "Fortaleza", "CE", "8"],
  // line 14: a date that does not exist
  [
    "Conceição Aparecida",
    uniqueEmail("conceicao@example.com"),
    "",
    "31/02/1990",
    "Jundiaí",
    "SP",
    "2",
  ],
  ["Sebastião Souza", uniqueEmail("sebastiao@example.com"), "", "", "Santos", "SP", "10"],
  ["Zoé Lima", uniqueEmail("zoe@example.com"), "", "", "São Paulo", "SP", "1"],
  ["Caio Falcão", uniqueEmail("caio@example.com"), "", "", "Campinas", "SP", "2"],
  ["Bárbara Dias", uniqueEmail("barbara@example.com"), "", "", "Sorocaba", "SP", "0"],
  ["Vinícius Melo", uniqueEmail("vinicius@example.com"), "", "", "São Paulo", "SP", "4"],
  ["Núbia Rocha", uniqueEmail("nubia@example.com"), "", "", "Salvador", "BA", "3"],
  ["Ângela Pires", uniqueEmail("angela@example.com"), "", "", "São Paulo", "SP", "5"],
];
const joao = people[0]!;

/** As Excel pt-BR saves "CSV (separado por vírgulas)": `;`, CRLF, Latin-1, dd/MM/yyyy. */
const excelCsv = Buffer.from(
  `${[
    "Nome;E-mail;Telefone;Data de nascimento;Cidade;UF;Carimbos",
    ...people.map((p) => p.join(";")),
  ].join("\r\n")}\r\n`,
  "latin1",
);
const file = { name: "clientes-cartao-papel.csv", mimeType: "text/csv", buffer: excelCsv };

let company: CompanyAccount;
let context: BrowserContext;
let panel: Page;

test.beforeAll(async ({ accounts }) => {
  company = await accounts.company({
    companyName: "Padaria Conceição",
    email: "padaria@example.com",
  });
  context = await accounts.signedIn(company, { acceptDownloads: true, viewport: PHONE });
  panel = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
});

const noSidewaysScroll = () =>
  panel.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("the owner imports an Excel pt-BR CSV: the preview names the 3 bad lines, the 17 are invited", async ({
  mail,
}) => {
  // the dashboard's setup checklist opens /clientes?importar=1: the dialog is open
  await panel.goto("/clientes?importar=1");
  const dialog = panel.getByRole("dialog", { name: "Importar clientes" });
  await dialog.getByText("nome;email;telefone;aniversario;cidade;estado;carimbos").waitFor();
  await panel.screenshot({ path: test.info().outputPath("import-1-arquivo.png") });
  expect(await noSidewaysScroll()).toBe(true);

  await dialog.getByLabel("Escolher arquivo CSV ou Excel (.xlsx)").setInputFiles(file);
  await dialog.getByText("20 linhas: 17 prontas para convidar, 3 com erros").waitFor();
  const errors = dialog.getByRole("list", { name: "Linhas com erros (não serão importadas)" });
  await expect(errors.getByRole("listitem").filter({ hasText: /^Linha \d+ ·/ })).toHaveCount(3);
  const bad = (line: number, name: string) =>
    errors.getByRole("listitem").filter({ hasText: `Linha ${line} · ${name}` });
  await bad(5, "Helena Brandão").getByText("E-mail inválido").waitFor();
  await bad(9, "Antônio Carlos").getByText("Carimbos acima do tamanho do cartão (10)").waitFor();
  await bad(14, "Conceição Aparecida")
    .getByText("Data de aniversário inválida (use dd/mm/aaaa)")
    .waitFor();
  // the accents of a Latin-1 file came through
  const sample = dialog.getByRole("list", { name: "Algumas linhas prontas" });
  await sample.getByText("João da Conceição").waitFor();
  await sample.getByText(`${joao[1]} · (11) 98765-4321 · 15/07/1990 · São Paulo/SP`).waitFor();
  await dialog.getByText("Data de nascimento").waitFor();
  expect(await noSidewaysScroll()).toBe(true);
  await dialog.screenshot({ path: test.info().outputPath("import-2-previa.png") });

  await dialog.getByRole("button", { name: "Importar 17 clientes" }).click();
  await dialog.getByText("Importação concluída").waitFor({ timeout: 30_000 });
  await dialog.getByText("17 convites enviados, 0 agendados, 0 códigos, 0 ignorados").waitFor();
  await expect(
    dialog.getByRole("progressbar", { name: "Progresso da importação" }),
  ).toHaveAttribute("aria-valuenow", "17");
  await dialog.screenshot({ path: test.info().outputPath("import-3-concluida.png") });

  // the result file: every line, the bad ones with their reason, in UTF-8 for Excel pt-BR
  const [download] = await Promise.all([
    panel.waitForEvent("download"),
    dialog.getByRole("link", { name: "Baixar resultado" }).click(),
  ]);
  const result = readFileSync((await download.path())!, "utf8");
  expect(result.startsWith("\uFEFF")).toBe(true);
  expect(result.trim().split(/\r?\n/)).toHaveLength(21);
  expect(result).toContain("João da Conceição");

  await dialog.getByRole("button", { name: "Fechar" }).click();
  await dialog.waitFor({ state: "detached" });
  await panel.waitForURL((u) => u.pathname === "/clientes" && u.search === "");

  // not customers yet: invited, with the paper card's stamps waiting
  const invitations = panel.getByRole("region", { name: "Convites pendentes" });
  await invitations.getByRole("button", { name: "Mostrar todos os 17 convites" }).click();
  const invited = invitations.getByRole("listitem", { name: joao[0] });
  await invited.getByText("Convite enviado").waitFor();
  await invited.getByText("4 carimbos esperando").waitFor();
  await invited.getByText(/Importação de \d\d\/\d\d\/\d{4}/).waitFor();
  const batches = panel.getByRole("region", { name: "Importações" });
  const batch = batches.getByRole("listitem", { name: file.name });
  await batch.getByText("Concluída").waitFor();
  await batch.getByText("20 linhas", { exact: false }).waitFor();
  expect(await noSidewaysScroll()).toBe(true);
  await invitations.screenshot({ path: test.info().outputPath("import-4-convites.png") });
  await batches.screenshot({ path: test.info().outputPath("import-5-importacoes.png") });

  // each of the 17 got the invitation e-mail; the 3 bad lines none
  for (const person of people) {
    if (["Helena Brandão", "Antônio Carlos", "Conceição Aparecida"].includes(person[0]!)) continue;
    await mail.linkSentTo(person[1]!);
  }
  expect(mail.mails.some((m) => m.to === people[7]![1])).toBe(false);
});

test("an invited person accepts by e-mail and sees the paper card's stamps on the card", async ({
  browser,
  mail,
}) => {
  const link = await mail.linkSentTo(joao[1]!);
  expect(new URL(link).pathname).toBe("/convite");
  const joaoContext = await browser.newContext({ locale: "pt-BR", viewport: PHONE });
  const page = await joaoContext.newPage();
  await page.goto(link);
  await page.getByText("Padaria Conceição no Carimbou convidou você", { exact: false }).waitFor();
  expect(await page.getByLabel("Nome").inputValue()).toBe("João da Conceição");
  await page.getByLabel("Senha", { exact: true }).fill("senhadojoao");
  await page.getByRole("button", { name: "Criar conta e aceitar" }).click();
  await page.waitForURL((u) => u.pathname === "/dashboard-cliente-cartoes-fidelidade");
  await page.getByRole("link", { name: /Padaria Conceição/ }).waitFor();
  await page.getByText("4/10 carimbos").waitFor();
  await page.screenshot({ path: test.info().outputPath("import-6-cartao.png"), fullPage: true });
  await joaoContext.close();

  // the owner sees him as a customer; the batch counts him as accepted
  await panel.reload();
  const batch = panel
    .getByRole("region", { name: "Importações" })
    .getByRole("listitem", { name: file.name });
  await batch.getByText("1 aceitou").waitFor();
  await batch.getByText("66 carimbos esperando", { exact: false }).waitFor();
  const invitations = panel.getByRole("region", { name: "Convites pendentes" });
  await invitations.getByRole("button", { name: "Mostrar todos os 16 convites" }).click();
  await expect(invitations.getByRole("listitem")).toHaveCount(16);
  await expect(invitations.getByRole("listitem", { name: joao[0] })).toHaveCount(0);
});

test("importing the same file again sends nothing", async ({ mail }) => {
  // Invitations only: other e-mails of the earlier steps (João's account) may still be arriving.
  const invitationsSent = () =>
    mail.mails.filter((m) => m.subject.startsWith("Convite de Padaria Conceição")).length;
  const sent = invitationsSent();
  expect(sent).toBe(17);
  await panel.getByRole("button", { name: "Importar", exact: true }).click();
  const dialog = panel.getByRole("dialog", { name: "Importar clientes" });
  await dialog.getByLabel("Escolher arquivo CSV ou Excel (.xlsx)").setInputFiles(file);
  await dialog.getByRole("button", { name: "Importar 17 clientes" }).click();
  await dialog.getByText("Importação concluída").waitFor({ timeout: 30_000 });
  await dialog.getByText("0 convites enviados, 0 agendados, 0 códigos, 17 ignorados").waitFor();
  await panel.waitForTimeout(1_500);
  expect(invitationsSent()).toBe(sent);
  await dialog.getByRole("button", { name: "Fechar" }).click();
  await dialog.waitFor({ state: "detached" });
});

test("a phone-only row gets a short code, printed as a slip to hand over", async () => {
  const phoneOnly = {
    name: "cartao-papel-telefones.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("Nome;Celular;Carimbos\r\nDona Cida;(11) 97777-1234;6\r\n", "latin1"),
  };
  await panel.getByRole("button", { name: "Importar", exact: true }).click();
  const dialog = panel.getByRole("dialog", { name: "Importar clientes" });
  await dialog.getByLabel("Escolher arquivo CSV ou Excel (.xlsx)").setInputFiles(phoneOnly);
  await dialog.getByText("1 linha: 1 pronta para convidar, 0 com erros").waitFor();
  await dialog.getByRole("button", { name: "Importar 1 cliente" }).click();
  await dialog.getByText("0 convites enviados, 0 agendados, 1 código, 0 ignorados").waitFor({
    timeout: 30_000,
  });
  await dialog.getByRole("button", { name: "Códigos para imprimir" }).click();
  const codes = panel.getByRole("dialog", { name: "Códigos de convite" });
  const cida = codes.getByRole("listitem", { name: "Dona Cida" });
  await cida.getByText("(11) 97777-1234").waitFor();
  const code = (await cida.getByText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/).textContent()) ?? "";
  // no WhatsApp channel connected: no WhatsApp link
  await expect(cida.getByRole("link", { name: /WhatsApp/ })).toHaveCount(0);
  expect(await noSidewaysScroll()).toBe(true);
  await codes.screenshot({ path: test.info().outputPath("import-7-codigos.png") });

  // on paper only the slip, with the company, the page to open and the code
  await panel.emulateMedia({ media: "print" });
  const slips = panel.locator("[data-import-slips]");
  await expect(slips).toBeVisible();
  await expect(slips).toContainText(
    `Padaria Conceição — seu cartão fidelidade está esperando: acesse`,
  );
  await expect(slips).toContainText(`e digite o código ${code}`);
  await expect(codes).toBeHidden();
  await panel.screenshot({ path: test.info().outputPath("import-8-impressao.png") });
  await panel.emulateMedia({ media: "screen" });
  await expect(slips).toBeHidden();

  await codes.getByRole("button", { name: "Fechar" }).click();
  await codes.waitFor({ state: "detached" });
  await dialog.getByRole("button", { name: "Fechar" }).click();
  await dialog.waitFor({ state: "detached" });
});
