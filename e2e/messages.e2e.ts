import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { type CompanyAccount, type CustomerAccount, expect, test } from "./support/test";

// The second test goes on with the first one's customer and company (the answers, newest first).
test.describe.configure({ mode: "serial" });

// An interest reaches every company of its sector and city, and the server is shared with other
// files: the café's city carries a tag no other test uses.
const tag = randomUUID().slice(0, 8);

let company: CompanyAccount;
let customer: CustomerAccount;
let companyId = "";
let companyContext: BrowserContext;
let customerContext: BrowserContext;
let panel: Page;
let phone: Page;

test.beforeAll(async ({ accounts }) => {
  company = await accounts.company({
    companyName: "Café Aurora",
    email: "aurora@example.com",
    city: `São Paulo ${tag}`,
  });
  customer = await accounts.customer({
    name: "Ana Cliente",
    email: "ana@example.com",
    city: "Santos",
  });
  companyId = company.id;
  companyContext = await accounts.signedIn(company, { viewport: { width: 1400, height: 900 } });
  customerContext = await accounts.signedIn(customer);
  panel = await companyContext.newPage();
  phone = await customerContext.newPage();
});

test.afterAll(async () => {
  await companyContext?.close();
  await customerContext?.close();
});

test.describe("messages and interests in a real browser", () => {
  test("a customer writes from the company's page, the company answers on /mensagens, the customer reads it", async () => {
    const text =
      "Olá! Vocês abrem no domingo de manhã? Queria levar minha família para um café da manhã completo.";
    await phone.goto(`/dashboard-cliente-cartao-fidelidade/${companyId}`);
    await phone.getByText("Você ainda não enviou mensagens para esta empresa.").waitFor();
    const send = phone.getByRole("button", { name: "Enviar mensagem" });
    expect(await send.isDisabled()).toBe(true);
    await phone.getByLabel("Mensagem").fill(text);
    await send.click();
    await phone.getByText("Mensagem enviada").waitFor();
    const conversation = phone.getByRole("list", { name: "Conversa com a empresa" });
    await conversation.getByText(text).waitFor();
    await conversation.getByText(/Aguardando resposta/).waitFor();

    // the company: badge on the sidebar, count on the dashboard card, the bell
    await panel.goto("/dashboard");
    await expect.poll(() => panel.getByTestId("messages-badge").textContent()).toBe("1");
    await panel
      .getByTestId("pending-messages-count")
      .getByText("1 mensagem aguardando resposta")
      .waitFor();
    await panel.getByRole("button", { name: /^Notificações/ }).click();
    const bell = panel.getByRole("list", { name: "Notificações" });
    await bell.getByText(`Ana Cliente: ${text.slice(0, 50)}…`).waitFor();
    await bell.getByText("Mensagem de cliente").click();
    await panel.waitForURL((u) => u.pathname === "/mensagens");

    const messages = panel.getByRole("list", { name: "Mensagens de clientes" });
    const item = messages.getByRole("listitem", { name: "Ana Cliente" });
    await item.getByText(customer.email).waitFor();
    await item.getByText(`${text.slice(0, 80)}…`).waitFor();
    await item.getByText("Pendente").waitFor();
    await panel.getByText("Nenhuma mensagem de parceiros ainda.").waitFor();
    await item.getByRole("button", { name: "Responder" }).click();
    const sendReply = item.getByRole("button", { name: "Enviar resposta" });
    expect(await sendReply.isDisabled()).toBe(true);
    const box = item.getByLabel("Resposta para Ana Cliente");
    await box.fill("   ");
    expect(await sendReply.isDisabled()).toBe(true);
    await box.fill("Abrimos sim, das 8h às 12h. Esperamos vocês!");
    await sendReply.click();
    await panel.getByText("Resposta enviada!").waitFor();
    await item.getByText("Respondida").waitFor();
    await item.getByText("RESPOSTA DA EMPRESA:").waitFor();
    expect(await item.getByRole("button", { name: "Responder" }).count()).toBe(0);
    await panel.getByTestId("messages-badge").waitFor({ state: "detached" });

    // the customer sees the answer on the company's page and in the companies' replies
    await phone.reload();
    await conversation.getByText("Abrimos sim, das 8h às 12h. Esperamos vocês!").waitFor();
    await phone.goto("/dashboard-cliente");
    const replies = phone.getByRole("list", { name: "Respostas das empresas" });
    const reply = replies.getByRole("listitem").filter({ hasText: "Café Aurora" });
    await reply.getByText("Abrimos sim, das 8h às 12h. Esperamos vocês!").waitFor();
    await reply.getByText(/\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}/).waitFor();

    // and in the bell of the customer pages, which leads to the company's page
    await phone.getByRole("button", { name: /^Notificações/ }).click();
    const notices = phone.getByRole("list", { name: "Notificações" });
    await notices.getByText("Café Aurora: Abrimos sim, das 8h às 12h. Esperamos vocês!").waitFor();
    await notices.getByText("Resposta recebida").click();
    await phone.waitForURL(
      (u) => u.pathname === `/dashboard-cliente-cartao-fidelidade/${companyId}`,
    );
  });

  test("an interest reaches a company of its sector and city, and the answer comes back", async () => {
    await phone.goto("/dashboard-cliente");
    const form = phone.getByRole("form", { name: "Procurando uma empresa?" });
    await form.getByRole("button", { name: "Enviar interesse" }).click();
    await form.getByText("Por favor, preencha todos os campos.").waitFor();
    await form.getByLabel("Tipo de empresa").selectOption("alimentacao");
    await form.getByLabel("Cidade").fill(`sao paulo ${tag}`);
    await form.getByLabel("Estado").selectOption("SP");
    await form.getByLabel("Descrição").fill("Procuro uma padaria com pão de queijo fresquinho");
    await form.getByRole("button", { name: "Enviar interesse" }).click();
    await phone.getByText("Interesse enviado!").waitFor();
    expect(await form.getByText("Por favor, preencha todos os campos.").count()).toBe(0);

    await panel.goto("/mensagens");
    const interests = panel.getByRole("list", { name: "Interesses de clientes em potencial" });
    const item = interests.getByRole("listitem", { name: "Ana Cliente" });
    await item.getByText(`Procura Alimentação em sao paulo ${tag}/SP`).waitFor();
    await item.getByText("Procuro uma padaria com pão de queijo fresquinho").waitFor();
    await item.getByText("Pendente").waitFor();
    await item.getByRole("button", { name: "Responder" }).click();
    await item
      .getByLabel("Resposta para Ana Cliente")
      .fill("Temos pão de queijo saindo a cada hora!");
    await item.getByRole("button", { name: "Enviar resposta" }).click();
    await panel.getByText("Resposta enviada!").waitFor();
    await item.getByText("Respondido").waitFor();
    expect(await item.getByRole("button", { name: "Responder" }).count()).toBe(0);

    await phone.reload();
    const replies = phone.getByRole("list", { name: "Respostas das empresas" });
    const answer = replies.getByRole("listitem").filter({ hasText: "Seu interesse:" });
    await answer.getByText("Café Aurora").waitFor();
    await answer.getByText("Temos pão de queijo saindo a cada hora!").waitFor();
    // newest first: the interest's answer before the message's
    await expect
      .poll(async () => (await replies.getByRole("listitem").first().textContent()) ?? "")
      .toContain("Temos pão de queijo");
  });
});
