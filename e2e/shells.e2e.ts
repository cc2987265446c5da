import {
  type Accounts,
  type CompanyAccount,
  type CustomerAccount,
  expect,
  test,
} from "./support/test";

let company: CompanyAccount;
let customer: CustomerAccount;

test.beforeAll(async ({ accounts }) => {
  company = await accounts.company({
    companyName: "Pet Shop Amigo",
    email: "dono@petamigo.com.br",
    city: "Curitiba",
    state: "PR",
    phone: "(41) 3333-4444",
    sector: "pet",
  });
  customer = await accounts.customer({
    name: "Ana Souza",
    email: "ana@example.com",
    city: "Recife",
    state: "PE",
  });
});

async function signedIn(
  accounts: Accounts,
  who: { email: string; password: string },
  viewport = { width: 1280, height: 800 },
) {
  const context = await accounts.signedIn(who, { viewport });
  return { context, page: await context.newPage() };
}

test.describe("company panel shell", () => {
  test("highlights the current item, collapses with ctrl+B and remembers it in a 7-day cookie", async ({
    accounts,
  }) => {
    const { context, page } = await signedIn(accounts, company);
    await page.goto("/cartoes");
    const nav = page.getByRole("navigation", { name: "Navegação do painel" });
    await expect
      .poll(() => nav.getByRole("link", { name: "Cartões" }).getAttribute("aria-current"))
      .toBe("page");
    expect(
      await nav.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current"),
    ).toBeNull();
    const links = await nav.getByRole("link").allTextContents();
    expect(links.map((l) => l.trim())).toEqual([
      "Dashboard",
      "Balcão",
      "Clientes",
      "Cartões",
      "Mensagens",
      "IA Suprema",
      "Parcerias",
      "Relatórios",
      "Equipe",
      "Integrações",
      "Configurações",
      "Plano",
      "Ajuda",
    ]);
    await page.getByRole("heading", { name: "Cartões de Fidelidade" }).waitFor();

    const sidebar = page.locator('[data-slot="sidebar"]');
    expect(await sidebar.getAttribute("data-state")).toBe("expanded");
    await page.keyboard.press("Control+b");
    await expect.poll(() => sidebar.getAttribute("data-state")).toBe("collapsed");
    const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    await page.reload();
    await expect
      .poll(() => page.locator('[data-slot="sidebar"]').getAttribute("data-state"))
      .toBe("collapsed");
    await page.getByRole("button", { name: "Abrir ou fechar o menu" }).click();
    await expect
      .poll(() => page.locator('[data-slot="sidebar"]').getAttribute("data-state"))
      .toBe("expanded");

    // the header: search leads to /clientes, which shows 'Voltar ao Dashboard'
    await page.getByPlaceholder("Buscar clientes...").fill("ana");
    await page.keyboard.press("Enter");
    await page.waitForURL(
      (u) => u.pathname === "/clientes" && u.searchParams.get("busca") === "ana",
    );
    await page.getByRole("link", { name: "Voltar ao Dashboard" }).waitFor();
    await page.getByRole("link", { name: "Dados da empresa" }).click();
    await page.waitForURL((u) => u.pathname === "/dados-empresa");
    await context.close();
  });

  test("becomes an off-canvas drawer below 768 px", async ({ accounts }) => {
    const { context, page } = await signedIn(accounts, company, { width: 390, height: 800 });
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Navegação do painel" }).count()).toBe(0);
    await page.getByRole("button", { name: "Abrir ou fechar o menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await drawer.waitFor();
    await drawer.getByRole("link", { name: "Relatórios" }).click();
    await page.waitForURL((u) => u.pathname === "/relatorios");
    await context.close();
  });

  test("sends a signed-in customer away from the panel (to /, per sections 2 and 6) and from the login pages", async ({
    accounts,
  }) => {
    const { context, page } = await signedIn(accounts, customer);
    for (const path of ["/dashboard", "/dados-empresa", "/dados-usuario", "/cartoes"]) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === "/");
      await page.getByRole("link", { name: "Acessar como Empresa" }).waitFor();
    }
    // settings and messages send non-admins to /login-admin, which forwards a customer home
    for (const path of ["/configuracoes", "/mensagens", "/login-cliente", "/login-admin"]) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === "/dashboard-cliente");
    }
    await context.close();
  });
});

test.describe("customer area shell", () => {
  test("greets the customer with name and city/state, and 'Sair' ends the session", async ({
    accounts,
  }) => {
    const { context, page } = await signedIn(accounts, customer);
    await page.goto("/dashboard-cliente");
    await page.getByText("Olá, Ana Souza!").waitFor();
    // In the header (the page's directory may list other companies of Recife: a shared server).
    await page.getByRole("banner").getByText("Recife/PE", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Sair" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.goto("/dashboard-cliente");
    await page.waitForURL((u) => u.pathname === "/login-cliente");
    await context.close();
  });

  test("sends a signed-in company away from the customer area", async ({ accounts }) => {
    const { context, page } = await signedIn(accounts, company);
    await page.goto("/dashboard-cliente");
    await page.waitForURL((u) => u.pathname === "/dashboard");
    await context.close();
  });

  test("tells a customer who signs up again with the same e-mail to sign in", async ({ page }) => {
    await page.goto("/login-cliente");
    await page.getByRole("button", { name: "Não tem conta? Cadastre-se" }).click();
    await page.getByLabel("Nome", { exact: true }).fill("Ana de Novo");
    await page
      .getByLabel("Email")
      .fill(customer.email.replace(/^[^@]+/, (local) => local.toUpperCase()));
    await page.getByLabel("Senha", { exact: true }).fill("outrasenha");
    await page.getByRole("button", { name: "Criar conta" }).click();
    await page.getByText("Este email já está cadastrado. Tente fazer login.").waitFor();
  });
});

test.describe("English variants", () => {
  test("renders the login pages in English and sets the lang attribute", async ({ page }) => {
    await page.goto("/login-admin-en");
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await page.goto("/login-cliente");
    await page.getByRole("button", { name: "Entrar" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("pt-BR");
  });
});
