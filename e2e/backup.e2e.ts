import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { testEnv } from "../src/server/test/test-env";
import { invitedCustomer } from "./support/fixtures";
import { type CompanyAccount, expect, test, uniqueEmail } from "./support/test";

// One company's settings and backups, test after test, on one page.
test.describe.configure({ mode: "serial" });

let company: CompanyAccount;
let context: BrowserContext;
let panel: Page;
const joao = { name: "João da Silva", email: uniqueEmail("joao@example.com") };

const system = () => panel.getByRole("region", { name: "Sistema" });

test.beforeAll(async ({ accounts, server, mail }) => {
  company = await accounts.company({ companyName: "Café Aurora", email: "aurora@example.com" });
  context = await accounts.signedIn(company, {
    acceptDownloads: true,
    viewport: { width: 1400, height: 900 },
  });
  await invitedCustomer(context, server, mail, joao);
  panel = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
});

test.describe("/configuracoes 'Sistema'", () => {
  test("saves the data retention on the server: still 12 meses after a reload", async () => {
    await panel.goto("/configuracoes");
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

  test("'Backup' downloads a zip of the company's data and shows the date of the last backup", async () => {
    const [download] = await Promise.all([
      panel.waitForEvent("download"),
      system().getByRole("button", { name: "Backup" }).click(),
    ]);
    await panel.getByText("Backup iniciado").waitFor();
    expect(download.suggestedFilename()).toMatch(
      /^carimbou-backup-cafe-aurora-\d{4}-\d{2}-\d{2}\.zip$/,
    );
    const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(strFromU8(zip["clientes.csv"]!)).toContain(`${joao.name};${joao.email}`);
    expect(JSON.parse(strFromU8(zip["empresa.json"]!))[0]).toMatchObject({
      tradeName: "Café Aurora",
    });
    await expect
      .poll(() => panel.getByTestId("last-backup").textContent())
      .toMatch(/^\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}$/);
  });

  test("lists the scheduled backups the job wrote and downloads one", async ({ server }) => {
    await system().getByText("Nenhum backup automático ainda.", { exact: false }).waitFor();
    // The job, as the scheduler would run it at 03:30 (the dev route, loopback only).
    const res = await fetch(`${server.baseUrl}/dev/jobs/scheduled-backups`, {
      method: "POST",
      headers: { origin: server.baseUrl },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    // The job backs up every company of the (shared) server: this one's file is its `id/name`.
    const { written } = (await res.json()).result as { written: string[] };
    expect(written.filter((file) => file.startsWith(`${company.id}/`))).toHaveLength(1);

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
    expect(strFromU8(zip["clientes.csv"]!)).toContain(`${joao.name};${joao.email}`);

    if (testEnv.SCREENSHOT_DIR) {
      await system().screenshot({
        path: `${testEnv.SCREENSHOT_DIR}/configuracoes-sistema.png`,
      });
    }
  });
});
