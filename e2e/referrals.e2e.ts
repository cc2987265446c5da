import { expect, test, uniqueEmail } from "./support/test";

test.describe("Indique e ganhe", () => {
  test("a member shares the link, a friend joins through it, visits, and the member is rewarded", async ({
    accounts,
    browser,
    mail,
    server,
  }) => {
    test.setTimeout(120_000);
    const company = await accounts.company({
      companyName: "Café Aurora",
      email: "aurora@example.com",
    });
    // The company turns the referral rules on: 1 welcome stamp for the friend, 2 for the referrer.
    const panel = await accounts.signedIn(company);
    const me = (await (await panel.request.get("/api/me")).json()) as {
      company: { id: string };
    };
    const companyId = me.company.id;
    const rules = await panel.request.put("/api/settings/referral-rules", {
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
    const anaAccount = await accounts.customer({
      name: "Ana Souza",
      email: "ana@example.com",
      city: "Campinas",
      origin: { empresa_id: companyId, origem: "qrcode_empresa" },
    });
    const anaContext = await accounts.signedIn(anaAccount, {
      viewport: { width: 360, height: 780 },
    });
    const ana = await anaContext.newPage();
    const cardPage = `/dashboard-cliente-cartao-fidelidade/${companyId}`;
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

    const brunoEmail = uniqueEmail("bruno@example.com");
    // A friend opens the link, sees the banner, signs up, confirms the e-mail and signs in.
    const friendContext = await browser.newContext({
      locale: "pt-BR",
      baseURL: server.baseUrl,
      viewport: { width: 360, height: 780 },
    });
    const friend = await friendContext.newPage();
    await friend.goto(link);
    await friend
      .getByText("Você foi indicado por um amigo! Ambos receberão benefícios especiais!")
      .waitFor();
    await friend.getByLabel("Nome", { exact: true }).fill("Bruno Lima");
    await friend.getByLabel("Email").fill(brunoEmail);
    await friend.getByLabel("Senha", { exact: true }).fill("segredo1");
    await friend.getByRole("button", { name: "Criar conta" }).click();
    await friend.getByText(brunoEmail).waitFor();
    await friend.goto(await mail.linkSentTo(brunoEmail));
    await friend.getByText("Email confirmado! Agora você já pode entrar.").waitFor();
    await friend.getByLabel("Email").fill(brunoEmail);
    await friend.getByLabel("Senha", { exact: true }).fill("segredo1");
    await friend.getByRole("button", { name: "Entrar" }).click();
    await friend.waitForURL((u) => u.pathname === "/dashboard-cliente");
    // the welcome stamp, method 'Indicação', is on the friend's card
    await friend.goto(cardPage);
    await friend.getByText("1/10 carimbos").waitFor();

    // The friend's first visit: the company gives a stamp.
    const [bruno] = (await (await panel.request.get("/api/customers?search=Bruno")).json()) as {
      id: string;
    }[];
    const stamp = await panel.request.post(`/api/customers/${bruno!.id}/stamps`, {
      data: { method: "purchase", notes: "" },
      headers: { origin: server.baseUrl },
    });
    expect(stamp.status(), await stamp.text()).toBe(201);

    // The referrer sees the reward stamps and the count, and gets the e-mail.
    await ana.reload();
    await ana.getByText("2/10 carimbos").waitFor();
    await invite.getByText("1 amigo indicado, 1 recompensado").waitFor();
    await expect
      .poll(() => mail.mails.find((m) => m.to === anaAccount.email && /amigo/.test(m.subject)))
      .toBeTruthy();
    const reward = mail.mails.find((m) => m.to === anaAccount.email && /amigo/.test(m.subject));
    expect(reward?.subject).toBe("Seu amigo Bruno Lima entrou no cartão de Café Aurora");
    expect(reward?.text).toContain("você ganhou 2 carimbos");
    await friendContext.close();
    await anaContext.close();
    await panel.close();
  });
});
