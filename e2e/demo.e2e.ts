import type { Page } from "@playwright/test";
import { type CompanyAccount, type CustomerAccount, expect, test } from "./support/test";

/**
 * Demo mode (`?debug=true`, decision 014): the demo café's data on the demo pages with a banner,
 * every save refused with the spec's text, the real company's data untouched; and the sales link
 * 'Demonstração' of /lp-empresa for a visitor without an account.
 */

const REAL_CUSTOMER = "Rita Verdadeira";
const DEMO_NAME = "Café Demonstração";

const banner = (page: Page) => page.getByTestId("demo-banner");

/** The real company, and a real customer of it, whose data the demo must leave as it was. */
let company: CompanyAccount;
let rita: CustomerAccount;

test.beforeAll(async ({ accounts }) => {
  company = await accounts.company({
    companyName: "Padaria Real do Teste",
    email: "dono@padariareal.example.com",
    city: "Campinas",
    phone: "(19) 3333-4444",
  });
  rita = await accounts.customer({
    name: REAL_CUSTOMER,
    email: "rita@padariareal.example.com",
    birthDate: "1990-05-17",
    origin: { empresa_id: company.id, origem: "qrcode_empresa" },
  });
});

test.describe("demo mode for a signed-in owner", () => {
  test("shows the demo café on every demo page, refuses a save, and leaves the real data as it was", async ({
    accounts,
  }) => {
    const context = await accounts.signedIn(company, { viewport: { width: 1400, height: 900 } });
    const panel = await context.newPage();
    await panel.goto("/dashboard?debug=true");
    await banner(panel).getByText("Modo demonstração (debug)").waitFor();
    await panel.getByText(`Olá, ${DEMO_NAME}!`).waitFor();
    await panel.getByText("Aniversários Hoje").waitFor();
    // The demo's figures: its 40 members, stamps given this morning, claims waiting.
    const main = () => panel.locator("main").innerText();
    await expect.poll(main).toMatch(/Total de Clientes\s*40\b/);
    await expect.poll(main).toMatch(/Carimbos hoje: [1-9]/);
    await expect.poll(main).toMatch(/Solicitações pendentes: [1-9]/);

    // The sidebar keeps the demo on: /clientes lists the demo's members, never the real one.
    await panel.getByRole("link", { name: "Clientes", exact: true }).click();
    await panel.waitForURL(/\/clientes\?debug=true$/);
    await panel.getByText(/1–\d+ de 40 clientes/).waitFor();
    await banner(panel).waitFor();
    expect(await panel.locator("main").innerText()).toContain("@example.com");
    expect(await panel.getByText(REAL_CUSTOMER).count()).toBe(0);

    await panel.goto("/cartoes?debug=true");
    await panel.getByRole("heading", { name: "Cartões dos clientes" }).waitFor();
    await banner(panel).waitFor();
    await panel.getByText("Cartão Café").first().waitFor();
    // A search that finds nothing says so in the demo's words.
    await panel.getByRole("searchbox", { name: "Buscar cartões..." }).fill("zzz-ninguem");
    await panel.getByText("Nenhum cartão encontrado (modo debug)").waitFor();

    await panel.goto("/mensagens?debug=true");
    await banner(panel).waitFor();
    await panel.getByText("Vocês abrem no feriado?").waitFor();

    // The reports of the demo's year (their figures in the tables beside the charts).
    await panel.goto("/relatorios?debug=true");
    await banner(panel).waitFor();
    await panel.locator("main table").first().waitFor();
    expect(await main()).not.toContain(REAL_CUSTOMER);

    await panel.goto("/dados-empresa?debug=true");
    await banner(panel).waitFor();
    const tradeName = panel.getByLabel("Nome Fantasia");
    await expect.poll(() => tradeName.inputValue()).toBe(DEMO_NAME);
    await tradeName.fill("Tentativa de Mudança");
    await panel.getByRole("button", { name: "Salvar Dados" }).click();
    const refusal = panel.getByText("Salvamento desabilitado no modo debug.");
    await refusal.first().waitFor();
    // Said once, not by the form and again by the demo mode's own toast.
    await panel.waitForTimeout(500);
    expect(await refusal.count()).toBe(1);

    // The banner's link leaves the demo on the same page: the real company, unchanged.
    await banner(panel).getByRole("link", { name: "Sair do modo demonstração" }).click();
    await expect.poll(() => banner(panel).count()).toBe(0);
    await expect.poll(() => tradeName.inputValue()).toBe(company.companyName);
    await panel.goto("/clientes");
    await expect.poll(main).toContain(REAL_CUSTOMER);
    expect(await main()).not.toContain("@example.com");
    const me = (await (await context.request.get("/api/me")).json()) as {
      company: { tradeName: string };
    };
    expect(me.company.tradeName).toBe(company.companyName);
    await context.close();
  });

  test("fits a phone: the demo dashboard at 360 px", async ({ accounts }) => {
    const context = await accounts.signedIn(company, { viewport: { width: 1400, height: 900 } });
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 360, height: 780 });
    await phone.goto("/dashboard?debug=true");
    await banner(phone).waitFor();
    await expect.poll(() => phone.locator("main").innerText()).toMatch(/Carimbos hoje: [1-9]/);
    await expect.poll(() => phone.locator("main").innerText()).toMatch(/Total de Clientes\s*40\b/);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await phone.close();
    await context.close();
  });
});

test.describe("demo mode for a signed-in customer (spec section 6)", () => {
  test("opens /mensagens and /dados-empresa with ?debug=true: the demo, nothing saved", async ({
    accounts,
  }) => {
    const customer = await accounts.signedIn(rita);
    const page = await customer.newPage();
    await page.goto("/mensagens?debug=true");
    await banner(page).waitFor();
    await page.getByText("Vocês abrem no feriado?").waitFor();
    await page.goto("/dados-empresa?debug=true");
    await expect.poll(() => page.getByLabel("Nome Fantasia").inputValue()).toBe(DEMO_NAME);
    // Without the flag the company panel is not theirs.
    await page.goto("/dados-empresa");
    await page.waitForURL((u) => u.pathname === "/");
    await customer.close();
  });
});

test.describe("the sales link", () => {
  test("'Demonstração' on /lp-empresa opens the demo dashboard without an account", async ({
    page,
  }) => {
    await page.goto("/lp-empresa");
    await page.locator("footer").getByRole("link", { name: "Demonstração" }).click();
    await page.waitForURL(/\/dashboard\?debug=true$/);
    await banner(page).waitFor();
    await page.getByText(`Olá, ${DEMO_NAME}!`).waitFor();
    // A save is refused there too (no account, nothing to change anyway).
    const refused = await page.evaluate(async () => {
      const res = await fetch("/api/programs", {
        method: "POST",
        headers: { "content-type": "application/json", "X-Carimbou-Demo": "1" },
        body: JSON.stringify({ name: "X", stampsRequired: 5, reward: "Y", description: "" }),
      });
      return { status: res.status, body: await res.json() };
    });
    expect(refused).toEqual({
      status: 403,
      body: {
        error: { code: "demo_read_only", message: "Salvamento desabilitado no modo debug." },
      },
    });
    // Without the flag the panel is closed to a visitor.
    await page.goto("/dashboard");
    await page.waitForURL(/\/login-admin$/);
  });
});
