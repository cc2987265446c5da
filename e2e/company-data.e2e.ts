import type { BrowserContext, Page } from "@playwright/test";
import { type CustomerAccount, expect, test } from "./support/test";

// One company's page from the first test to the last; the customer the logo test makes is the
// one sent away from the company's pages at the end.
test.describe.configure({ mode: "serial" });

let ana: CustomerAccount;
let context: BrowserContext;
let panel: Page;
let companyId: string;

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const fileInput = () => panel.locator('input[type="file"]');
/** The image loaded and decoded (not a broken image). */
const loaded = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth);

test.beforeAll(async ({ accounts }) => {
  // A hook's time under Vitest: a loaded machine can take a minute to make the accounts.
  test.setTimeout(120_000);
  const company = await accounts.company({
    companyName: "Café Aurora",
    email: "aurora@example.com",
  });
  companyId = company.id;
  context = await accounts.signedIn(company, { viewport: { width: 1400, height: 900 } });
  panel = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
});

test.describe("/dados-empresa in a real browser", () => {
  test("refuses a logo over 2 MB and files that are not images", async () => {
    await panel.goto("/dados-empresa");
    await panel.getByRole("heading", { name: "Dados da Empresa", level: 1 }).waitFor();
    await panel.getByText("Sem logo").waitFor();

    // Over 2 MB and not an image the browser can draw smaller (a real photo is scaled down to
    // 1024 px before the upload: logo-image.test.ts): the server's limit answers.
    const big = Buffer.alloc(2 * 1024 * 1024 + 1);
    await fileInput().setInputFiles({ name: "grande.png", mimeType: "image/png", buffer: big });
    await panel.getByText("Arquivo muito grande").waitFor();
    await panel.getByText("A imagem deve ter no máximo 2MB.").waitFor();

    await fileInput().setInputFiles({
      name: "notas.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("apenas texto"),
    });
    await panel.getByText("Arquivo inválido").waitFor();
    await panel.getByText("Por favor, selecione uma imagem.").waitFor();

    // A text file renamed .png passes the browser's check; the server reads the content.
    await panel.reload();
    await panel.getByText("Sem logo").waitFor();
    await fileInput().setInputFiles({
      name: "disfarce.png",
      mimeType: "image/png",
      buffer: Buffer.from("isto não é uma imagem"),
    });
    await panel.getByText("Arquivo inválido").waitFor();
    await panel.getByText("Sem logo").waitFor();
  });

  test("uploads a PNG: 'Logo atualizado!', shown on the page, in the panel and to customers", async ({
    accounts,
  }) => {
    await fileInput().setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await panel.getByText("Logo atualizado!").waitFor();
    await panel.getByTestId("company-logo-preview").waitFor();
    await expect.poll(() => loaded(panel, "company-logo-preview")).toBe(1);
    await panel.getByTestId("panel-company-logo").waitFor();
    await expect.poll(() => loaded(panel, "panel-company-logo")).toBe(1);

    // A customer who joined through the company's link sees it on the company's page.
    ana = await accounts.customer({
      name: "Ana Souza",
      email: "ana@example.com",
      city: "Campinas",
      origin: { empresa_id: companyId },
    });
    const customerContext = await accounts.signedIn(ana);
    try {
      const page = await customerContext.newPage();
      await page.goto(`/dashboard-cliente-cartao-fidelidade/${companyId}`);
      await page.getByTestId("company-logo").waitFor();
      await expect.poll(() => loaded(page, "company-logo")).toBe(1);
    } finally {
      await customerContext.close();
    }
  });

  test("saves the company fields and social links, and keeps them after a reload", async () => {
    await panel.getByLabel("Nome Fantasia").fill("Café Aurora Gourmet");
    await panel.getByLabel("WhatsApp").fill("(11) 97777-6666");
    await panel.getByLabel("Website").fill("www.cafeaurora.com.br");
    await panel.getByLabel("Cidade").fill("Campinas");
    await panel.getByLabel("Estado").selectOption("MG");
    await panel.getByLabel("Descrição Resumida").fill("Cafés especiais e pão de queijo.");
    await panel.getByLabel("Instagram").fill("@cafeaurora");
    await panel.getByLabel("Facebook").fill("http//facebook.com/cafeaurora");
    await panel.getByRole("button", { name: "Salvar Dados" }).click();
    await panel.getByText("Informe um link (https://...) ou um usuário (@usuario)").waitFor();

    await panel.getByLabel("Facebook").fill("https://facebook.com/cafeaurora");
    await panel.getByLabel("Link de Avaliação do Google").fill("https://g.page/r/aurora/review");
    await panel.getByRole("button", { name: "Salvar Dados" }).click();
    await panel.getByText("Dados salvos com sucesso!").waitFor();

    await panel.reload();
    await panel.getByLabel("Nome Fantasia").waitFor();
    expect(await panel.getByLabel("Nome Fantasia").inputValue()).toBe("Café Aurora Gourmet");
    expect(await panel.getByLabel("WhatsApp").inputValue()).toBe("(11) 97777-6666");
    expect(await panel.getByLabel("Website").inputValue()).toBe("https://www.cafeaurora.com.br");
    expect(await panel.getByLabel("Cidade").inputValue()).toBe("Campinas");
    expect(await panel.getByLabel("Estado").inputValue()).toBe("MG");
    expect(await panel.getByLabel("Instagram").inputValue()).toBe("@cafeaurora");
    expect(await panel.getByLabel("Facebook").inputValue()).toBe("https://facebook.com/cafeaurora");
    expect(await panel.getByLabel("Link de Avaliação do Google").inputValue()).toBe(
      "https://g.page/r/aurora/review",
    );
    // The logo is still there, and the panel shows the new name.
    await panel.getByTestId("company-logo-preview").waitFor();
    await panel.getByTitle("Café Aurora Gourmet").waitFor();
  });
});

test.describe("/dados-usuario in a real browser", () => {
  test("leads to /dados-empresa, which saves the company name and social links", async () => {
    // /dados-usuario repeated these fields (issue 29): its links open /dados-empresa.
    await panel.goto("/dados-usuario");
    await panel.waitForURL((u) => u.pathname === "/dados-empresa");
    await panel.getByRole("heading", { name: "Dados da Empresa", level: 1 }).waitFor();
    expect(await panel.getByLabel("Nome Fantasia").inputValue()).toBe("Café Aurora Gourmet");
    expect(await panel.getByLabel("Instagram").inputValue()).toBe("@cafeaurora");
    await panel.getByLabel("TikTok").fill("@cafe.aurora");
    await panel.getByLabel("Nome Fantasia").fill("Café Aurora");
    await panel.getByRole("button", { name: "Salvar Dados" }).click();
    await panel.getByText("Dados salvos com sucesso!").waitFor();

    await panel.reload();
    await panel.getByLabel("Nome Fantasia").waitFor();
    expect(await panel.getByLabel("Nome Fantasia").inputValue()).toBe("Café Aurora");
    expect(await panel.getByLabel("TikTok").inputValue()).toBe("@cafe.aurora");
  });

  test("sends a customer to /", async ({ accounts }) => {
    const customerContext = await accounts.signedIn(ana);
    try {
      const page = await customerContext.newPage();
      for (const path of ["/dados-usuario", "/dados-empresa"]) {
        await page.goto(path);
        await page.waitForURL((u) => u.pathname !== path);
        // / forwards a signed-in customer to their own area.
        expect(["/", "/dashboard-cliente"]).toContain(new URL(page.url()).pathname);
      }
    } finally {
      await customerContext.close();
    }
  });
});
