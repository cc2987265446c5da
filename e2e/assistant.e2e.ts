import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";

// One café, one customer and the same two pages from the first test to the last.
test.describe.configure({ mode: "serial" });

let companyId = "";
let companyContext: BrowserContext;
let customerContext: BrowserContext;
let panel: Page;
let phone: Page;

test.beforeAll(async ({ accounts, server }) => {
  // A hook's time under Vitest: a loaded machine can take a minute to make the accounts.
  test.setTimeout(120_000);
  const company = await accounts.company({
    companyName: "Café Aurora",
    email: "aurora@assistente.com",
  });
  companyId = company.id;
  companyContext = await accounts.signedIn(company, { viewport: { width: 1280, height: 900 } });
  // Ana joins through the café's QR link and gets two stamps at the counter.
  const ana = await accounts.customer({
    name: "Ana Cliente",
    email: "ana@assistente.com",
    city: "Santos",
    origin: { empresa_id: companyId, origem: "qrcode_empresa" },
  });
  customerContext = await accounts.signedIn(ana, { viewport: { width: 360, height: 740 } });
  for (let i = 0; i < 2; i++) {
    const res = await companyContext.request.post(`/api/customers/${ana.id}/stamps`, {
      data: { method: "purchase" },
      headers: { origin: server.baseUrl },
    });
    expect(res.status()).toBe(201);
  }
  panel = await companyContext.newPage();
  phone = await customerContext.newPage();
});

test.afterAll(async () => {
  await companyContext?.close();
  await customerContext?.close();
});

/** The customer writes to the café from its page. */
async function write(text: string) {
  const field = phone.getByLabel("Mensagem", { exact: true });
  const send = phone.getByRole("button", { name: "Enviar mensagem" });
  // Type again if the page was re-rendering as the text went in (the button waits for a text).
  for (let attempt = 0; attempt < 3; attempt++) {
    await field.fill(text);
    if (await send.isEnabled()) break;
    await phone.waitForTimeout(500);
  }
  // On a phone the last toast ('Mensagem enviada') sits over the bottom edge, where the button
  // is: a person waits for it to go (a pointer resting on a toast keeps it open, so move it away),
  // and brings the button to the middle of the screen, as a person scrolls.
  await phone.mouse.move(0, 0);
  await expect(phone.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await send.evaluate((button) => button.scrollIntoView({ block: "center" }));
  await send.click();
  await phone.getByRole("list", { name: "Conversa com a empresa" }).getByText(text).waitFor();
}

test.describe("IA Suprema in a real browser", () => {
  test("the company switches the assistant on with its name and hours, and it is kept", async () => {
    await panel.goto("/dashboard");
    await panel.getByRole("link", { name: "Ativar IA Suprema agora" }).click();
    await panel.waitForURL((u) => u.pathname === "/ia-suprema");
    await panel.getByRole("heading", { name: "IA Suprema", level: 1 }).waitFor();
    await panel.getByText("Inativo", { exact: true }).waitFor();

    await panel.getByLabel("Nome do assistente").fill("Aurora");
    // Open every day, all day: the test must not depend on when it runs. The hours are said to
    // customers only once the owner informs them.
    await panel.getByRole("switch", { name: "Informar horário de atendimento" }).check();
    for (const day of ["Domingo", "Sábado"]) {
      await panel.getByRole("switch", { name: day }).check();
    }
    for (const day of [
      "Domingo",
      "Segunda-feira",
      "Terça-feira",
      "Quarta-feira",
      "Quinta-feira",
      "Sexta-feira",
      "Sábado",
    ]) {
      await panel.getByLabel(`${day}: Abre às`).fill("00:00");
      await panel.getByLabel(`${day}: Fecha às`).fill("23:59");
    }
    await panel.getByRole("switch", { name: "Assistente ativado" }).check();
    await panel.getByRole("button", { name: "Salvar configurações" }).click();
    await panel.getByText("Configurações atualizadas").waitFor();
    await panel.getByText("Ativo", { exact: true }).waitFor();

    await panel.reload();
    expect(await panel.getByLabel("Nome do assistente").inputValue()).toBe("Aurora");
    expect(await panel.getByLabel("Domingo: Fecha às").inputValue()).toBe("23:59");
    expect(await panel.getByRole("switch", { name: "Assistente ativado" }).isChecked()).toBe(true);
  });

  test("a customer asks how many stamps they have and the assistant answers within seconds", async () => {
    await phone.goto(`/dashboard-cliente-cartao-fidelidade/${companyId}`);
    await write("quantos carimbos eu tenho?");
    const conversation = phone.getByRole("list", { name: "Conversa com a empresa" });
    await conversation.getByText("Aurora (assistente)").waitFor({ timeout: 10_000 });
    await conversation.getByText(/Você tem 2 de 10 carimbos/).waitFor();
    await conversation.getByText("automático", { exact: true }).first().waitFor();
    // No sideways scrolling on a 360 px phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });

  test("a complaint is answered and reaches the company's list and bell", async () => {
    await write("Quero fazer uma reclamação: a fila estava enorme hoje");
    const conversation = phone.getByRole("list", { name: "Conversa com a empresa" });
    await conversation.getByText(/Sentimos muito pelo ocorrido/).waitFor({ timeout: 10_000 });

    await panel.goto("/ia-suprema");
    const list = panel.getByRole("list", { name: "Reclamações e sugestões" });
    await list.getByText("Quero fazer uma reclamação: a fila estava enorme hoje").waitFor();
    await list.getByText("Ana Cliente").waitFor();
    await list.getByText("Reclamação", { exact: true }).waitFor();
    await list.getByLabel("Situação").selectOption("in_progress");
    await panel.getByText("Situação atualizada").waitFor();
  });

  test("a message the assistant cannot handle stays pending for the company", async () => {
    await write("Meu filho esqueceu o guarda-chuva aí ontem à tarde");
    // Give the assistant's job its chance to run; nothing comes back.
    await phone.waitForTimeout(3_000);
    const conversation = phone.getByRole("list", { name: "Conversa com a empresa" });
    await conversation.getByText(/Aguardando resposta/).waitFor();

    await panel.goto("/mensagens");
    const item = panel.getByRole("listitem", { name: "Ana Cliente" }).filter({
      hasText: "Meu filho esqueceu o guarda-chuva",
    });
    await item.getByText("Pendente").waitFor();
    await item.getByRole("button", { name: "Responder" }).waitFor();
    // The answered ones show who answered: the assistant.
    await panel
      .getByText(/Aurora \(assistente\) · automático/)
      .first()
      .waitFor();

    // A person takes the conversation over: the assistant no longer answers Ana.
    await item.getByRole("button", { name: "Assumir conversa" }).click();
    await panel
      .getByText("Você assumiu a conversa: o assistente não responde mais a este cliente.")
      .waitFor();
    await write("Oi, bom dia!");
    await phone.waitForTimeout(3_000);
    const thread = phone.getByRole("list", { name: "Conversa com a empresa" });
    const last = thread.getByRole("listitem").last();
    expect(await last.textContent()).toContain("Oi, bom dia!");
    expect(await last.textContent()).toContain("Aguardando resposta");
    await item.getByRole("button", { name: "Devolver ao assistente" }).click();
    await panel.getByText("O assistente volta a responder este cliente.").waitFor();
  });

  test("fits a 360 px phone: /ia-suprema without sideways scrolling", async () => {
    const small = await companyContext.newPage();
    await small.setViewportSize({ width: 360, height: 740 });
    await small.goto("/ia-suprema");
    await small.getByLabel("Nome do assistente").waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await small.screenshot({ path: "/tmp/ia-suprema-360.png", fullPage: true });
    await small.close();
  });
});
