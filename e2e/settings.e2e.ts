import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "./support/app-server";
import { launchBrowser } from "./support/browser";
import { confirmedAccount, signInContext } from "./support/fixtures";
import { startMailServer } from "./support/mail-server";

let mail: Awaited<ReturnType<typeof startMailServer>>;
let server: Awaited<ReturnType<typeof startAppServer>>;
let browser: Browser;
let companyContext: BrowserContext;
let customerContext: BrowserContext;
let panel: Page;
let companyId: string;

const company = {
  companyName: "Pet Shop Bidu",
  email: "bidu@example.com",
  password: "segredo1",
  city: "Santos",
  state: "SP",
  phone: "(13) 3333-4444",
  sector: "pet",
};

const url = (path: string) => `${server.baseUrl}${path}`;
const region = (name: string) => panel.getByRole("region", { name });

beforeAll(async () => {
  mail = await startMailServer();
  server = await startAppServer({ smtpUrl: mail.url });
  browser = await launchBrowser();
  await confirmedAccount(server, mail, "company", company);
  companyContext = await browser.newContext({
    locale: "pt-BR",
    viewport: { width: 1400, height: 900 },
  });
  await signInContext(companyContext, server, company.email, company.password);
  const me = await companyContext.request.get(url("/api/me"));
  companyId = ((await me.json()) as { company: { id: string } }).company.id;
  await confirmedAccount(server, mail, "customer", {
    name: "Ana Cliente",
    email: "ana@example.com",
    password: "segredo1",
    city: "Santos",
    state: "SP",
    phone: "",
    birthDate: "",
    origin: { empresa_id: companyId, origem: "qrcode_empresa" },
  });
  customerContext = await browser.newContext({ locale: "pt-BR" });
  await signInContext(customerContext, server, "ana@example.com", "segredo1");
  panel = await companyContext.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await mail?.close();
});

describe("/configuracoes", () => {
  it("saves the loyalty rules on the server; a purchase stamp then gives the new count", async () => {
    await panel.goto(url("/configuracoes"));
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
    const cards = await customerContext.request.get(url("/api/me/cards"));
    const [card] = (await cards.json()) as { id: string }[];
    const stamped = await companyContext.request.post(url(`/api/cards/${card!.id}/stamps`), {
      data: { method: "purchase", notes: "" },
      headers: { origin: server.baseUrl },
    });
    expect(stamped.status()).toBe(201);
    const phone = await customerContext.newPage();
    await phone.goto(url(`/dashboard-cliente-cartao-fidelidade/${companyId}`));
    await phone.getByText("3/10").first().waitFor();
    await phone.close();
  });

  it("a count under 1 is refused with the rule's message and nothing is saved", async () => {
    await panel.goto(url("/configuracoes"));
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

  it("reads a referral bonus typed the Brazilian way: '5,50' is R$ 5,50 (550 cents)", async () => {
    await panel.goto(url("/configuracoes"));
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

    const saved = await companyContext.request.get(url("/api/settings/referral-rules"));
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
    const unchanged = await companyContext.request.get(url("/api/settings/referral-rules"));
    expect(await unchanged.json()).toMatchObject({ referrerBonusCents: 123456 });
    await again.getByLabel("Bônus para quem indicou (R$)").fill("R$ 2,00");
    await again.getByRole("button", { name: "Salvar Regras de Indicação" }).click();
    await expect
      .poll(async () =>
        (await companyContext.request.get(url("/api/settings/referral-rules"))).json(),
      )
      .toMatchObject({ referredBonusCents: 725, referrerBonusCents: 200 });
  });

  it("an active promotion reaches the customer's side", async () => {
    await panel.goto(url("/configuracoes"));
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
    await phone.goto(url("/dashboard-cliente"));
    await phone.getByText("Banho em dobro").first().waitFor();
    await phone.goto(url(`/dashboard-cliente-cartao-fidelidade/${companyId}`));
    await phone.getByText("Dois banhos pelo preço de um").waitFor();
    await phone.close();
  });

  it("keeps the appearance for the user: dark theme again after signing in elsewhere", async () => {
    await panel.goto(url("/configuracoes"));
    await region("Aparência").getByLabel("Tema").selectOption({ label: "Escuro" });
    await panel.getByText("Configurações atualizadas").first().waitFor();
    expect(await panel.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
      true,
    );
    const other = await browser.newContext({ locale: "pt-BR" });
    await signInContext(other, server, company.email, company.password);
    const page = await other.newPage();
    await page.goto(url("/dashboard"));
    // the dashboard's first load on a busy machine can take more than the default second
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")), {
        timeout: 15_000,
      })
      .toBe(true);
    await other.close();
  });
});
