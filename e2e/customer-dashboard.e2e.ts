import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "./support/app-server";
import { launchBrowser } from "./support/browser";
import { confirmedAccount, signInContext } from "./support/fixtures";
import { startMailServer } from "./support/mail-server";

let mail: Awaited<ReturnType<typeof startMailServer>>;
let server: Awaited<ReturnType<typeof startAppServer>>;
let browser: Browser;

const company = (
  companyName: string,
  email: string,
  city: string,
  state: string,
  sector: string,
) => ({
  companyName,
  email,
  password: "segredo1",
  city,
  state,
  phone: "(11) 3333-4444",
  sector,
});

beforeAll(async () => {
  mail = await startMailServer();
  server = await startAppServer({ smtpUrl: mail.url });
  browser = await launchBrowser();
  await confirmedAccount(
    server,
    mail,
    "company",
    company("Café Aurora", "cafe@example.com", "São Paulo", "SP", "alimentacao"),
  );
  await confirmedAccount(
    server,
    mail,
    "company",
    company("Barbearia Navalha", "barba@example.com", "Campinas", "SP", "beleza"),
  );
  await confirmedAccount(server, mail, "customer", {
    name: "Bia Cliente",
    email: "bia@example.com",
    password: "segredo1",
    city: "Santos",
    state: "SP",
    phone: "",
    birthDate: "",
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await mail?.close();
});

const url = (path: string) => `${server.baseUrl}${path}`;

describe("the customer dashboard", () => {
  it("directory from the database with filters, joining from it, card history, settings", async () => {
    const context = await browser.newContext();
    await signInContext(context, server, "bia@example.com", "segredo1");
    const page = await context.newPage();
    await page.goto(url("/dashboard-cliente"));

    const section = page.getByRole("region", { name: "Empresas participantes" });
    const directory = section.getByRole("list", { name: "Empresas participantes" });
    await directory.getByText("Café Aurora").waitFor();
    await directory.getByText("Barbearia Navalha").waitFor();
    await page.getByText("Nenhum cartão em aberto.").waitFor();

    // filters: sector, then city
    await section.getByLabel("Ramo").selectOption("beleza");
    await expect.poll(() => directory.getByRole("listitem").count()).toBe(1);
    await directory.getByText("Barbearia Navalha").waitFor();
    await section.getByLabel("Ramo").selectOption("");
    await section.getByLabel("Cidade").selectOption("São Paulo");
    await expect.poll(() => directory.getByRole("listitem").count()).toBe(1);
    const cafe = directory.getByRole("listitem").filter({ hasText: "Café Aurora" });

    // join from the directory: the card shows in the history as open
    await cafe.getByRole("button", { name: "Participar" }).click();
    await cafe.getByText("Você participa").waitFor();
    const open = page.getByRole("list", { name: "Em aberto" });
    await open.getByText("Café Aurora").waitFor();
    await open.getByText("0/10 · Cartão Fidelidade").waitFor();

    // the entry opens the company's page
    await cafe.getByRole("link", { name: "Ver empresa" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/dashboard-cliente-cartao-fidelidade/"));
    await page.getByText("0/10 carimbos").waitFor();
    await page.goBack();

    // settings: dark theme and English apply at once and survive a reload
    await page.getByRole("button", { name: "Configurações" }).click();
    const settings = page.getByRole("dialog", { name: "Configurações" });
    await settings.getByLabel("Tema").selectOption("dark");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
      true,
    );
    await settings.getByLabel("Idioma").selectOption("en");
    await page.getByRole("dialog", { name: "Settings" }).waitFor();
    await page.keyboard.press("Escape");
    await page.reload();
    await page.getByRole("list", { name: "Participating businesses" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
      true,
    );
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    await context.close();
  });
});
