import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "@playwright/test";
import { saoPauloDate } from "@shared/dates";
import ExcelJS from "exceljs";
import pg from "pg";
import { startAppServer } from "./support/app-server";
import { axeViolations } from "./support/axe";
import { invitedCustomer } from "./support/fixtures";
import {
  test as base,
  companyInput,
  customerInput,
  expect,
  type MailServer,
  uniqueEmail,
} from "./support/test";

/** A São Paulo calendar day `days` before today (YYYY-MM-DD). */
const daysAgo = (days: number) => saoPauloDate(new Date(Date.now() - days * 86_400_000));
const dayMonth = (isoDate: string) => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}`;

/**
 * The file's own app server (on the worker's mail catcher): `rewriteHistory` moves rows into the
 * past, as if the activity had happened over several days, straight in the database, which on
 * PGlite means with the app server stopped (it locks DATA_DIR) and started again on the same data
 * (sessions and the cookie secret live there, so signed-in contexts stay in; the port changes, so
 * every address is made with `url` at the time).
 */
async function ownServer(mail: MailServer) {
  const dataDir = mkdtempSync(join(tmpdir(), "carimbou-reports-"));
  let server = await startAppServer({ smtpUrl: mail.url, dataDir });
  const url = (path: string) => `${server.baseUrl}${path}`;
  return {
    get baseUrl() {
      return server.baseUrl;
    },
    url,
    async rewriteHistory(statements: string[]) {
      if (server.databaseUrl) {
        const client = new pg.Client({ connectionString: server.databaseUrl });
        await client.connect();
        for (const sql of statements) await client.query(sql);
        await client.end();
        return;
      }
      await server.close();
      const { PGlite } = await import("@electric-sql/pglite");
      const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
      const db = await PGlite.create(join(dataDir, "pglite"), { extensions: { pg_trgm } });
      for (const sql of statements) await db.exec(sql);
      await db.close();
      server = await startAppServer({ smtpUrl: mail.url, dataDir });
    },
    /** Signs up through the API and opens the confirmation link from the real e-mail. */
    async confirmed(kind: "company" | "customer", input: { email: string }) {
      const res = await fetch(url(`/api/accounts/${kind}`), {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.baseUrl },
        body: JSON.stringify(input),
      });
      if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
      const confirmed = await fetch(await mail.linkSentTo(input.email), { redirect: "manual" });
      if (confirmed.status !== 302) throw new Error(`confirmation failed: ${confirmed.status}`);
    },
    /** A browser context with a session made through the API (not the sign-in screen). */
    async signedIn(
      browser: Browser,
      who: { email: string; password: string },
      options: BrowserContextOptions = {},
    ) {
      const context = await browser.newContext(options);
      const res = await context.request.post(url("/api/session"), {
        data: { email: who.email, password: who.password },
        headers: { origin: server.baseUrl },
      });
      if (res.status() !== 200) throw new Error(`sign-in failed: ${res.status()}`);
      return context;
    },
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
type OwnServer = Awaited<ReturnType<typeof ownServer>>;

const test = base.extend<{ own: OwnServer }>({
  own: [
    async ({ mail }, use) => {
      const own = await ownServer(mail);
      await use(own);
      await own.close();
    },
    // startAppServer's own deadline is 120 s.
    { timeout: 150_000 },
  ],
  // Playwright's own context options read baseURL before every test: from the file's own server,
  // so that the worker's shared one is not started for nothing. (Its port changes on a restart:
  // the test makes its addresses with `url`.)
  baseURL: async ({ own }, use) => use(own.baseUrl),
});

/** The JSON of an API call made with `context`'s session, as the panel makes it. */
function apiOf(server: OwnServer) {
  return async function api<T>(
    context: BrowserContext,
    method: "GET" | "POST" | "PUT",
    path: string,
    data?: unknown,
  ): Promise<T> {
    const res = await context.request.fetch(server.url(path), {
      method,
      data,
      headers: { origin: server.baseUrl },
    });
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/** A tile's figure and the previous period's, as shown. */
async function tile(page: Page, label: string) {
  const item = page.getByRole("listitem", { name: label, exact: true });
  return {
    value: await item.getByTestId("tile-value").textContent(),
    previous: await item.getByTestId("tile-previous").textContent(),
    text: await item.textContent(),
  };
}

test.describe("/relatorios", () => {
  test("tiles, a chart's table and the exports match the activity; phones do not scroll sideways", async ({
    browser,
    mail,
    own: server,
  }) => {
    // The server restarts in the middle on PGlite (a start has taken over a minute under load).
    test.setTimeout(180_000);
    const { url } = server;
    const api = apiOf(server);
    const company = companyInput({ email: "aurora@example.com" });
    await server.confirmed("company", company);
    const panel = await server.signedIn(browser, company, { acceptDownloads: true });
    const me = await api<{ company: { id: string } }>(panel, "GET", "/api/me");
    const companyId = me.company.id;
    // The journey stamps a card again and again: the counter's interval and daily cap off.
    await api(panel, "PUT", "/api/settings/counter-rules", {
      intervalMinutes: 0,
      dailyCap: 0,
      stampValueCents: null,
      maxStampsPerPurchase: null,
      selfStampEnabled: false,
    });

    // A card of 3 stamps, so one birthday gift or two visits complete it; referrals on.
    const [program] = await api<{ id: string; name: string; reward: string }[]>(
      panel,
      "GET",
      "/api/programs",
    );
    await api(panel, "PUT", `/api/programs/${program?.id}`, {
      name: program?.name,
      reward: program?.reward,
      stampsRequired: 3,
      description: "",
    });
    await api(panel, "PUT", "/api/settings/referral-rules", {
      enabled: true,
      referredStamps: 1,
      referrerStamps: 1,
      referredBonusCents: 0,
      referrerBonusCents: 0,
      monthlyCap: 10,
    });

    // Members: two by the QR code (Ana's birthday is today, Bruno's in ten days; born in leap
    // years, so a 29 February works), one invited, one through Ana's referral link.
    const today = saoPauloDate();
    const inTenDays = saoPauloDate(new Date(Date.now() + 10 * 86_400_000));
    const qr = { empresa_id: companyId, origem: "qrcode_empresa" };
    await server.confirmed(
      "customer",
      customerInput({
        name: "Ana Souza",
        email: "ana@example.com",
        birthDate: `1992${today.slice(4)}`,
        origin: qr,
      }),
    );
    await server.confirmed(
      "customer",
      customerInput({
        name: "Bruno Lima",
        email: "bruno@example.com",
        birthDate: `1988${inTenDays.slice(4)}`,
        origin: qr,
      }),
    );
    await invitedCustomer(panel, server, mail, {
      name: "Carla Dias",
      email: uniqueEmail("carla@example.com"),
    });
    const find = async (name: string) =>
      (await api<{ id: string }[]>(panel, "GET", `/api/customers?search=${name}`))[0]?.id ?? "";
    const ana = await find("Ana");
    const bruno = await find("Bruno");
    const carla = await find("Carla");
    await server.confirmed(
      "customer",
      customerInput({
        name: "Diego Reis",
        email: "diego@example.com",
        origin: { empresa_id: companyId, indicador: ana },
      }),
    );

    // Stamps: Ana's birthday gift (3, completing her card, redeemed, then a purchase on the next
    // card); Bruno a Google review (2) and a social tag (1), completing his; Carla a purchase;
    // Diego the referral welcome (1).
    const job = await fetch(url("/dev/jobs/birthday-gifts"), {
      method: "POST",
      headers: { origin: server.baseUrl },
    });
    expect(job.status, await job.text()).toBe(200);
    const stamp = (id: string, method: string) =>
      api(panel, "POST", `/api/customers/${id}/stamps`, { method, notes: "" });
    const cards = await api<{ id: string; customerId: string; status: string }[]>(
      panel,
      "GET",
      "/api/cards",
    );
    const anaCard = cards.find((c) => c.customerId === ana && c.status === "complete");
    await api(panel, "POST", `/api/cards/${anaCard?.id}/redeem`, { bonusType: "", notes: "" });
    await stamp(ana, "purchase");
    await stamp(bruno, "google_review");
    await stamp(bruno, "social");
    await stamp(carla, "purchase");

    // Over several days: Bruno's review two days ago (so he came back on two days), Carla joined
    // ten days ago (the previous 7 days).
    await server.rewriteHistory([
      `UPDATE stamps SET created_at = now() - interval '2 days', approved_at = now() - interval '2 days'
         WHERE customer_id = '${bruno}' AND method = 'google_review'`,
      `UPDATE memberships SET joined_at = now() - interval '10 days' WHERE customer_id = '${carla}'`,
    ]);

    const page = await panel.newPage();
    await page.goto(url("/relatorios"));
    await page.getByLabel("Período", { exact: true }).selectOption("7d");
    await page.waitForURL((u) => u.searchParams.get("periodo") === "7d");
    const range = `${dayMonth(daysAgo(6))}/${daysAgo(6).slice(0, 4)} a ${dayMonth(today)}/${today.slice(0, 4)}`;
    await page.getByText(range, { exact: true }).waitFor();

    // Tiles: members who joined in the period, members with stamps, stamps (Ana 4, Bruno 3,
    // Carla 1, Diego 1), 2 completed, 1 redeemed (50%), Bruno on two days of 4 (25%).
    expect(await tile(page, "Novos membros")).toMatchObject({
      value: "3",
      previous: "Período anterior: 1",
    });
    expect((await tile(page, "Novos membros")).text).toContain("↑ 200%");
    expect(await tile(page, "Membros ativos")).toMatchObject({ value: "4" });
    expect(await tile(page, "Carimbos dados")).toMatchObject({
      value: "9",
      previous: "Período anterior: 0",
    });
    expect(await tile(page, "Cartões completos")).toMatchObject({ value: "2" });
    expect(await tile(page, "Recompensas resgatadas")).toMatchObject({ value: "1" });
    expect(await tile(page, "Taxa de resgate")).toMatchObject({ value: "50%" });
    expect(await tile(page, "Taxa de retorno")).toMatchObject({ value: "25%" });

    // The stamps chart's table: one row a day, by method, and the totals.
    const chart = page.getByRole("region", { name: "Carimbos por dia" });
    await chart.getByRole("button", { name: "Ver tabela" }).click();
    const table = chart.getByRole("table", { name: /Carimbos por dia/ });
    const row = async (name: string) =>
      (await table.getByRole("row", { name: new RegExp(`^${name}`) }).allInnerTexts())[0]
        ?.split("\t")
        .map((cell) => cell.trim());
    expect(await table.getByRole("columnheader").allInnerTexts()).toEqual([
      "Dia",
      "Compra",
      "Nota fiscal",
      "Redes sociais",
      "Avaliação Google",
      "Aniversário",
      "Indicação",
      "Total",
    ]);
    expect(await table.locator("tbody tr").count()).toBe(7);
    expect(await row(dayMonth(today))).toEqual([
      dayMonth(today),
      "2",
      "0",
      "1",
      "0",
      "3",
      "1",
      "7",
    ]);
    expect(await row(dayMonth(daysAgo(2)))).toEqual([
      dayMonth(daysAgo(2)),
      "0",
      "0",
      "0",
      "2",
      "0",
      "0",
      "2",
    ]);
    expect(await row("Total")).toEqual(["Total", "2", "0", "1", "2", "3", "1", "9"]);

    // Lists: the top members by stamps, the birthdays of the next 30 days (no age).
    const top = page.getByRole("list", { name: "Top 10 membros" });
    expect(await top.getByRole("listitem").allInnerTexts()).toEqual([
      expect.stringMatching(/Ana Souza\s+4 carimbos/),
      expect.stringMatching(/Bruno Lima\s+3 carimbos/),
      expect.stringMatching(/Carla Dias\s+1 carimbo$/),
      expect.stringMatching(/Diego Reis\s+1 carimbo$/),
    ]);
    const birthdays = page.getByRole("list", { name: "Próximos aniversários" });
    await birthdays.getByText("Bruno Lima").waitFor();
    expect(await birthdays.textContent()).toContain(`${dayMonth(inTenDays)}Bruno Lima`);
    expect(await birthdays.textContent()).not.toMatch(/anos/);

    // The stamps CSV: Excel's form in Brazil (BOM, ';'), one line per stamp grant.
    const save = async (button: string) => {
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: button }).click(),
      ]);
      const path = await download.path();
      return { name: download.suggestedFilename(), path, content: readFileSync(path) };
    };
    const csv = await save("Baixar CSV de Carimbos");
    expect(csv.name).toBe(`carimbou-carimbos-${daysAgo(6)}_${today}.csv`);
    expect([...csv.content.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = csv.content.toString("utf8").slice(1).trimEnd().split("\r\n");
    expect(header).toBe("Data;Cliente;Método;Quantidade;Quem deu;Observações");
    const stamps = lines.map((line) => line.split(";"));
    for (const [date] of stamps) expect(date).toMatch(/^\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}$/);
    const staff = (by: string | undefined) => (by?.startsWith("Regra") ? by : "staff");
    expect(
      stamps.map(([date, name, method, count, by]) => [
        date?.slice(0, 5),
        name,
        method,
        count,
        staff(by),
      ]),
    ).toEqual(
      expect.arrayContaining([
        [dayMonth(today), "Ana Souza", "Aniversário", "3", "Regra de aniversário"],
        [dayMonth(today), "Ana Souza", "Compra", "1", "staff"],
        [dayMonth(daysAgo(2)), "Bruno Lima", "Avaliação Google", "2", "staff"],
        [dayMonth(today), "Bruno Lima", "Redes sociais", "1", "staff"],
        [dayMonth(today), "Carla Dias", "Compra", "1", "staff"],
        [dayMonth(today), "Diego Reis", "Indicação", "1", "Regra de indicação"],
      ]),
    );
    expect(stamps).toHaveLength(6);

    // The workbook opens: a sheet a dataset ('Indicações': the company has a referral), the
    // header and a row for each member, card (Ana's two, Bruno's, Carla's, Diego's), stamp grant
    // and referral of the period.
    const xlsx = await save("Baixar planilha (.xlsx)");
    expect(xlsx.name).toBe(`carimbou-relatorio-${daysAgo(6)}_${today}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsx.path);
    expect(workbook.worksheets.map((s) => [s.name, s.actualRowCount])).toEqual([
      ["Membros", 1 + 4],
      ["Cartões", 1 + 5],
      ["Carimbos", 1 + 6],
      ["Mensagens", 1],
      ["Indicações", 1 + 1],
    ]);
    const sheet = workbook.getWorksheet("Carimbos");
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      "Data",
      "Cliente",
      "Método",
      "Quantidade",
      "Quem deu",
      "Observações",
    ]);

    // A refused export (signed out meanwhile) says so.
    await panel.clearCookies();
    await page.getByRole("button", { name: "Baixar CSV de Membros" }).click();
    await page
      .getByText("Erro ao exportar relatório. Verifique se você está autenticado.")
      .waitFor();
    await panel.close();

    // On a phone: nothing scrolls sideways.
    const phone = await server.signedIn(browser, company, {
      viewport: { width: 360, height: 780 },
    });
    const small = await phone.newPage();
    await small.goto(url("/relatorios"));
    // A custom range, the last 3 days: Bruno's review is in, and it goes into the URL.
    await small.getByLabel("Período", { exact: true }).selectOption("custom");
    await small.getByLabel("De", { exact: true }).fill(daysAgo(2));
    await small.getByLabel("Até", { exact: true }).fill(today);
    await small.getByRole("button", { name: "Aplicar" }).click();
    await small.waitForURL((u) => u.searchParams.get("de") === daysAgo(2));
    expect(new URL(small.url()).searchParams.get("ate")).toBe(today);
    const customRange = `${dayMonth(daysAgo(2))}/${daysAgo(2).slice(0, 4)} a ${dayMonth(today)}/${today.slice(0, 4)}`;
    await small.getByText(customRange, { exact: true }).waitFor();
    expect(await tile(small, "Carimbos dados")).toMatchObject({ value: "9" });
    await small.getByRole("region", { name: "Carimbos por dia" }).getByRole("button").click();
    await small.getByRole("region", { name: "Novos membros por semana" }).waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    // No serious axe violation on the page's own content (the panel's shell has its own tests).
    const serious = (await axeViolations(small))
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .flatMap((v) => v.targets.map((target) => `${v.id} ${target}`));
    const inMain = await small.evaluate(
      (found) =>
        found.filter((f) => document.querySelector(f.slice(f.indexOf(" ") + 1))?.closest("main")),
      serious,
    );
    expect(inMain).toEqual([]);
    await phone.close();
  });
});
