import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { type CompanyAccount, type CustomerAccount, expect, test } from "./support/test";

// The marketplace searches companies across the platform by city, and the server is shared with
// other files: the café's city carries a tag no other test uses.
const tag = randomUUID().slice(0, 8);
// A café in São Paulo and a bakery in Campinas: the bakery finds the café and proposes.
const cafeInput = {
  companyName: "Café Aurora",
  email: "aurora@example.com",
  city: `São Paulo ${tag}`,
  state: "SP",
  phone: "(11) 3333-4444",
  sector: "alimentacao",
};
const bakeryInput = {
  companyName: "Padaria Pão Quente",
  email: "paoquente@example.com",
  city: "Campinas",
  state: "SP",
  phone: "(19) 3333-5555",
  sector: "alimentacao",
};

let cafe: CompanyAccount;
let bakery: CompanyAccount;
let customer: CustomerAccount;

test.beforeAll(async ({ accounts }) => {
  [cafe, bakery, customer] = await Promise.all([
    accounts.company(cafeInput),
    accounts.company(bakeryInput),
    accounts.customer({ name: "Carla Cliente", email: "carla@example.com" }),
  ]);
});

/** Nothing wider than a 360 px phone: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1366, height: 900 });
}

test.describe("partnerships between two companies in a real browser", () => {
  test("request, accept, chat live, send a customer, end: the chat becomes read-only", async ({
    accounts,
    server,
  }) => {
    const viewport = { width: 1366, height: 900 };
    const cafeContext = await accounts.signedIn(cafe, { viewport });
    const bakeryContext = await accounts.signedIn(bakery, { viewport });
    const customerContext = await accounts.signedIn(customer, {
      viewport: { width: 360, height: 780 },
    });
    const a = await cafeContext.newPage();
    const b = await bakeryContext.newPage();

    // The café switches partnerships on and says what it offers.
    await a.goto("/parceria");
    await a.getByRole("switch", { name: "Parceria ativa" }).check();
    await a
      .getByLabel("O que sua empresa oferece aos parceiros")
      .fill("Café expresso grátis para clientes de parceiros.");
    await a.getByRole("button", { name: "Salvar configurações" }).click();
    await a.getByText("Parceria atualizada!").waitFor();

    // The bakery finds it by state and an unaccented, lower-case city.
    await b.goto("/parceria-marketplace");
    await b.getByLabel("Estado").selectOption("SP");
    await b.getByLabel("Cidade").fill(`sao paulo ${tag}`);
    await b.waitForURL((u) => u.searchParams.get("cidade") === `sao paulo ${tag}`);
    const market = b.getByRole("list", { name: "Empresas abertas a parcerias" });
    const entry = market.getByRole("listitem", { name: cafe.companyName });
    await entry.getByText("Café expresso grátis para clientes de parceiros.").waitFor();
    await entry.getByText(`São Paulo ${tag}/SP · Alimentação`).waitFor();
    expect(await market.getByRole("listitem").count()).toBe(1);

    // Its own switch is still off: the banner says it cannot send either, and the button is
    // disabled with the reason before any proposal is written.
    await b
      .getByRole("note")
      .getByText(
        "A parceria da sua empresa está desativada: ela não aparece no marketplace, não recebe nem pode enviar solicitações.",
      )
      .waitFor();
    const offButton = entry.getByRole("button", { name: "Solicitar Parceria" });
    await expect(offButton).toBeDisabled();
    await expect(offButton).toHaveAccessibleDescription(
      "Ative a parceria da sua empresa para enviar solicitações",
    );
    await entry.getByText("Ative a parceria da sua empresa para enviar solicitações").waitFor();
    expect(await b.getByRole("dialog").count()).toBe(0);
    await expectNoSidewaysScroll(b);

    // Once the bakery is open to partnerships too, the button asks for the proposal.
    const on = await bakeryContext.request.put("/api/partnerships/settings", {
      data: { enabled: true, description: "Pão de queijo de cortesia." },
      headers: { origin: server.baseUrl },
    });
    expect(on.status(), await on.text()).toBe(200);
    await b.reload();
    await expect(entry.getByRole("button", { name: "Solicitar Parceria" })).toBeEnabled();
    expect(await b.getByRole("note").count()).toBe(0);
    await expectNoSidewaysScroll(b);

    const proposal = "Clientes da padaria ganham um café; clientes do café, um pão de queijo.";
    await entry.getByRole("button", { name: "Solicitar Parceria" }).click();
    const dialog = b.getByRole("dialog");
    await dialog.getByLabel("Proposta").fill(proposal);
    await dialog.getByRole("button", { name: "Enviar solicitação" }).click();
    await b.getByText("Solicitação enviada!").waitFor();
    await entry.getByText("Solicitação enviada").waitFor();

    // The café sees the request ('Nova'), opens it ('Lida') and accepts.
    await a.goto("/parceria");
    const received = a
      .getByRole("region", { name: "Solicitações recebidas" })
      .getByRole("listitem", { name: bakery.companyName });
    await received.getByTestId("request-status").getByText("Nova").waitFor();
    // 'Aceitar' and 'Recusar' show without opening the request first.
    await expect(received.getByRole("button", { name: "Aceitar" })).toBeVisible();
    await expect(received.getByRole("button", { name: "Recusar" })).toBeVisible();
    await received.getByRole("button", { name: "Ver solicitação" }).click();
    await received.getByText(proposal).waitFor();
    await received.getByTestId("request-status").getByText("Lida").waitFor();
    await received.getByRole("button", { name: "Aceitar" }).click();
    await a.getByText("Parceria aceita!").waitFor();

    // Both see each other among the active partnerships.
    await a.goto("/parcerias-ativas");
    const cafeSide = a.getByRole("listitem", { name: bakery.companyName });
    await cafeSide.getByText(/^Parceria desde \d{2}\/\d{2}\/\d{4}$/).waitFor();
    await cafeSide.getByText(proposal).waitFor();
    await b.goto("/parcerias-ativas");
    const bakerySide = b.getByRole("listitem", { name: cafe.companyName });
    await bakerySide.getByText("Clientes enviados: 0 · recebidos: 0").waitFor();

    // The chat: the bakery writes (Enter sends), the café reads it without reloading.
    await cafeSide.getByRole("link", { name: "Conversar" }).click();
    await a.waitForURL((u) => u.pathname === "/parceria-mensagens" && u.searchParams.has("id"));
    await bakerySide.getByRole("link", { name: "Conversar" }).click();
    await b.waitForURL((u) => u.pathname === "/parceria-mensagens" && u.searchParams.has("id"));
    const composer = b.getByLabel("Mensagem", { exact: true });
    const send = b.getByRole("button", { name: "Enviar mensagem" });
    await composer.fill("   ");
    expect(await send.isDisabled()).toBe(true);
    await composer.fill("Olá, Aurora! Combinamos na segunda?");
    await composer.press("Enter");
    const cafeLog = a.getByRole("log", { name: `Mensagens com ${bakery.companyName}` });
    await cafeLog.getByText("Olá, Aurora! Combinamos na segunda?").waitFor({ timeout: 5_000 });
    // Cleared once the send has settled (its refetches included), which may come after the
    // café's poll has already shown the message.
    await expect.poll(() => composer.inputValue()).toBe("");
    // Shift+Enter adds a line; the two lines arrive as one message.
    await composer.pressSequentially("Linha um");
    await composer.press("Shift+Enter");
    await composer.pressSequentially("Linha dois");
    await composer.press("Enter");
    const twoLines = cafeLog.getByTestId("chat-message").filter({ hasText: "Linha dois" });
    await twoLines.waitFor({ timeout: 5_000 });
    expect(await twoLines.locator("p").first().innerText()).toBe("Linha um\nLinha dois");
    // The café has the conversation open: the bakery's first message turns 'lida'.
    const bakeryLog = b.getByRole("log", { name: `Mensagens com ${cafe.companyName}` });
    await bakeryLog
      .getByTestId("chat-message")
      .first()
      .getByTestId("message-read-state")
      .getByText("lida", { exact: true })
      .waitFor({ timeout: 8_000 });
    await expectNoSidewaysScroll(b);

    // A customer joins the café through the bakery's partnership link.
    await b.goto("/parcerias-ativas");
    const link = await bakerySide.getByLabel("Seu link de parceria").inputValue();
    const linkUrl = new URL(link);
    expect(linkUrl.pathname).toBe("/login-cliente");
    const cafeId = linkUrl.searchParams.get("empresa_id");
    expect(linkUrl.searchParams.get("parceria")).toMatch(new RegExp(`_${cafeId}$`));
    const phone = await customerContext.newPage();
    await phone.goto(link);
    await phone.getByRole("button", { name: "Entrar no programa" }).click();
    await phone.waitForURL((u) => u.pathname === `/dashboard-cliente-cartao-fidelidade/${cafeId}`);
    // The café's page lists its partners, with the way to join them.
    const partners = phone.getByRole("region", { name: `Parceiros de ${cafe.companyName}` });
    await partners.getByRole("link", { name: "Participar" }).waitFor();
    await b.reload();
    await bakerySide.getByText("Clientes enviados: 1 · recebidos: 0").waitFor();
    await a.goto("/clientes");
    await a
      .getByRole("table", { name: "Clientes" })
      .getByText(`Indicado pelo parceiro ${bakery.companyName}`)
      .waitFor();

    // The café ends the partnership after the confirmation; the bakery's chat becomes read-only.
    await b.goBack();
    await b.getByLabel("Mensagem", { exact: true }).waitFor();
    await a.goto("/parcerias-ativas");
    await a
      .getByRole("listitem", { name: bakery.companyName })
      .getByRole("button", { name: "Encerrar" })
      .click();
    const confirm = a.getByRole("alertdialog");
    await confirm.getByText(/Esta ação não pode ser desfeita/).waitFor();
    await confirm.getByRole("button", { name: "Encerrar parceria" }).click();
    await a.getByText("Parceria encerrada", { exact: true }).waitFor();
    await a.getByText("Nenhuma parceria ativa ainda.").waitFor();
    await b
      .getByText(
        "Esta parceria foi encerrada. A conversa pode ser lida, mas não recebe novas mensagens.",
      )
      .waitFor({ timeout: 8_000 });
    expect(await b.getByLabel("Mensagem", { exact: true }).count()).toBe(0);
    await bakeryLog.getByText("Olá, Aurora! Combinamos na segunda?").waitFor();
    await cafeContext.close();
    await bakeryContext.close();
    await customerContext.close();
  });
});
