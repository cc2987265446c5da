import { createHmac } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "./support/app-server";
import { launchBrowser } from "./support/browser";
import { confirmedAccount, signInContext } from "./support/fixtures";
import { startMailServer } from "./support/mail-server";

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

let mail: Awaited<ReturnType<typeof startMailServer>>;
let server: Awaited<ReturnType<typeof startAppServer>>;
let browser: Browser;
let context: BrowserContext;
let panel: Page;
let secret: string;

const company = {
  companyName: "Loja Segura",
  email: "segura@example.com",
  password: "segredo1",
  city: "São Paulo",
  state: "SP",
  phone: "(11) 3333-4444",
  sector: "alimentacao",
};

const url = (path: string) => `${server.baseUrl}${path}`;
const newContext = () =>
  browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
const security = (page: Page) => page.getByRole("region", { name: "Segurança" });

beforeAll(async () => {
  mail = await startMailServer();
  server = await startAppServer({ smtpUrl: mail.url });
  browser = await launchBrowser();
  await confirmedAccount(server, mail, "company", company);
  context = await newContext();
  await signInContext(context, server, company.email, company.password);
  panel = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await mail?.close();
});

describe("account security in a real browser", () => {
  it("turns 2FA on from /configuracoes: QR code, key, a code of the app, backup codes once", async () => {
    await panel.goto(url("/configuracoes"));
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

  it("asks for the code at sign-in; a wrong code is refused and shows in the access log", async () => {
    const other = await newContext();
    const page = await other.newPage();
    await page.goto(url("/login-admin"));
    await page.getByLabel("Email").fill(company.email);
    await page.getByLabel("Senha").fill(company.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByRole("heading", { name: "Verificação em duas etapas" }).waitFor();
    expect((await other.request.get(url("/api/me"))).status()).toBe(401);

    await page.getByLabel("Código de 6 dígitos").fill(wrongCode(secret));
    await page.getByRole("button", { name: "Verificar" }).click();
    await page.getByText("Código inválido. Verifique o código e tente novamente.").waitFor();
    await page.getByLabel("Código de 6 dígitos").fill(totp(secret));
    await page.getByRole("button", { name: "Verificar" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");
    expect((await other.request.get(url("/api/me"))).status()).toBe(200);

    await panel.goto(url("/configuracoes"));
    const log = security(panel).getByRole("table", { name: "Registro de acessos" });
    await log.getByRole("row", { name: /Código 2FA incorreto/ }).waitFor();
    const rows = log.getByRole("row");
    // header, the success, then the wrong code: newest first, dd/MM/yyyy - HH:mm, device
    await expect.poll(() => rows.nth(1).textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}/);
    expect(await rows.nth(1).textContent()).toMatch(/Chrome em Linux.*Sucesso/);
    expect(await rows.nth(2).textContent()).toContain("Código 2FA incorreto");
    await other.close();
  });

  it("a password change signs out the other browser and keeps this one", async () => {
    const other = await newContext();
    const page = await other.newPage();
    await page.goto(url("/login-admin"));
    await page.getByLabel("Email").fill(company.email);
    await page.getByLabel("Senha").fill(company.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByLabel("Código de 6 dígitos").fill(totp(secret));
    await page.getByRole("button", { name: "Verificar" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");

    await panel.goto(url("/configuracoes"));
    const section = security(panel);
    await section.getByLabel("Senha atual").fill("errada1");
    await section.getByLabel("Nova senha").fill("novasenha1");
    await section.getByRole("button", { name: "Alterar senha" }).click();
    await section.getByText("A senha atual está incorreta.").waitFor();
    expect((await other.request.get(url("/api/me"))).status()).toBe(200);

    await section.getByLabel("Senha atual").fill(company.password);
    await section.getByLabel("Nova senha").fill("novasenha1");
    await section.getByRole("button", { name: "Alterar senha" }).click();
    await panel.getByText("Senha alterada!").waitFor();

    expect((await other.request.get(url("/api/me"))).status()).toBe(401);
    await page.goto(url("/dashboard"));
    await page.waitForURL((u) => u.pathname !== "/dashboard");

    // this browser goes on
    await panel.reload();
    await security(panel).getByRole("button", { name: "Alterar senha" }).waitFor();
    expect((await context.request.get(url("/api/me"))).status()).toBe(200);
    company.password = "novasenha1";
    await other.close();
  });

  it("turns 2FA off with the password", async () => {
    const section = security(panel);
    await section.getByLabel("Senha", { exact: true }).fill(company.password);
    await section.getByRole("button", { name: "Desativar 2FA" }).click();
    await panel.getByText("2FA Desativado").waitFor();
    await section.getByText("Desativada", { exact: true }).waitFor();
    const res = await fetch(url("/api/session"), {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.baseUrl },
      body: JSON.stringify({ email: company.email, password: company.password }),
    });
    expect(res.status).toBe(200);
  });
});
