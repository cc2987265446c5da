import type { BrowserContext, Page } from "@playwright/test";
import { type CompanyAccount, expect, test } from "./support/test";

// The rules saved by the first test are the ones the next one finds.
test.describe.configure({ mode: "serial" });

let company: CompanyAccount;
let companyContext: BrowserContext;
let customerContext: BrowserContext;
let panel: Page;
let companyId: string;
let origin: string;

const region = (name: string) => panel.getByRole("region", { name });

test.beforeAll(async ({ accounts, server }) => {
  origin = server.baseUrl;
  company = await accounts.company({
    companyName: "Pet Shop Bidu",
    email: "bidu@example.com",
    city: "Santos",
    phone: "(13) 3333-4444",
    sector: "pet",
  });
  companyId = company.id;
  companyContext = await accounts.signedIn(company, { viewport: { width: 1400, height: 900 } });
  const ana = await accounts.customer({
    name: "Ana Cliente",
    email: "ana@example.com",
    city: "Santos",
    origin: { empresa_id: companyId, origem: "qrcode_empresa" },
  });
  customerContext = await accounts.signedIn(ana);
  panel = await companyContext.newPage();
});

test.afterAll(async () => {
  await companyContext?.close();
  await customerContext?.close();
});

test.describe("/configuracoes", () => {
  test("saves the loyalty rules on the server; a purchase stamp then gives the new count", async () => {
    await panel.goto("/configuracoes");
    const rules = region("Regras do Programa de Fidelidade");
    const purchase = rules.getByLabel("Carimbos por compra");
    await expect.poll(() => purchase.inputValue()).toBe("1");
    await purchase.fill("3");
    await rules.getByRole("button", { name: "Salvar Regras" }).click();
    await panel.getByText("Regras salvas!").waitFor();

    await panel.reload();
    await expect
      .poll(() =>
        region("Regras do Programa de Fidelidade").getByLabel("Carimbos por compra").inputValue(),
      )
      .toBe("3");

    // the company stamps a purchase on the customer's card
    const cards = await customerContext.request.get("/api/me/cards");
    const [card] = (await cards.json()) as { id: string }[];
    const stamped = await companyContext.request.post(`/api/cards/${card!.id}/stamps`, {
      data: { method: "purchase", notes: "" },
      headers: { origin },
    });
    expect(stamped.status()).toBe(201);
    const phone = await customerContext.newPage();
    await phone.goto(`/dashboard-cliente-cartao-fidelidade/${companyId}`);
    await phone.getByText("3/10").first().waitFor();
    await phone.close();
  });

  test("a count under 1 is refused with the rule's message and nothing is saved", async () => {
    await panel.goto("/configuracoes");
    const rules = region("Regras do Programa de Fidelidade");
    const purchase = rules.getByLabel("Carimbos por compra");
    await expect.poll(() => purchase.inputValue()).toBe("3");
    await purchase.fill("0");
    await rules.getByRole("button", { name: "Salvar Regras" }).click();
    await rules.getByText("Informe de 1 a 50 carimbos").waitFor();
    await panel.reload();
    await expect
      .poll(() =>
        region("Regras do Programa de Fidelidade").getByLabel("Carimbos por compra").inputValue(),
      )
      .toBe("3");
  });

  test("reads a referral bonus typed the Brazilian way: '5,50' is R$ 5,50 (550 cents)", async () => {
    await panel.goto("/configuracoes");
    const referral = region("Regras de Indicação");
    const referred = referral.getByLabel("Bônus para o indicado (R$)");
    const referrer = referral.getByLabel("Bônus para quem indicou (R$)");
    await expect.poll(() => referred.inputValue()).toBe("0,00");
    await referred.fill("5,50");
    await referrer.fill("1.234,56");
    await referrer.blur();
    expect(await referrer.inputValue()).toBe("1.234,56");
    await referral.getByRole("button", { name: "Salvar Regras de Indicação" }).click();
    await panel.getByText("Regras salvas!").first().waitFor();

    const saved = await companyContext.request.get("/api/settings/referral-rules");
    expect(await saved.json()).toMatchObject({
      referredBonusCents: 550,
      referrerBonusCents: 123456,
    });
    await panel.reload();
    await expect
      .poll(() =>
        region("Regras de Indicação").getByLabel("Bônus para o indicado (R$)").inputValue(),
      )
      .toBe("5,50");

    // "5.50" means the same; text that is no amount is refused on the field, nothing saved
    const again = region("Regras de Indicação");
    await again.getByLabel("Bônus para o indicado (R$)").fill("7.25");
    await again.getByLabel("Bônus para quem indicou (R$)").fill("abc");
    await again.getByText("Valor inválido. Use o formato 5,50").waitFor();
    await again.getByRole("button", { name: "Salvar Regras de Indicação" }).click();
    const unchanged = await companyContext.request.get("/api/settings/referral-rules");
    expect(await unchanged.json()).toMatchObject({ referrerBonusCents: 123456 });
    await again.getByLabel("Bônus para quem indicou (R$)").fill("R$ 2,00");
    await again.getByRole("button", { name: "Salvar Regras de Indicação" }).click();
    await expect
      .poll(async () => (await companyContext.request.get("/api/settings/referral-rules")).json())
      .toMatchObject({ referredBonusCents: 725, referrerBonusCents: 200 });
  });

  test("an active promotion reaches the customer's side", async () => {
    await panel.goto("/configuracoes");
    const promotion = region("Promoção Especial");
    await promotion.getByLabel("Promoção ativa").check();
    await promotion.getByRole("button", { name: "Salvar Promoção" }).click();
    await promotion.getByText("Título da promoção é obrigatório").waitFor();

    await promotion.getByLabel("Título da promoção *").fill("Banho em dobro");
    await promotion.getByLabel("Descrição da promoção *").fill("Dois banhos pelo preço de um");
    await promotion.getByRole("button", { name: "Salvar Promoção" }).click();
    await panel.getByText("Promoção salva com sucesso.").waitFor();

    await panel.reload();
    await expect
      .poll(() => region("Promoção Especial").getByLabel("Título da promoção *").inputValue())
      .toBe("Banho em dobro");

    const phone = await customerContext.newPage();
    await phone.goto("/dashboard-cliente");
    await phone.getByText("Banho em dobro").first().waitFor();
    await phone.goto(`/dashboard-cliente-cartao-fidelidade/${companyId}`);
    await phone.getByText("Dois banhos pelo preço de um").waitFor();
    await phone.close();
  });

  test("keeps the appearance for the user: dark theme again after signing in elsewhere", async ({
    accounts,
  }) => {
    await panel.goto("/configuracoes");
    await region("Aparência").getByLabel("Tema").selectOption({ label: "Escuro" });
    await panel.getByText("Configurações atualizadas").first().waitFor();
    expect(await panel.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
      true,
    );
    const other = await accounts.signedIn(company);
    const page = await other.newPage();
    await page.goto("/dashboard");
    // the dashboard's first load on a busy machine can take more than the default second
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")), {
        timeout: 15_000,
      })
      .toBe(true);
    await other.close();
  });
});
