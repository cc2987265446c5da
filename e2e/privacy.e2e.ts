import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { expect, test } from "./support/test";

/**
 * 'Meus dados' (issue 34) on a 360 px phone: a customer of two companies downloads their data,
 * leaves one programme (that company's list and CSV forget them, its report totals stay), asks to
 * delete the account, cancels it from the banner after signing in again, asks again, and after the
 * grace job the account is gone and the other company keeps no trace of them.
 */
test("a customer downloads their data, leaves a programme and deletes the account", async ({
  accounts,
  server,
}) => {
  test.setTimeout(180_000);
  const headers = { origin: server.baseUrl };
  const cafe = await accounts.company({ companyName: "Café Aurora", email: "aurora@example.com" });
  const barber = await accounts.company({
    companyName: "Barbearia Norte",
    email: "norte@example.com",
  });
  const ana = await accounts.customer({
    name: "Ana Titular",
    email: "ana.titular@example.com",
    origin: { empresa_id: cafe.id, origem: "qrcode_empresa" },
  });
  const cafePanel = await accounts.signedIn(cafe);
  const barberPanel = await accounts.signedIn(barber);
  const phone = await accounts.signedIn(ana, { viewport: { width: 360, height: 780 } });
  const joined = await phone.request.post("/api/memberships", {
    data: { companyId: barber.id, marketingConsent: true, language: "pt" },
    headers,
  });
  expect(joined.status(), await joined.text()).toBeLessThan(300);
  for (const panel of [cafePanel, cafePanel, barberPanel]) {
    const stamp = await panel.request.post(`/api/customers/${ana.id}/stamps`, {
      data: { method: "purchase" },
      headers,
    });
    expect(stamp.status(), await stamp.text()).toBe(201);
  }
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const tiles = async (panel: typeof cafePanel) =>
    (await (await panel.request.get(`/api/reports?from=${monthAgo}&to=${today}`)).json()).tiles;
  const listed = async (panel: typeof cafePanel) => {
    const page = await (await panel.request.get("/api/customers/directory")).json();
    const csv = await (await panel.request.get("/api/customers/export")).text();
    return {
      inList: JSON.stringify(page.items).includes(ana.email),
      inCsv: csv.includes(ana.email),
    };
  };

  // From the settings dialog to 'Meus dados'.
  const page = await phone.newPage();
  await page.goto("/dashboard-cliente");
  await page.getByRole("button", { name: "Configurações" }).click();
  await page.getByRole("link", { name: "Meus dados" }).click();
  await page.waitForURL("**/dashboard-cliente/meus-dados");
  const holders = page.getByRole("article");
  await expect(page.getByRole("article", { name: "Café Aurora" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Barbearia Norte" })).toBeVisible();
  await expect(holders).toHaveCount(2);

  // The download: built by the job, then the zip with each company's cards and the consent's text.
  await page.getByRole("button", { name: "Baixar meus dados" }).click();
  const link = page.getByRole("link", { name: "Baixar arquivo" });
  await link.waitFor({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^carimbou-meus-dados-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const data = JSON.stringify(JSON.parse(strFromU8(zip["dados.json"]!)));
  expect(data).toContain("Café Aurora");
  expect(data).toContain("Barbearia Norte");
  expect(data).toMatch(/Quero receber promoções/);
  expect(Object.keys(zip)).toEqual(expect.arrayContaining(["cartoes.csv", "consentimentos.csv"]));
  const cards = strFromU8(zip["cartoes.csv"]!);
  expect(cards).toContain("Café Aurora");
  expect(cards).toContain("Barbearia Norte");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Leaving the café: gone from its list and CSV, its report totals unchanged.
  const before = await tiles(cafePanel);
  expect(await listed(cafePanel)).toEqual({ inList: true, inCsv: true });
  await page.getByRole("button", { name: "Sair do programa de Café Aurora" }).click();
  const confirmLeave = page.getByRole("alertdialog", { name: "Sair do programa de Café Aurora?" });
  await confirmLeave.getByRole("button", { name: "Sair do programa" }).click();
  await expect(confirmLeave).toBeHidden();
  await expect(page.getByRole("article", { name: "Café Aurora" })).toHaveCount(0);
  await expect(page.getByRole("article", { name: "Barbearia Norte" })).toBeVisible();
  expect(await listed(cafePanel)).toEqual({ inList: false, inCsv: false });
  const after = await tiles(cafePanel);
  expect(after.stampsGiven.current).toBe(2);
  expect(after).toEqual(before);

  // Deleting the account, then signing in again during the grace period and cancelling.
  const askDeletion = async () => {
    await page.getByRole("button", { name: "Excluir minha conta" }).click();
    const dialog = page.getByRole("dialog", { name: "Excluir sua conta?" });
    await dialog.getByLabel("Sua senha").fill(ana.password);
    await dialog.getByRole("button", { name: "Confirmar exclusão" }).click();
    await expect(dialog).toBeHidden();
    await page
      .getByText(/Sua conta será excluída em \d{2}\/\d{2}\/\d{4}/)
      .first()
      .waitFor();
  };
  await askDeletion();
  await phone.clearCookies();
  await page.goto("/login-cliente");
  await page.getByLabel("Email").fill(ana.email);
  await page.getByLabel("Senha", { exact: true }).fill(ana.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL("**/dashboard-cliente**");
  await page.getByText(/Sua conta será excluída em/).waitFor();
  await page.getByRole("button", { name: "Cancelar exclusão" }).click();
  await expect(page.getByText(/Sua conta será excluída em/)).toHaveCount(0);
  const me = await (await phone.request.get("/api/me")).json();
  expect(me.deletionDueAt).toBeNull();

  // Again, and this time the grace period runs out (the job, run as the scheduler would later).
  await page.goto("/dashboard-cliente/meus-dados");
  await askDeletion();
  const inEightDays = new Date(Date.now() + 8 * 86_400_000).toISOString();
  const job = await fetch(`${server.baseUrl}/dev/jobs/account-deletions?now=${inEightDays}`, {
    method: "POST",
    headers,
  });
  expect(job.status, await job.clone().text()).toBe(200);
  expect((await job.json()).result.deleted).toBeGreaterThanOrEqual(1);
  const signIn = await fetch(`${server.baseUrl}/api/session`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ email: ana.email, password: ana.password }),
  });
  expect(signIn.status).toBe(401);
  expect(await listed(barberPanel)).toEqual({ inList: false, inCsv: false });
  expect((await tiles(barberPanel)).stampsGiven.current).toBe(1);
});
