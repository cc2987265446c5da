import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "./support/app-server";
import { launchBrowser } from "./support/browser";
import { confirmedAccount, signInContext } from "./support/fixtures";
import { startMailServer } from "./support/mail-server";

let mail: Awaited<ReturnType<typeof startMailServer>>;
let server: Awaited<ReturnType<typeof startAppServer>>;
let browser: Browser;
const company = {
  companyName: "Pet Shop Amigo",
  email: "dono@petamigo.com.br",
  password: "segredo1",
  city: "Curitiba",
  state: "PR",
  phone: "(41) 3333-4444",
  sector: "pet",
};
const customer = {
  name: "Ana Souza",
  email: "ana@example.com",
  password: "segredo1",
  city: "Recife",
  state: "PE",
  phone: "",
  birthDate: "",
};

beforeAll(async () => {
  mail = await startMailServer();
  server = await startAppServer({ smtpUrl: mail.url });
  browser = await launchBrowser();
  await confirmedAccount(server, mail, "company", company);
  await confirmedAccount(server, mail, "customer", customer);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await mail?.close();
});

async function signedIn(email: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  await signInContext(context, server, email, "segredo1");
  return { context, page: await context.newPage() };
}

const url = (path: string) => `${server.baseUrl}${path}`;

describe("company panel shell", () => {
  it("highlights the current item, collapses with ctrl+B and remembers it in a 7-day cookie", async () => {
    const { context, page } = await signedIn(company.email);
    await page.goto(url("/cartoes"));
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
      "Clientes",
      "Cartões",
      "Mensagens",
      "IA Suprema",
      "Parcerias",
      "Relatórios",
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

  it("becomes an off-canvas drawer below 768 px", async () => {
    const { context, page } = await signedIn(company.email, { width: 390, height: 800 });
    await page.goto(url("/dashboard"));
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Navegação do painel" }).count()).toBe(0);
    await page.getByRole("button", { name: "Abrir ou fechar o menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await drawer.waitFor();
    await drawer.getByRole("link", { name: "Relatórios" }).click();
    await page.waitForURL((u) => u.pathname === "/relatorios");
    await context.close();
  });

  it("sends a signed-in customer away from the panel (to /, per sections 2 and 6) and from the login pages", async () => {
    const { context, page } = await signedIn(customer.email);
    for (const path of ["/dashboard", "/dados-empresa", "/dados-usuario", "/cartoes"]) {
      await page.goto(url(path));
      await page.waitForURL((u) => u.pathname === "/");
      await page.getByRole("link", { name: "Acessar como Empresa" }).waitFor();
    }
    // settings and messages send non-admins to /login-admin, which forwards a customer home
    for (const path of ["/configuracoes", "/mensagens", "/login-cliente", "/login-admin"]) {
      await page.goto(url(path));
      await page.waitForURL((u) => u.pathname === "/dashboard-cliente");
    }
    await context.close();
  });
});

describe("customer area shell", () => {
  it("greets the customer with name and city/state, and 'Sair' ends the session", async () => {
    const { context, page } = await signedIn(customer.email);
    await page.goto(url("/dashboard-cliente"));
    await page.getByText("Olá, Ana Souza!").waitFor();
    await page.getByText("Recife/PE").waitFor();
    await page.getByRole("button", { name: "Sair" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.goto(url("/dashboard-cliente"));
    await page.waitForURL((u) => u.pathname === "/login-cliente");
    await context.close();
  });

  it("sends a signed-in company away from the customer area", async () => {
    const { context, page } = await signedIn(company.email);
    await page.goto(url("/dashboard-cliente"));
    await page.waitForURL((u) => u.pathname === "/dashboard");
    await context.close();
  });

  it("tells a customer who signs up again with the same e-mail to sign in", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url("/login-cliente"));
    await page.getByRole("button", { name: "Não tem conta? Cadastre-se" }).click();
    await page.getByLabel("Nome", { exact: true }).fill("Ana de Novo");
    await page.getByLabel("Email").fill("ANA@example.com");
    await page.getByLabel("Senha", { exact: true }).fill("outrasenha");
    await page.getByLabel("Cidade").fill("Recife");
    await page.getByLabel("Estado").selectOption("PE");
    await page.getByRole("button", { name: "Criar conta" }).click();
    await page.getByText("Este email já está cadastrado. Tente fazer login.").waitFor();
    await context.close();
  });
});

describe("English variants", () => {
  it("renders the login pages in English and sets the lang attribute", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url("/login-admin-en"));
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await page.goto(url("/login-cliente"));
    await page.getByRole("button", { name: "Entrar" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("pt-BR");
    await context.close();
  });
});
