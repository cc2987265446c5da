import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startAppServer } from "./support/app-server";
import { confirmedAccount, signInContext } from "./support/fixtures";
import { type AppServer, companyInput, customerInput, expect, test } from "./support/test";

const PASS_TYPE = "pass.br.com.carimbou.e2e";

/** A throwaway pass certificate (self-signed, standing in for Apple's WWDR too) and APNs key. */
function appleEnv(): NodeJS.ProcessEnv {
  const dir = mkdtempSync(join(tmpdir(), "apple-wallet-e2e-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "key.pem",
      "-out",
      "cert.pem",
    ].concat(["-days", "2", "-subj", `/UID=${PASS_TYPE}/CN=Pass Type ID: ${PASS_TYPE}`]),
    { cwd: dir, stdio: "pipe" },
  );
  const cert = readFileSync(join(dir, "cert.pem"), "utf8");
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  return {
    APPLE_PASS_TYPE_ID: PASS_TYPE,
    APPLE_TEAM_ID: "ABCDE12345",
    APPLE_PASS_CERT: cert,
    APPLE_PASS_KEY: readFileSync(join(dir, "key.pem"), "utf8"),
    APPLE_WWDR_CERT: cert,
    APNS_KEY: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    APNS_KEY_ID: "KEYID12345",
  };
}

test.describe("'Adicionar à Apple Wallet'", () => {
  // Apple Wallet is on only with its certificates: this test's own server has throwaway ones.
  let own: AppServer;
  const cafe = companyInput({ companyName: "Café Maçã", email: "maca@example.com" });
  let cafeId = "";

  test.beforeAll(async ({ mail }) => {
    test.setTimeout(120_000);
    own = await startAppServer({ smtpUrl: mail.url, env: appleEnv() });
    await confirmedAccount(own, mail, "company", cafe);
    const session = await fetch(`${own.baseUrl}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: own.baseUrl },
      body: JSON.stringify({ email: cafe.email, password: cafe.password }),
    });
    const cookie = session.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = (await (await fetch(`${own.baseUrl}/api/me`, { headers: { cookie } })).json()) as {
      company: { id: string };
    };
    cafeId = me.company.id;
  });

  test.afterAll(async () => {
    await own?.close();
  });

  test("with Apple Wallet on, the card page downloads the card's pass at 360 px", async ({
    browser,
    mail,
  }, testInfo) => {
    const ana = customerInput({ name: "Ana Maçã", origin: { empresa_id: cafeId } });
    await confirmedAccount(own, mail, "customer", ana);
    const context = await browser.newContext({
      baseURL: own.baseUrl,
      viewport: { width: 360, height: 740 },
      acceptDownloads: true,
    });
    await signInContext(context, own, ana.email, ana.password);
    const page = await context.newPage();
    await page.goto(`/dashboard-cliente-cartao-fidelidade/${cafeId}`);
    await page.getByText("0/10 carimbos").waitFor();
    const button = page.getByRole("link", { name: "Adicionar à Apple Wallet" });
    await button.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.screenshot({ path: testInfo.outputPath("apple-wallet-360.png"), fullPage: true });

    // A plain link: the browser downloads the pass (Safari hands it to Wallet).
    const download = page.waitForEvent("download");
    await button.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("cartao.pkpass");
    // A zip (PK…) with the type Wallet takes.
    expect(
      readFileSync(await file.path())
        .subarray(0, 2)
        .toString("latin1"),
    ).toBe("PK");
    const res = await context.request.get((await button.getAttribute("href")) ?? "");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/vnd.apple.pkpass");
    await context.close();

    // An Android phone has no Apple Wallet: no button there (its pass would lead nowhere).
    const android = await browser.newContext({
      baseURL: own.baseUrl,
      viewport: { width: 360, height: 740 },
      userAgent:
        "Mozilla/5.0 (Linux; Android 14; SM-A155M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    });
    await signInContext(android, own, ana.email, ana.password);
    const phone = await android.newPage();
    await phone.goto(`/dashboard-cliente-cartao-fidelidade/${cafeId}`);
    await phone.getByText("0/10 carimbos").waitFor();
    await phone.getByRole("button", { name: "Mostrar no balcão" }).first().waitFor();
    await phone.waitForLoadState("networkidle");
    await expect(phone.getByRole("link", { name: "Adicionar à Apple Wallet" })).toHaveCount(0);
    await android.close();
  });
});

test("without Apple Wallet's certificates, the card page shows no Apple Wallet button", async ({
  accounts,
}) => {
  const cafe = await accounts.company({ companyName: "Café Sem Maçã" });
  const bia = await accounts.customer({ origin: { empresa_id: cafe.id } });
  const context = await accounts.signedIn(bia, { viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const answered = page.waitForResponse((r) => r.url().includes("/apple-wallet/link"));
  await page.goto(`/dashboard-cliente-cartao-fidelidade/${cafe.id}`);
  expect((await answered).status()).toBe(404);
  await page.getByRole("button", { name: "Mostrar no balcão" }).waitFor();
  await expect(page.getByRole("link", { name: "Adicionar à Apple Wallet" })).toHaveCount(0);
  await context.close();
});
