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
  companyName: "Café Aurora",
  email: "aurora@example.com",
  password: "segredo1",
  city: "São Paulo",
  state: "SP",
  phone: "(11) 3333-4444",
  sector: "alimentacao",
};

beforeAll(async () => {
  mail = await startMailServer();
  server = await startAppServer({ smtpUrl: mail.url });
  browser = await launchBrowser();
  await confirmedAccount(server, mail, "company", company);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await mail?.close();
});

const url = (path: string) => `${server.baseUrl}${path}`;

describe("Indique e ganhe", () => {
  it("a member shares the link, a friend joins through it, visits, and the member is rewarded", async () => {
    // The company turns the referral rules on: 1 welcome stamp for the friend, 2 for the referrer.
    const panel = await browser.newContext();
    await signInContext(panel, server, company.email, company.password);
    const me = (await (await panel.request.get(url("/api/me"))).json()) as {
      company: { id: string };
    };
    const companyId = me.company.id;
    const rules = await panel.request.put(url("/api/settings/referral-rules"), {
      data: {
        enabled: true,
        referredStamps: 1,
        referrerStamps: 2,
        referredBonusCents: 0,
        referrerBonusCents: 0,
        monthlyCap: 10,
      },
      headers: { origin: server.baseUrl },
    });
    expect(rules.status(), await rules.text()).toBe(200);

    // A member opens their company page on a phone: the personal link and the WhatsApp share.
    await confirmedAccount(server, mail, "customer", {
      name: "Ana Souza",
      email: "ana@example.com",
      password: "segredo1",
      city: "Campinas",
      state: "SP",
      phone: "",
      birthDate: "",
      origin: { empresa_id: companyId, origem: "qrcode_empresa" },
    });
    const anaContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
    await signInContext(anaContext, server, "ana@example.com", "segredo1");
    const ana = await anaContext.newPage();
    const cardPage = url(`/dashboard-cliente-cartao-fidelidade/${companyId}`);
    await ana.goto(cardPage);
    const invite = ana.getByRole("region", { name: "Indique e ganhe" });
    await invite
      .getByText(
        "Seu amigo ganha 1 carimbo ao entrar; você ganha 2 carimbos quando ele fizer a primeira visita.",
      )
      .waitFor();
    const link = await invite.getByLabel("Seu link pessoal").inputValue();
    const linkUrl = new URL(link);
    expect(linkUrl.origin).toBe(server.baseUrl);
    expect(linkUrl.pathname).toBe("/login-cliente");
    expect(linkUrl.searchParams.get("empresa_id")).toBe(companyId);
    expect(linkUrl.searchParams.get("indicador")).toBeTruthy();
    const share = invite.getByRole("link", { name: "Compartilhar no WhatsApp" });
    const href = (await share.getAttribute("href")) ?? "";
    expect(href.startsWith("https://wa.me/?text=")).toBe(true);
    expect(href).toContain(encodeURIComponent(link));
    expect(await share.getAttribute("target")).toBe("_blank");
    await invite.getByText("Nenhum amigo indicado ainda").waitFor();
    expect(await ana.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // A friend opens the link, sees the banner, signs up, confirms the e-mail and signs in.
    const friendContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const friend = await friendContext.newPage();
    await friend.goto(link);
    await friend
      .getByText("Você foi indicado por um amigo! Ambos receberão benefícios especiais!")
      .waitFor();
    await friend.getByLabel("Nome", { exact: true }).fill("Bruno Lima");
    await friend.getByLabel("Email").fill("bruno@example.com");
    await friend.getByLabel("Senha", { exact: true }).fill("segredo1");
    await friend.getByLabel("Cidade").fill("Campinas");
    await friend.getByLabel("Estado").selectOption("SP");
    await friend.getByRole("button", { name: "Criar conta" }).click();
    await friend.getByText("bruno@example.com").waitFor();
    await friend.goto(await mail.linkSentTo("bruno@example.com"));
    await friend.getByText("Email confirmado! Agora você já pode entrar.").waitFor();
    await friend.getByLabel("Email").fill("bruno@example.com");
    await friend.getByLabel("Senha", { exact: true }).fill("segredo1");
    await friend.getByRole("button", { name: "Entrar" }).click();
    await friend.waitForURL((u) => u.pathname === "/dashboard-cliente");
    // the welcome stamp, method 'Indicação', is on the friend's card
    await friend.goto(cardPage);
    await friend.getByText("1/10 carimbos").waitFor();

    // The friend's first visit: the company gives a stamp.
    const [bruno] = (await (
      await panel.request.get(url("/api/customers?search=Bruno"))
    ).json()) as { id: string }[];
    const stamp = await panel.request.post(url(`/api/customers/${bruno!.id}/stamps`), {
      data: { method: "purchase", notes: "" },
      headers: { origin: server.baseUrl },
    });
    expect(stamp.status(), await stamp.text()).toBe(201);

    // The referrer sees the reward stamps and the count, and gets the e-mail.
    await ana.reload();
    await ana.getByText("2/10 carimbos").waitFor();
    await invite.getByText("1 amigo indicado, 1 recompensado").waitFor();
    await expect
      .poll(() => mail.mails.find((m) => m.to === "ana@example.com" && /amigo/.test(m.subject)))
      .toBeTruthy();
    const reward = mail.mails.find((m) => m.to === "ana@example.com" && /amigo/.test(m.subject));
    expect(reward?.subject).toBe("Seu amigo Bruno Lima entrou no cartão da Café Aurora");
    expect(reward?.text).toContain("você ganhou 2 carimbos");
  }, 120_000);
});
