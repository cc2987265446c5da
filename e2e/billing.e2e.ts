import type { BrowserContext, Page } from "@playwright/test";
import type { Me } from "@shared/auth.schema";
import { type BillingOverview, planAllows } from "@shared/billing.schema";
import errors from "../src/web/locales/pt-BR/errors.json" with { type: "json" };
import { type CompanyAccount, expect, test } from "./support/test";

// One company's plan from trial to cancellation: each test goes on from where the last one left.
test.describe.configure({ mode: "serial" });

let company: CompanyAccount;
let origin: string;
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ accounts, server }) => {
  company = await accounts.company({ companyName: "Café Aurora", email: "aurora@example.com" });
  origin = server.baseUrl;
  // The café owner's phone.
  context = await accounts.signedIn(company, {
    viewport: { width: 360, height: 780 },
    locale: "pt-BR",
  });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
});

const DAY = 86_400_000;
const DATE = /\d{2}\/\d{2}\/\d{4}/;

/** The page's own session (its cookies) asks the API, as the panel does. */
async function api<T>(method: "GET" | "POST", path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(path, {
    method,
    data,
    headers: { origin },
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** The dev clock (test hook, never in production): this company's time moves `days` ahead. */
const moveClock = (days: number) =>
  api<BillingOverview>("POST", "/api/dev/billing/clock", { days });

/** The open charge's 'Pagar agora' → the dev checkout → 'Simular pagamento aprovado' → /plano. */
/** The name of the plan on /plano's 'Seu plano'. */
const planName = () => page.getByTestId("current-plan-name").textContent();

async function payOpenChargeFromPlanPage() {
  await page.goto("/plano");
  const charges = page.getByRole("list", { name: "Cobranças" });
  await charges.getByRole("link", { name: "Pagar agora" }).first().click();
  await payOnCheckout();
}

async function payOnCheckout(amount = "R$ 39,90") {
  await page.waitForURL((u) => u.pathname.startsWith("/plano/checkout/"));
  await page.getByText("Ambiente de teste — nenhuma cobrança real").waitFor();
  await page.getByText(amount).first().waitFor();
  await page.getByRole("button", { name: "Simular pagamento aprovado" }).click();
  await page.waitForURL((u) => u.pathname === "/plano");
  await page.getByText("Pagamento aprovado (simulado).").waitFor();
}

test.describe("Plano: subscribe, pay, grace, read-only, pay again, upgrade, cancel", () => {
  test("a company in trial subscribes to Pro by Pix and pays through the dev checkout", async () => {
    await page.goto("/plano");
    await page.getByRole("heading", { name: "Plano", level: 1 }).waitFor();
    await expect.poll(planName).toBe("Teste grátis");
    await page.getByText(/Teste grátis: \d+ dias restantes/).waitFor();
    // Both plans with their price, from the one plan definition.
    await page.getByText("R$ 39,90", { exact: true }).waitFor();
    await page.getByText("R$ 249,00", { exact: true }).waitFor();
    await page
      .getByText("Durante o teste nada é cobrado: a primeira cobrança vence no fim do teste.")
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    // Pix comes first and is the default; the billing e-mail defaults to the company's.
    const methods = page.getByRole("group", { name: "Forma de pagamento" }).getByRole("radio");
    expect(await methods.count()).toBe(3);
    expect(await methods.first().isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: "Pro", exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel("Email de cobrança").inputValue()).toBe(company.email);

    // A wrong CPF is refused on the form, by the shared schema.
    await page.getByLabel("CPF ou CNPJ").fill("529.982.247-24");
    await page.getByRole("button", { name: "Assinar Pro" }).click();
    await page.getByText("CPF ou CNPJ inválido").waitFor();

    await page.getByLabel("CPF ou CNPJ").fill("529.982.247-25");
    await page.getByRole("button", { name: "Assinar Pro" }).click();
    await page.getByText("Plano Pro assinado!").waitFor();
    // In the trial nothing is due yet: the first charge waits, open, for the end of the trial.
    const charges = page.getByRole("list", { name: "Cobranças" });
    await charges.getByText("Em aberto").waitFor();
    await page.getByText(/Próxima cobrança: R\$ 39,90 em \d{2}\/\d{2}\/\d{4}/).waitFor();
    await page.getByRole("button", { name: "Cancelar assinatura" }).waitFor();

    // The Pix charge shows its copy-and-paste code.
    // On the phone the charge's buttons scroll in under the 'Plano Pro assinado!' toast: a click
    // then waits on the toast, and the pointer over it keeps it open. A person waits for it to go.
    await page.getByText("Plano Pro assinado!").waitFor({ state: "hidden" });
    // The charges list may still be settling from the subscription's refetches: a click that lands
    // while it re-renders opens nothing, and a person would click again.
    const pix = page.getByRole("dialog", { name: "Pagar com Pix" });
    await expect
      .poll(
        async () => {
          if (!(await pix.isVisible())) {
            await charges.getByRole("button", { name: "Pix" }).first().click();
          }
          return pix.getByRole("button", { name: "Copiar código Pix" }).isVisible();
        },
        { timeout: 30_000, intervals: [2000] },
      )
      .toBe(true);
    expect(await pix.getByLabel("Código Pix copia e cola").inputValue()).toMatch(/^0002/);
    await pix.getByRole("button", { name: "Fechar" }).click();

    await payOpenChargeFromPlanPage();
    const paid = charges.getByRole("listitem").filter({ hasText: "Paga" });
    await paid.first().waitFor();
    await paid.first().getByText("R$ 39,90").waitFor();
    await paid
      .first()
      .getByText(/Vencimento \d{2}\/\d{2}\/\d{4}/)
      .waitFor();
  });

  test("sees 'Plano Ativo' Pro on the dashboard with the price and the next payment date", async () => {
    await page.goto("/dashboard");
    const card = page.getByRole("region", { name: "Plano Ativo" });
    await card.getByText("Pro", { exact: true }).waitFor();
    await card.getByText("R$ 39,90/mês").waitFor();
    const next = await card.getByText(/Próximo pagamento:/).textContent();
    expect(next).toMatch(DATE);
    await card.getByRole("link", { name: "Ver plano" }).click();
    await page.waitForURL((u) => u.pathname === "/plano");
  });

  test("past the paid period the charge is overdue: the grace banner, then read-only", async () => {
    const before = await api<BillingOverview>("GET", "/api/billing");
    const until = Date.parse(before.paidUntil ?? before.trialEndsAt);
    // Past the trial and the paid period: the next month's charge is due and unpaid.
    const days = Math.ceil((until - Date.now()) / DAY) + 1;
    const overdue = await moveClock(days);
    expect(overdue.planStatus).toBe("grace");

    await page.goto("/dashboard");
    const banner = page.getByTestId("plan-banner");
    await banner
      .getByText(/Pagamento vencido: regularize até \d{2}\/\d{2}\/\d{4} para não perder o acesso/)
      .waitFor();
    await banner.getByRole("link", { name: "Pagar agora" }).waitFor();
    // Writes still work during the grace period.
    await page.goto("/dados-empresa");
    await page.getByLabel("Descrição Resumida").fill("Cafés especiais.");
    await page.getByRole("button", { name: "Salvar Dados" }).click();
    await page.getByText("Dados salvos com sucesso!").waitFor();

    // Eight days more: the grace is over, the panel is read-only.
    const expired = await moveClock(8);
    expect(expired.planStatus).toBe("expired");
    await page.reload();
    await page.getByLabel("Descrição Resumida").fill("Cafés especiais e pão de queijo.");
    await page.getByRole("button", { name: "Salvar Dados" }).click();
    await page.getByText(errors.plan_expired).waitFor();
    await page.getByTestId("plan-banner").getByRole("link", { name: "Pagar agora" }).waitFor();
  });

  test("pays the overdue charge from the banner and writes work again at once", async () => {
    await page.getByTestId("plan-banner").getByRole("link", { name: "Pagar agora" }).click();
    await payOnCheckout();
    // `me` refreshed with the payment: no banner, without reloading.
    await page.getByRole("heading", { name: "Plano", level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId("plan-banner").count()).toBe(0);
    await expect.poll(planName).toBe("Pro");

    await page.goto("/dados-empresa");
    await page.getByLabel("Descrição Resumida").fill("Cafés especiais e pão de queijo.");
    await page.getByRole("button", { name: "Salvar Dados" }).click();
    await page.getByText("Dados salvos com sucesso!").waitFor();
  });

  test("upgrades to Supremo com IA: pays the difference, then the plan check answers yes for the assistant", async () => {
    const before = await api<Me>("GET", "/api/me");
    expect(before.company?.plan).toBe("pro");
    expect(planAllows(before.company!, "assistant")).toBe(false);

    await page.goto("/plano");
    await page.getByRole("button", { name: "Mudar para Supremo com IA" }).click();
    const dialog = page.getByRole("dialog", { name: "Mudar para Supremo com IA?" });
    // Within a paid period an upgrade is a charge of the pro-rated difference, paid now
    // (decision 027): the dialog says so instead of 'from the next charge'.
    await dialog
      .getByText(
        /^Você paga agora a diferença proporcional aos dias que faltam até \d{2}\/\d{2}\/\d{4}, o fim do período já pago\. O plano Supremo com IA é ativado assim que esse pagamento for confirmado; até lá, nada muda\.$/,
      )
      .waitFor();
    await dialog.getByText("Novo valor: R$ 249,00 por mês.").waitFor();
    await dialog.getByRole("button", { name: "Ir para o pagamento" }).click();
    const charged = await page
      .getByText(
        /^Cobrança da diferença criada: R\$ [\d.,]+\. O plano Supremo com IA é ativado quando ela for paga\.$/,
      )
      .textContent();
    const amount = charged?.match(/R\$ [\d.,]+\d/)?.[0] ?? "";
    expect(amount).toMatch(/^R\$ \d/);
    // Nothing given before the payment: still Pro.
    const waiting = await api<Me>("GET", "/api/me");
    expect(waiting.company?.plan).toBe("pro");
    expect(planAllows(waiting.company!, "assistant")).toBe(false);

    await payOnCheckout(amount);
    await expect.poll(planName).toBe("Supremo com IA");
    await page.getByRole("button", { name: "Mudar para Pro" }).waitFor();

    const after = await api<Me>("GET", "/api/me");
    expect(after.company?.plan).toBe("supreme");
    expect(planAllows(after.company!, "assistant")).toBe(true);
  });

  test("cancels: access until the end of the paid period, nothing more charged", async () => {
    await page.getByRole("button", { name: "Cancelar assinatura" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancelar a assinatura?" });
    const text = await dialog
      .getByText(/Você mantém o acesso até \d{2}\/\d{2}\/\d{4}; nada mais será cobrado\./)
      .textContent();
    const until = text?.match(DATE)?.[0];
    await dialog.getByRole("button", { name: "Cancelar assinatura" }).click();
    await page.getByText(`Assinatura cancelada. Você mantém o acesso até ${until}.`).waitFor();
    await page
      .getByText(`Assinatura cancelada: você mantém o acesso até ${until}; nada mais será cobrado.`)
      .waitFor();
    // Subscribing again is offered; the paid period still runs.
    await page.getByRole("button", { name: /^Assinar / }).waitFor();
    const overview = await api<BillingOverview>("GET", "/api/billing");
    expect(overview.subscription?.status).toBe("cancelled");
    expect(overview.planStatus).toBe("paid");
  });
});
