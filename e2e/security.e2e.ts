import { createHmac } from "node:crypto";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { type AppServer, type CompanyAccount, expect, test } from "./support/test";

/** RFC 6238 (SHA-1, 6 digits, 30 s), as an authenticator app computes it from the base32 key. */
function totp(base32Secret: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of base32Secret.replace(/=+$/, "").toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  }
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = createHmac("sha1", key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  return ((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, "0");
}

const wrongCode = (secret: string) => {
  const valid = new Set([-1, 0, 1].map((step) => totp(secret, Date.now() + step * 30_000)));
  return ["000000", "111111", "222222", "333333"].find((code) => !valid.has(code))!;
};

// Each test goes on from the one before: 2FA on, sign-in with it, a new password, 2FA off.
test.describe.configure({ mode: "serial" });

let company: CompanyAccount;
let context: BrowserContext;
let panel: Page;
let secret: string;

const newContext = (browser: Browser, server: AppServer) =>
  browser.newContext({
    baseURL: server.baseUrl,
    locale: "pt-BR",
    viewport: { width: 1280, height: 900 },
  });
const security = (page: Page) => page.getByRole("region", { name: "Segurança" });

test.beforeAll(async ({ accounts }) => {
  company = await accounts.company({ companyName: "Loja Segura", email: "segura@example.com" });
  context = await accounts.signedIn(company, { viewport: { width: 1280, height: 900 } });
  panel = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
});

test.describe("account security in a real browser", () => {
  test("turns 2FA on from /configuracoes: QR code, key, a code of the app, backup codes once", async () => {
    await panel.goto("/configuracoes");
    const section = security(panel);
    await section.getByText("Desativada", { exact: true }).waitFor();

    await section.getByLabel("Senha", { exact: true }).fill("errada1");
    await section.getByRole("button", { name: "Ativar 2FA" }).click();
    await section.getByText("A senha atual está incorreta.").waitFor();

    await section.getByLabel("Senha", { exact: true }).fill(company.password);
    await section.getByRole("button", { name: "Ativar 2FA" }).click();
    await section.getByRole("img", { name: "QR Code para o aplicativo autenticador" }).waitFor();
    secret = (await section.getByTestId("two-factor-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]+$/);

    await section.getByLabel("Código de 6 dígitos").fill(wrongCode(secret));
    await section.getByRole("button", { name: "Confirmar" }).click();
    await section.getByText("Código inválido. Verifique o código e tente novamente.").waitFor();

    await section.getByLabel("Código de 6 dígitos").fill(totp(secret));
    await section.getByRole("button", { name: "Confirmar" }).click();
    await panel.getByText("2FA Ativado").waitFor();
    const codes = section.getByRole("list", { name: "Códigos de backup" }).getByRole("listitem");
    expect(await codes.count()).toBe(10);
    await section.getByRole("button", { name: "Concluído" }).click();
    expect(await codes.count()).toBe(0);
    await section.getByText("Ativada", { exact: true }).waitFor();

    // kept on the server; the backup codes are not shown again
    await panel.reload();
    await security(panel).getByText("Ativada", { exact: true }).waitFor();
    await security(panel).getByRole("button", { name: "Desativar 2FA" }).waitFor();
  });

  test("asks for the code at sign-in; a wrong code is refused and shows in the access log", async ({
    browser,
    server,
  }) => {
    const other = await newContext(browser, server);
    const page = await other.newPage();
    await page.goto("/login-admin");
    await page.getByLabel("Email").fill(company.email);
    await page.getByLabel("Senha").fill(company.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByRole("heading", { name: "Verificação em duas etapas" }).waitFor();
    expect((await other.request.get("/api/me")).status()).toBe(401);

    await page.getByLabel("Código de 6 dígitos").fill(wrongCode(secret));
    await page.getByRole("button", { name: "Verificar" }).click();
    await page.getByText("Código inválido. Verifique o código e tente novamente.").waitFor();
    await page.getByLabel("Código de 6 dígitos").fill(totp(secret));
    await page.getByRole("button", { name: "Verificar" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");
    expect((await other.request.get("/api/me")).status()).toBe(200);

    await panel.goto("/configuracoes");
    const log = security(panel).getByRole("table", { name: "Registro de acessos" });
    await log.getByRole("row", { name: /Código 2FA incorreto/ }).waitFor();
    const rows = log.getByRole("row");
    // header, the success, then the wrong code: newest first, dd/MM/yyyy - HH:mm, device
    await expect.poll(() => rows.nth(1).textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}/);
    expect(await rows.nth(1).textContent()).toMatch(/Chrome em Linux.*Sucesso/);
    expect(await rows.nth(2).textContent()).toContain("Código 2FA incorreto");
    await other.close();
  });

  test("a password change signs out the other browser and keeps this one", async ({
    browser,
    server,
  }) => {
    const other = await newContext(browser, server);
    const page = await other.newPage();
    await page.goto("/login-admin");
    await page.getByLabel("Email").fill(company.email);
    await page.getByLabel("Senha").fill(company.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByLabel("Código de 6 dígitos").fill(totp(secret));
    await page.getByRole("button", { name: "Verificar" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");

    await panel.goto("/configuracoes");
    const section = security(panel);
    await section.getByLabel("Senha atual").fill("errada1");
    await section.getByLabel("Nova senha").fill("novasenha1");
    await section.getByRole("button", { name: "Alterar senha" }).click();
    await section.getByText("A senha atual está incorreta.").waitFor();
    expect((await other.request.get("/api/me")).status()).toBe(200);

    await section.getByLabel("Senha atual").fill(company.password);
    await section.getByLabel("Nova senha").fill("novasenha1");
    await section.getByRole("button", { name: "Alterar senha" }).click();
    await panel.getByText("Senha alterada!").waitFor();

    expect((await other.request.get("/api/me")).status()).toBe(401);
    await page.goto("/dashboard");
    await page.waitForURL((u) => u.pathname !== "/dashboard");

    // this browser goes on
    await panel.reload();
    await security(panel).getByRole("button", { name: "Alterar senha" }).waitFor();
    expect((await context.request.get("/api/me")).status()).toBe(200);
    company.password = "novasenha1";
    await other.close();
  });

  test("turns 2FA off with the password", async ({ server }) => {
    const section = security(panel);
    await section.getByLabel("Senha", { exact: true }).fill(company.password);
    await section.getByRole("button", { name: "Desativar 2FA" }).click();
    await panel.getByText("2FA Desativado").waitFor();
    await section.getByText("Desativada", { exact: true }).waitFor();
    const res = await fetch(`${server.baseUrl}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.baseUrl },
      body: JSON.stringify({ email: company.email, password: company.password }),
    });
    expect(res.status).toBe(200);
  });
});
