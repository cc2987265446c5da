import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSISTANT_DEFAULTS } from "../src/shared/assistant.schema";
import { startAppServer } from "./support/app-server";
import { launchBrowser } from "./support/browser";
import { confirmedAccount, signInContext } from "./support/fixtures";
import { startMailServer } from "./support/mail-server";

let mail: Awaited<ReturnType<typeof startMailServer>>;
let server: Awaited<ReturnType<typeof startAppServer>>;
let browser: Browser;
let panel: BrowserContext;
let companyId = "";

const company = {
  companyName: "Café Aurora",
  email: "aurora@campanhas.com",
  password: "segredo1",
  city: "São Paulo",
  state: "SP",
  phone: "(11) 3333-4444",
  sector: "alimentacao",
};
const ana = "ana@campanhas.com";
const bruno = "bruno@campanhas.com";

const url = (path: string) => `${server.baseUrl}${path}`;

beforeAll(async () => {
  mail = await startMailServer();
  server = await startAppServer({ smtpUrl: mail.url });
  browser = await launchBrowser();
  await confirmedAccount(server, mail, "company", company);
  panel = await browser.newContext();
  await signInContext(panel, server, company.email, company.password);
  const me = (await (await panel.request.get(url("/api/me"))).json()) as {
    company: { id: string };
  };
  companyId = me.company.id;
  const put = async (path: string, data: unknown) => {
    const res = await panel.request.put(url(path), { data, headers: { origin: server.baseUrl } });
    expect(res.status(), await res.text()).toBe(200);
  };
  // The assistant on, sending the running promotion from 00:00 (so at any hour the test runs).
  await put("/api/assistant/settings", {
    ...ASSISTANT_DEFAULTS,
    companyName: company.companyName,
    enabled: true,
    marketingPromotions: true,
    sendTime: "00:00",
  });
  await put("/api/settings/promotion", {
    active: true,
    title: "Café em dobro",
    description: "Na compra de um café, ganhe outro.",
    startsOn: null,
    endsOn: null,
  });
  // Bruno joins through the link without ticking the box.
  await confirmedAccount(server, mail, "customer", {
    name: "Bruno Cliente",
    email: bruno,
    password: "segredo1",
    city: "Santos",
    state: "SP",
    phone: "",
    birthDate: "",
    origin: { empresa_id: companyId, origem: "qrcode_empresa" },
  });
});

afterAll(async () => {
  await panel?.close();
  await browser?.close();
  await server?.close();
  await mail?.close();
});

describe("campaigns with consent in a real browser", () => {
  it("only the member who ticked the box gets the promotion, and its link stops the next ones", async () => {
    // Ana signs up through the café's QR link and ticks the (unticked) consent box.
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(url(`/login-cliente?empresa_id=${companyId}&origem=qrcode_empresa`));
    await page.getByRole("button", { name: "Criar conta" }).waitFor();
    const consent = page.getByLabel(/Quero receber promoções e novidades de Café Aurora/);
    expect(await consent.isChecked()).toBe(false);
    await page.getByLabel("Nome", { exact: true }).fill("Ana Cliente");
    await page.getByLabel("Email").fill(ana);
    await page.getByLabel("Senha", { exact: true }).fill("segredo1");
    await page.getByLabel("Cidade").fill("Santos");
    await page.getByLabel("Estado").selectOption("SP");
    await consent.check();
    await page.getByRole("button", { name: "Criar conta" }).click();
    await page.getByText(ana).waitFor();
    await page.goto(await mail.linkSentTo(ana));
    await page.waitForURL((u) => u.pathname === "/login-cliente");

    // The campaign job runs (as its schedule would).
    const run = await fetch(url("/dev/jobs/assistant-campaigns"), {
      method: "POST",
      headers: { origin: server.baseUrl },
    });
    expect(run.status, await run.clone().text()).toBe(200);
    await expect
      .poll(() => mail.mails.filter((m) => m.to === ana && /Café em dobro/.test(m.subject)), {
        timeout: 15_000,
        interval: 250,
      })
      .toHaveLength(1);
    const campaign = mail.mails.find((m) => m.to === ana && /Café em dobro/.test(m.subject))!;
    expect(campaign.text).toContain("Na compra de um café, ganhe outro.");
    // Bruno never agreed: nothing for him.
    await page.waitForTimeout(1_500);
    expect(mail.mails.filter((m) => m.to === bruno && /Café em dobro/.test(m.subject))).toEqual([]);

    // The e-mail's link withdraws at once, without signing in.
    const optOut = campaign.text.match(/https?:\/\/\S+\/descadastrar\?token=\S+/)?.[0] ?? "";
    expect(optOut).not.toBe("");
    const stranger = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const link = await stranger.newPage();
    await link.goto(optOut);
    await link.getByText("Pronto! Você não receberá mais promoções de Café Aurora.").waitFor();
    expect(await link.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await stranger.close();

    // Her settings say so: the café's switch is off.
    await signInContext(context, server, ana, "segredo1");
    await page.goto(url("/dashboard-cliente"));
    await page.getByRole("button", { name: "Configurações" }).click();
    const settings = page.getByRole("dialog", { name: "Configurações" });
    const cafe = settings.getByRole("switch", { name: "Café Aurora" });
    await cafe.waitFor();
    expect(await cafe.isChecked()).toBe(false);
    await context.close();
  });
});
