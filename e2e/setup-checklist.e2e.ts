import type { Locator, Page } from "@playwright/test";
import { expect, test, uniqueEmail } from "./support/test";

/**
 * The dashboard's 'Primeiros passos' (issue 31): a new owner on a 360 px phone sees the six
 * setup steps, follows each link to where it is done, and finds it ticked back on the dashboard
 * (from the server's data: a reload keeps the ticks); the list goes when all six are done, or
 * for good with 'Ocultar lista' ('Desfazer' brings it back).
 */

const phone = { width: 360, height: 740 };

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const STEPS = {
  program: "Defina a recompensa e o tamanho do cartão",
  brand: "Escolha a cor da marca e envie o logo",
  poster: "Imprima o cartaz com o QR code",
  team: "Convide sua equipe",
  referrals: "Ative o programa de indicação",
  import: "Importe os clientes do cartão de papel",
} as const;
type Step = keyof typeof STEPS;

const checklist = (page: Page) => page.getByRole("region", { name: "Primeiros passos" });

/**
 * Each step's row shows a tick (✓) and reads 'Concluído: …' when done, 'A fazer: …' when not
 * (the words are for a screen reader; the tick is drawn).
 */
async function expectTicked(list: Locator, done: Step[]) {
  for (const [key, text] of Object.entries(STEPS)) {
    const row = list.getByRole("listitem").filter({ hasText: text });
    await expect(row).toHaveText(done.includes(key as Step) ? /^✓Concluído: / : /^A fazer: /);
  }
  await expect(list.getByText(`${done.length} de 6 concluídos`)).toBeVisible();
}

/** Nothing wider than the phone. */
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * Opens (or reloads) the dashboard and waits for its checklist's answer to be drawn, so that an
 * absent list is absent, not still loading.
 */
async function dashboardSettled(page: Page, reload = false) {
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/dashboard/setup"));
  await (reload ? page.reload() : page.goto("/dashboard"));
  await answered;
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

async function backToDashboard(page: Page) {
  await page.goto("/dashboard");
  await checklist(page).waitFor();
}

test("a new owner's 'Primeiros passos' tick as the shop is set up, survive a reload and go when all are done", async ({
  accounts,
  server,
}) => {
  test.setTimeout(120_000);
  const company = await accounts.company({
    companyName: "Café Primeiro Passo",
    email: "primeiro-passo@example.com",
  });
  const context = await accounts.signedIn(company, { viewport: phone });
  const page = await context.newPage();
  await page.goto("/dashboard");
  const list = checklist(page);
  await expectTicked(list, []);
  await list.screenshot({ path: "/tmp/setup-checklist-new-360.png" });
  expect(await noSidewaysScroll(page)).toBe(true);

  // The reward and the card's size: the link opens the programmes on /cartoes.
  await list.getByRole("link", { name: STEPS.program }).click();
  await page.waitForURL(/\/cartoes#programas$/);
  const programs = page.getByRole("region", { name: "Templates de cartão" });
  await expect(programs).toBeInViewport();
  await programs
    .getByRole("article", { name: "Cartão Fidelidade" })
    .getByRole("button", { name: "Editar" })
    .click();
  const edit = page.getByRole("dialog", { name: "Editar Cartão Fidelidade" });
  await edit.getByLabel("Carimbos Necessários").fill("8");
  await edit.getByLabel("Recompensa").fill("Um café coado");
  await edit.getByRole("button", { name: "Salvar" }).click();
  await page.getByText("Cartão atualizado!").waitFor();
  // Back (the browser's Back, the dashboard shown again from the cache): the list is read again.
  await page.goBack();
  await page.waitForURL(/\/dashboard$/);
  await expectTicked(list, ["program"]);

  // Brand colour, then the logo: ticked only with both.
  await list.getByRole("link", { name: STEPS.brand }).click();
  await page.waitForURL(/\/dados-empresa$/);
  await page.getByRole("button", { name: "Usar a cor #0f766e" }).click();
  await page.getByRole("button", { name: "Salvar Dados" }).click();
  await page.getByText("Dados salvos com sucesso!").waitFor();
  await backToDashboard(page);
  await expectTicked(list, ["program"]);
  await list.getByRole("link", { name: STEPS.brand }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await page.getByText("Logo atualizado!").waitFor();
  await backToDashboard(page);
  await expectTicked(list, ["program", "brand"]);

  // The referral programme: the link lands on its section of /configuracoes.
  await list.getByRole("link", { name: STEPS.referrals }).click();
  await page.waitForURL(/\/configuracoes#indicacoes$/);
  const referral = page.getByRole("region", { name: "Regras de Indicação" });
  await referral.getByRole("button", { name: "Salvar Regras de Indicação" }).waitFor();
  await expect(referral).toBeInViewport();
  await referral.getByRole("switch", { name: "Programa de indicação ativo" }).click();
  await referral.getByRole("button", { name: "Salvar Regras de Indicação" }).click();
  await page.getByText("Regras salvas!").waitFor();
  await backToDashboard(page);
  await expectTicked(list, ["program", "brand", "referrals"]);

  // The ticks are the server's: a reload keeps them.
  await page.reload();
  await expectTicked(list, ["program", "brand", "referrals"]);

  // The team: the owner's link opens /equipe, where the invitation is sent.
  await list.getByRole("link", { name: STEPS.team }).click();
  await page.waitForURL(/\/equipe$/);
  await page.getByRole("button", { name: "Convidar" }).click();
  const invite = page.getByRole("dialog", { name: "Convidar para a equipe" });
  const joana = uniqueEmail("joana@example.com");
  await invite.getByLabel("E-mail").fill(joana);
  await invite.getByRole("button", { name: "Enviar convite" }).click();
  await page.getByText(`Convite enviado para ${joana}.`).waitFor();
  await backToDashboard(page);
  await expectTicked(list, ["program", "brand", "team", "referrals"]);

  // The poster: the link leads to the QR card on this page; the download is the poster's API.
  await list.getByRole("link", { name: STEPS.poster }).click();
  await page.waitForURL(/\/dashboard#qr-code$/);
  await expect(page.locator("#qr-code")).toBeInViewport();
  const poster = await page.request.get("/api/company/poster");
  expect(poster.status()).toBe(200);
  await page.reload();
  await expectTicked(list, ["program", "brand", "poster", "team", "referrals"]);
  await list.screenshot({ path: "/tmp/setup-checklist-five-360.png" });
  expect(await noSidewaysScroll(page)).toBe(true);

  // The import: the link opens /clientes with '?importar=1' (the import's dialog); the import
  // itself is the import's API (its own journey is e2e/customer-import.e2e.ts).
  const csv = await page.request.post("/api/customers/imports", {
    headers: { origin: server.baseUrl },
    multipart: {
      file: {
        name: "clientes.csv",
        mimeType: "text/csv",
        buffer: Buffer.from("nome;email;carimbos\nAna Papel;ana.papel@example.com;3\n"),
      },
    },
  });
  expect(csv.status(), await csv.text()).toBe(201);
  const { import: batch } = (await csv.json()) as { import: { id: string } };
  await backToDashboard(page);
  await expectTicked(list, ["program", "brand", "poster", "team", "referrals"]);
  await list.getByRole("link", { name: STEPS.import }).click();
  await page.waitForURL(/\/clientes\?importar=1$/);
  const confirm = await page.request.post(`/api/customers/imports/${batch.id}/confirm`, {
    headers: { origin: server.baseUrl },
  });
  expect(confirm.status(), await confirm.text()).toBe(202);

  // All six done: the list has done its job and is gone, also after a reload.
  await dashboardSettled(page);
  await expect(list).toHaveCount(0);
  await dashboardSettled(page, true);
  await expect(list).toHaveCount(0);
  await context.close();
});

test("'Ocultar lista' hides it for good (after a reload too); 'Desfazer' brings it back", async ({
  accounts,
}) => {
  const company = await accounts.company({
    companyName: "Café Sem Lista",
    email: "sem-lista@example.com",
  });
  const context = await accounts.signedIn(company, { viewport: phone });
  const page = await context.newPage();
  await page.goto("/dashboard");
  const list = checklist(page);
  await expectTicked(list, []);

  await list.getByRole("button", { name: "Ocultar lista" }).click();
  await expect(list).toHaveCount(0);
  await page.getByText("Lista de primeiros passos oculta.").waitFor();
  await page.getByRole("button", { name: "Desfazer" }).click();
  await expectTicked(list, []);

  await list.getByRole("button", { name: "Ocultar lista" }).click();
  await expect(list).toHaveCount(0);
  await dashboardSettled(page, true);
  await expect(list).toHaveCount(0);
  await context.close();
});
