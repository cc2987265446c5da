import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEnv } from "../src/server/test/test-env";
import { startAppServer } from "./support/app-server";
import { launchBrowser } from "./support/browser";
import { confirmedAccount, invitedCustomer, signInContext } from "./support/fixtures";
import { startMailServer } from "./support/mail-server";

let mail: Awaited<ReturnType<typeof startMailServer>>;
let server: Awaited<ReturnType<typeof startAppServer>>;
let browser: Browser;
let context: BrowserContext;
let panel: Page;

const company = {
  companyName: "Café Aurora",
  email: "aurora@example.com",
  password: "segredo1",
  city: "São Paulo",
  state: "SP",
  phone: "(11) 3333-4444",
  sector: "alimentacao",
};

const url = (path: string) => `${server.baseUrl}${path}`;
const system = () => panel.getByRole("region", { name: "Sistema" });

beforeAll(async () => {
  mail = await startMailServer();
  server = await startAppServer({ smtpUrl: mail.url });
  browser = await launchBrowser();
  await confirmedAccount(server, mail, "company", company);
  context = await browser.newContext({
    acceptDownloads: true,
    locale: "pt-BR",
    viewport: { width: 1400, height: 900 },
  });
  await signInContext(context, server, company.email, company.password);
  await invitedCustomer(context, server, mail, {
    name: "João da Silva",
    email: "joao@example.com",
  });
  panel = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await mail?.close();
});

describe("/configuracoes 'Sistema'", () => {
  it("saves the data retention on the server: still 12 meses after a reload", async () => {
    await panel.goto(url("/configuracoes"));
    const retention = system().getByLabel("Retenção de dados");
    await expect.poll(() => retention.inputValue()).toBe("24");
    expect(await system().getByLabel("Frequência de backup").inputValue()).toBe("daily");
    await system().getByText("Nenhum backup realizado").waitFor();

    await retention.selectOption({ label: "12 meses" });
    await system().getByLabel("Frequência de backup").selectOption({ label: "Semanal" });
    await system().getByRole("button", { name: "Salvar" }).click();
    await panel.getByText("Configurações atualizadas").waitFor();

    await panel.reload();
    await expect.poll(() => system().getByLabel("Retenção de dados").inputValue()).toBe("12");
    expect(await system().getByLabel("Frequência de backup").inputValue()).toBe("weekly");
  });

  it("'Backup' downloads a zip of the company's data and shows the date of the last backup", async () => {
    const [download] = await Promise.all([
      panel.waitForEvent("download"),
      system().getByRole("button", { name: "Backup" }).click(),
    ]);
    await panel.getByText("Backup iniciado").waitFor();
    expect(download.suggestedFilename()).toMatch(
      /^carimbou-backup-cafe-aurora-\d{4}-\d{2}-\d{2}\.zip$/,
    );
    const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(strFromU8(zip["clientes.csv"]!)).toContain("João da Silva;joao@example.com");
    expect(JSON.parse(strFromU8(zip["empresa.json"]!))[0]).toMatchObject({
      tradeName: "Café Aurora",
    });
    await expect
      .poll(() => panel.getByTestId("last-backup").textContent())
      .toMatch(/^\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}$/);
  });

  it("lists the scheduled backups the job wrote and downloads one", async () => {
    await system().getByText("Nenhum backup automático ainda.", { exact: false }).waitFor();
    // The job, as the scheduler would run it at 03:30 (the dev route, loopback only).
    const res = await fetch(url("/dev/jobs/scheduled-backups"), {
      method: "POST",
      headers: { origin: server.baseUrl },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).result.written).toHaveLength(1);

    await panel.reload();
    const list = system().getByTestId("stored-backups");
    await list.waitFor();
    expect(await list.getByRole("listitem").count()).toBe(1);
    expect(await list.getByRole("listitem").first().textContent()).toMatch(
      /\d{2}\/\d{2}\/\d{4}.*\d+(,\d)? KB/,
    );
    const [download] = await Promise.all([
      panel.waitForEvent("download"),
      list.getByRole("button", { name: /Baixar o backup de \d{2}\/\d{2}\/\d{4}/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^carimbou-backup-cafe-aurora-\d{4}-\d{2}-\d{2}\.zip$/,
    );
    const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(strFromU8(zip["clientes.csv"]!)).toContain("João da Silva;joao@example.com");

    if (testEnv.SCREENSHOT_DIR) {
      await system().screenshot({
        path: `${testEnv.SCREENSHOT_DIR}/configuracoes-sistema.png`,
      });
    }
  });
});
