import type { BrowserContext } from "@playwright/test";
import { ASSISTANT_DEFAULTS } from "@shared/assistant.schema";
import { type CustomerAccount, expect, test, uniqueEmail } from "./support/test";

let panel: BrowserContext;
let companyId = "";
let bruno: CustomerAccount;
let put: (path: string, data: unknown) => Promise<void>;

test.use({ viewport: { width: 360, height: 740 } });

test.beforeAll(async ({ accounts, server }) => {
  // A hook's time under Vitest: a loaded machine can take a minute to make the accounts.
  test.setTimeout(120_000);
  const company = await accounts.company({
    companyName: "Café Aurora",
    email: "aurora@campanhas.com",
  });
  companyId = company.id;
  panel = await accounts.signedIn(company);
  put = async (path, data) => {
    const res = await panel.request.put(path, { data, headers: { origin: server.baseUrl } });
    expect(res.status(), await res.text()).toBe(200);
  };
  // The assistant on, sending the running promotion from 00:00 (so at any hour the test runs);
  // the promotion itself starts once Ana is a member (in the test).
  await put("/api/assistant/settings", {
    ...ASSISTANT_DEFAULTS,
    companyName: company.companyName,
    enabled: true,
    marketingPromotions: true,
    sendTime: "00:00",
  });
  // Bruno joins through the link without ticking the box.
  bruno = await accounts.customer({
    name: "Bruno Cliente",
    email: "bruno@campanhas.com",
    city: "Santos",
    origin: { empresa_id: companyId, origem: "qrcode_empresa" },
  });
});

test.afterAll(async () => {
  await panel?.close();
});

test.describe("campaigns with consent in a real browser", () => {
  test("only the member who ticked the box gets the promotion, and its link stops the next ones", async ({
    browser,
    context,
    mail,
    page,
    server,
  }) => {
    const ana = uniqueEmail("ana@campanhas.com");
    // Ana signs up through the café's QR link and ticks the (unticked) consent box.
    await page.goto(`/login-cliente?empresa_id=${companyId}&origem=qrcode_empresa`);
    await page.getByRole("button", { name: "Criar conta" }).waitFor();
    const consent = page.getByLabel(/Quero receber promoções e novidades de Café Aurora/);
    expect(await consent.isChecked()).toBe(false);
    await page.getByLabel("Nome", { exact: true }).fill("Ana Cliente");
    await page.getByLabel("Email").fill(ana);
    await page.getByLabel("Senha", { exact: true }).fill("segredo1");
    await consent.check();
    await page.getByRole("button", { name: "Criar conta" }).click();
    await page.getByText(ana).waitFor();
    await page.goto(await mail.linkSentTo(ana));
    await page.waitForURL((u) => u.pathname === "/login-cliente");

    // The promotion starts now: the schedule's own run (every 5 minutes) between the settings and
    // her sign-up would have spent today's campaign on a list without her.
    await put("/api/settings/promotion", {
      active: true,
      title: "Café em dobro",
      description: "Na compra de um café, ganhe outro.",
      startsOn: null,
      endsOn: null,
    });

    // The campaign job runs (as its schedule would).
    const run = await fetch(`${server.baseUrl}/dev/jobs/assistant-campaigns`, {
      method: "POST",
      headers: { origin: server.baseUrl },
    });
    expect(run.status, await run.clone().text()).toBe(200);
    await expect
      .poll(() => mail.mails.filter((m) => m.to === ana && /Café em dobro/.test(m.subject)), {
        timeout: 15_000,
        intervals: [250],
      })
      .toHaveLength(1);
    const campaign = mail.mails.find((m) => m.to === ana && /Café em dobro/.test(m.subject))!;
    expect(campaign.text).toContain("Na compra de um café, ganhe outro.");
    // Bruno never agreed: nothing for him.
    await page.waitForTimeout(1_500);
    expect(
      mail.mails.filter((m) => m.to === bruno.email && /Café em dobro/.test(m.subject)),
    ).toEqual([]);

    // The e-mail's link withdraws at once, without signing in.
    const optOut = campaign.text.match(/https?:\/\/\S+\/descadastrar\?token=\S+/)?.[0] ?? "";
    expect(optOut).not.toBe("");
    const stranger = await browser.newContext({
      locale: "pt-BR",
      baseURL: server.baseUrl,
      viewport: { width: 360, height: 740 },
    });
    const link = await stranger.newPage();
    await link.goto(optOut);
    await link.getByText("Pronto! Você não receberá mais promoções de Café Aurora.").waitFor();
    expect(await link.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await stranger.close();

    // Her settings say so: the café's switch is off.
    const signIn = await context.request.post("/api/session", {
      data: { email: ana, password: "segredo1" },
      headers: { origin: server.baseUrl },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    await page.goto("/dashboard-cliente");
    await page.getByRole("button", { name: "Configurações" }).click();
    const settings = page.getByRole("dialog", { name: "Configurações" });
    const cafe = settings.getByRole("switch", { name: "Café Aurora" });
    await cafe.waitFor();
    expect(await cafe.isChecked()).toBe(false);
  });
});
