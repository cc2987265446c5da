import type { BrowserContext } from "@playwright/test";
import { startAppServer } from "./support/app-server";
import { confirmedAccount, signInContext } from "./support/fixtures";
import { type AppServer, companyInput, customerInput, expect, test } from "./support/test";

const company = (
  companyName: string,
  email: string,
  city: string,
  state: string,
  sector: string,
) => ({
  companyName,
  email,
  city,
  state,
  phone: "(11) 3333-4444",
  sector,
});

test.describe("the customer dashboard", () => {
  // The directory lists every company of the platform, and its filters are checked by how many
  // entries they leave: this test runs on a server of its own, with only its two companies.
  let own: AppServer;
  const bia = customerInput({ name: "Bia Cliente", email: "bia@example.com", city: "Santos" });

  test.beforeAll(async ({ mail }) => {
    test.setTimeout(120_000);
    own = await startAppServer({ smtpUrl: mail.url });
    const cafe = company("Café Aurora", "cafe@example.com", "São Paulo", "SP", "alimentacao");
    const barba = company("Barbearia Navalha", "barba@example.com", "Campinas", "SP", "beleza");
    await confirmedAccount(own, mail, "company", companyInput(cafe));
    await confirmedAccount(own, mail, "company", companyInput(barba));
    await confirmedAccount(own, mail, "customer", bia);
  });

  test.afterAll(async () => {
    await own?.close();
  });

  test("directory from the database with filters, joining from it, card history, settings", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: own.baseUrl });
    await signInContext(context, own, bia.email, bia.password);
    const page = await context.newPage();
    await page.goto("/dashboard-cliente");

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

test.describe("the customer's loyalty card", () => {
  test("brand colour from /dados-empresa, complete card apart, join only on confirmation, 'Meu painel' everywhere at 360 px", async ({
    accounts,
    browser,
    server,
  }) => {
    const cafe = await accounts.company(
      company("Café Aurora", "cafe@example.com", "São Paulo", "SP", "alimentacao"),
    );
    const barber = await accounts.company(
      company("Barbearia Navalha", "barba@example.com", "Campinas", "SP", "beleza"),
    );
    // the café picks its card colour among the suggested ones and saves it with its data
    const companyContext = await accounts.signedIn(cafe);
    const panel = await companyContext.newPage();
    await panel.goto("/dados-empresa");
    await panel.getByRole("button", { name: "Usar a cor #0f766e" }).click();
    await expect.poll(() => panel.getByLabel("Cor", { exact: true }).inputValue()).toBe("#0f766e");
    await panel.getByRole("button", { name: "Salvar Dados" }).click();
    await panel.getByText("Dados salvos com sucesso!").waitFor();
    await panel.screenshot({ path: "/tmp/company-data-1280.png", fullPage: true });
    await panel.setViewportSize({ width: 360, height: 780 });
    await panel.screenshot({ path: "/tmp/company-data-360.png", fullPage: true });
    await panel.setViewportSize({ width: 1280, height: 720 });
    await panel.goto("/configuracoes");
    await panel.getByRole("button", { name: "Salvar Regras", exact: true }).waitFor();
    await panel.getByRole("button", { name: "Salvar Regras de Indicação" }).waitFor();
    await panel.screenshot({ path: "/tmp/settings-1280.png", fullPage: true });
    const cafeId = cafe.id;
    const barberContext = await accounts.signedIn(barber);
    const barberId = barber.id;

    // a customer who joined the café through its QR code
    const caio = await accounts.customer({
      name: "Caio Cliente",
      email: "caio@example.com",
      city: "Santos",
      origin: { empresa_id: cafeId, origem: "qrcode_empresa" },
    });
    const context = await accounts.signedIn(caio, { viewport: { width: 360, height: 780 } });
    const phone = await context.newPage();
    const myCards = async () =>
      (await (await context.request.get("/api/me/cards")).json()) as {
        id: string;
        companyId: string;
        status: string;
      }[];
    const stamp = async (company: BrowserContext, cardId: string, times: number) => {
      for (let n = 0; n < times; n++) {
        const res = await company.request.post(`/api/cards/${cardId}/stamps`, {
          data: { method: "purchase", notes: "" },
          headers: { origin: server.baseUrl },
        });
        expect(res.status()).toBe(201);
      }
    };
    const noHorizontalScroll = () =>
      expect
        .poll(() => phone.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(360);

    // the card page wears the café's colour, with readable (white) text on it
    const cafeCard = (await myCards()).find((c) => c.companyId === cafeId);
    await stamp(companyContext, cafeCard?.id ?? "", 5);
    await phone.goto(`/dashboard-cliente-cartao-fidelidade/${cafeId}`);
    const card = phone.getByTestId("stamp-card");
    await card.getByText("5/10 carimbos").waitFor();
    await phone.getByRole("img", { name: "5 de 10 carimbos" }).waitFor();
    expect(await card.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      "rgb(15, 118, 110)",
    );
    expect(await card.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(255, 255, 255)");
    await noHorizontalScroll();
    await phone.screenshot({ path: "/tmp/card-open-360.png", fullPage: true });

    // the customer's thread with the café opens at its newest message
    for (let n = 1; n <= 6; n++) {
      const res = await context.request.post("/api/me/messages", {
        data: {
          companyId: cafeId,
          body: `Mensagem ${n}: ${"Gostaria de saber mais sobre o cartão fidelidade. ".repeat(4)}`,
        },
        headers: { origin: server.baseUrl },
      });
      expect(res.status()).toBe(201);
    }
    await phone.reload();
    const thread = phone.getByTestId("conversation-list");
    await thread.getByText(/^Mensagem 6:/).waitFor();
    await expect
      .poll(() =>
        thread.evaluate(
          (el) => el.scrollHeight - el.clientHeight - el.scrollTop <= 2 && el.scrollTop > 0,
        ),
      )
      .toBe(true);

    // complete: the open page shows it by itself (decision 031) and celebrates once. No reload
    // here: the page polls every second, and when it saw the completion first the reload found
    // the celebration already played.
    await stamp(companyContext, cafeCard?.id ?? "", 5);
    await card.getByText("Cartão Completo! Solicite sua recompensa na empresa").waitFor();
    await phone.getByTestId("celebration").waitFor({ state: "attached" });
    await phone.waitForTimeout(500);
    await card.screenshot({ path: "/tmp/card-celebrating-360.png" });
    await phone.waitForTimeout(2200);
    await phone.screenshot({ path: "/tmp/card-complete-360.png", fullPage: true });
    await phone.reload();
    await card.getByText("Cartão Completo! Solicite sua recompensa na empresa").waitFor();
    expect(await phone.getByTestId("celebration").count()).toBe(0);

    // the barbershop's QR code while signed in: asked first; cancelling joins nothing
    const barberLink = `/login-cliente?empresa_id=${barberId}&origem=qrcode_empresa`;
    await phone.goto(barberLink);
    const confirm = phone.getByRole("region", {
      name: "Entrar no programa de fidelidade de Barbearia Navalha?",
    });
    await confirm.waitFor();
    await noHorizontalScroll();
    await phone.screenshot({ path: "/tmp/join-confirm-360.png", fullPage: true });
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await phone.waitForURL((u) => u.pathname === "/dashboard-cliente");
    expect((await myCards()).some((c) => c.companyId === barberId)).toBe(false);

    // confirming joins and shows the new card; the link again goes straight to it
    await phone.goto(barberLink);
    await confirm.getByRole("button", { name: "Entrar no programa" }).click();
    await phone.waitForURL(
      (u) => u.pathname === `/dashboard-cliente-cartao-fidelidade/${barberId}`,
    );
    await card.getByText("0/10 carimbos").waitFor();
    expect((await myCards()).filter((c) => c.companyId === barberId)).toHaveLength(1);
    await phone.goto(barberLink);
    await phone.waitForURL(
      (u) => u.pathname === `/dashboard-cliente-cartao-fidelidade/${barberId}`,
    );
    expect((await myCards()).filter((c) => c.companyId === barberId)).toHaveLength(1);
    const barberCard = (await myCards()).find((c) => c.companyId === barberId);
    await stamp(barberContext, barberCard?.id ?? "", 3);

    // the list: the complete card apart, above the open ones
    await phone.goto("/dashboard-cliente-cartoes-fidelidade");
    const ready = phone.getByRole("region", { name: "Prontos para resgatar" });
    const open = phone.getByRole("region", { name: "Em andamento" });
    await ready.getByText("Cartão Completo! Resgate sua recompensa").waitFor();
    await ready.getByRole("link", { name: /Café Aurora/ }).waitFor();
    await open
      .getByRole("link", { name: /Barbearia Navalha/ })
      .getByText("3/10 carimbos")
      .waitFor();
    expect(await open.getByText("Cartão Completo! Resgate sua recompensa").count()).toBe(0);
    const readyBox = await ready.boundingBox();
    const openBox = await open.boundingBox();
    expect((readyBox?.y ?? 0) < (openBox?.y ?? 0)).toBe(true);
    await noHorizontalScroll();
    await phone.screenshot({ path: "/tmp/cards-list-360.png", fullPage: true });

    // every customer page leads back to 'Meu painel', without sideways scrolling at 360 px
    for (const path of [
      "/dashboard-cliente",
      "/dashboard-cliente-cartoes-fidelidade",
      `/dashboard-cliente-cartao-fidelidade/${cafeId}`,
      `/dashboard-cliente-cartao-fidelidade/${barberId}`,
    ]) {
      await phone.goto(path);
      await phone.getByRole("heading", { level: 1 }).waitFor();
      await noHorizontalScroll();
      if (path === "/dashboard-cliente") {
        await phone.getByRole("list", { name: "Empresas participantes" }).waitFor();
        await phone.screenshot({ path: "/tmp/customer-dashboard-360.png", fullPage: true });
      }
      await phone.getByRole("link", { name: "Meu painel" }).click();
      await phone.waitForURL((u) => u.pathname === "/dashboard-cliente");
    }

    // an unknown company's link: no 'link direto da empresa' banner
    const visitor = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 360, height: 780 },
    });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto("/login-cliente?empresa_id=nao-existe-123&origem=qrcode_empresa");
    await visitorPage.getByRole("button", { name: "Já tem conta? Faça login" }).waitFor();
    await visitorPage.waitForLoadState("networkidle");
    expect(
      await visitorPage.getByText("Você está se cadastrando pelo link direto da empresa.").count(),
    ).toBe(0);
    // ... but that the link is not valid, with the way to the directory (issue 29)
    await visitorPage.getByText("Este link de empresa não é válido").waitFor();
    await visitorPage.getByRole("link", { name: "Ver empresas participantes" }).waitFor();
    // a real company's link keeps it
    await visitorPage.goto(barberLink);
    await visitorPage.getByText("Você está se cadastrando pelo link direto da empresa.").waitFor();

    await visitor.close();
    await context.close();
    await barberContext.close();
    await companyContext.close();
  });
});
