import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { COUNTER_RULES_OFF } from "../src/server/test/counter-rules-off";
import { expect, test } from "./support/test";

const PHONE = { width: 360, height: 740 };

type Received = { headers: IncomingHttpHeaders; body: string };

/** The company's own system: an HTTP server on this machine that keeps what it is sent (200). */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.describe("integrations", () => {
  test("on a phone the owner creates a live key and sees it once, adds a webhook; a till's request stamps by value; the card shows it, the receiver gets a signed stamp.added and the delivery log shows it delivered", async ({
    accounts,
    server,
  }, testInfo) => {
    test.setTimeout(120_000);
    const receiver = await startReceiver();
    try {
      const company = await accounts.company({
        companyName: "Café Integrado",
        email: "integra@example.com",
      });
      const ana = await accounts.customer({
        name: "Ana Integrada",
        email: "ana.integra@example.com",
        origin: { empresa_id: company.id, origem: "qrcode_empresa" },
      });
      const ownerContext = await accounts.signedIn(company, { viewport: PHONE });
      // The programme gives 1 carimbo a cada R$ 10,00.
      const rules = await ownerContext.request.put("/api/settings/counter-rules", {
        data: { ...COUNTER_RULES_OFF, stampValueCents: 1000 },
        headers: { origin: server.baseUrl },
      });
      expect(rules.status()).toBe(200);

      // 'Integrações' from the menu
      const page = await ownerContext.newPage();
      await page.goto("/dashboard");
      await page.getByRole("button", { name: "Abrir ou fechar o menu" }).first().click();
      await page.getByRole("link", { name: "Integrações" }).click();
      await page.waitForURL((u) => u.pathname === "/integracoes");
      await expect(page.getByRole("heading", { level: 1, name: "Integrações" })).toBeVisible();

      // 'Criar chave': a live key that gives stamps and looks members up
      await page.getByRole("button", { name: "Criar chave" }).click();
      const create = page.getByRole("dialog", { name: "Criar chave" });
      await create.getByLabel("Nome").fill("PDV do balcão");
      await create.getByRole("checkbox", { name: /Dar carimbos/ }).check();
      await create.getByRole("checkbox", { name: /Consultar clientes/ }).check();
      await create.getByRole("radio", { name: /Produção/ }).check();
      await create.getByRole("button", { name: "Criar chave" }).click();

      // The secret, once
      const shown = page.getByRole("dialog", { name: "Copie a sua chave agora" });
      await expect(shown.getByText(/única vez que a chave aparece/)).toBeVisible();
      const secret = await shown.getByTestId("api-key-secret").inputValue();
      await page.screenshot({ path: testInfo.outputPath("integrations-secret-360.png") });
      expect(secret).toMatch(/^cb_live_/);
      await shown.getByRole("button", { name: "Já copiei, fechar" }).click();
      await expect(shown).toBeHidden();
      const row = page.getByTestId("api-key").filter({ hasText: "PDV do balcão" });
      await expect(row.getByTestId("api-key-hint")).toHaveText(/^cb_live_/);
      expect(await page.content()).not.toContain(secret);
      await expectNoSidewaysScroll(page);

      // 'Adicionar endpoint': the test's receiver, for stamp.added
      await page.getByRole("button", { name: "Adicionar endpoint" }).click();
      const add = page.getByRole("dialog", { name: "Adicionar endpoint" });
      await add.getByLabel("URL").fill(receiver.url);
      await add.getByRole("checkbox", { name: /Carimbo adicionado/ }).check();
      await add.getByRole("button", { name: "Adicionar endpoint" }).click();
      await expect(add).toBeHidden();
      const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: receiver.url });
      await expect(endpoint.getByText("Ativo")).toBeVisible();

      // The till: find Ana by e-mail, then R$ 47,50 with an Idempotency-Key
      const auth = { authorization: `Bearer ${secret}` };
      const found = await ownerContext.request.get(
        `/api/v1/members?email=${encodeURIComponent(ana.email)}`,
        { headers: auth },
      );
      expect(found.status()).toBe(200);
      const memberId = ((await found.json()) as { data: { id: string }[] }).data[0]?.id;
      expect(memberId).toBeTruthy();
      const stamped = await ownerContext.request.post("/api/v1/stamps", {
        headers: { ...auth, "idempotency-key": randomUUID() },
        data: { memberId, amountCents: 4750 },
      });
      expect(stamped.status(), await stamped.text()).toBe(201);
      const stamp = (await stamped.json()) as { count: number; viaKey: string | null };
      expect(stamp).toMatchObject({ count: 4, viaKey: "PDV do balcão" });

      // Ana's card shows the 4 stamps
      const customerContext = await accounts.signedIn(ana, { viewport: PHONE });
      const card = await customerContext.newPage();
      await card.goto(`/dashboard-cliente-cartao-fidelidade/${company.id}`);
      await expect(card.getByText("4/10 carimbos").first()).toBeVisible();
      await customerContext.close();

      // The receiver got stamp.added, signed with the endpoint's secret
      await expect
        .poll(() => receiver.received.map((r) => JSON.parse(r.body).type), { timeout: 30_000 })
        .toContain("stamp.added");
      const delivery = receiver.received.find((r) => JSON.parse(r.body).type === "stamp.added")!;
      await endpoint.getByRole("button", { name: "Mostrar segredo" }).click();
      const signingSecret = await endpoint.getByTestId("webhook-secret").innerText();
      const verified = new Webhook(signingSecret).verify(
        delivery.body,
        delivery.headers as Record<string, string>,
      );
      expect(verified).toMatchObject({ type: "stamp.added" });

      // The delivery log: stamp.added delivered, answer 200
      await page.reload();
      const reloaded = page.getByTestId("webhook-endpoint").filter({ hasText: receiver.url });
      await reloaded.getByText("Registro de entregas").click();
      const delivered = reloaded.getByTestId("webhook-delivery").filter({ hasText: "stamp.added" });
      await expect(delivered.getByText("Entregue")).toBeVisible();
      await expect(delivered.getByText(/Resposta 2\d\d/)).toBeVisible();
      // The access log names the key
      await expect(
        page.getByTestId("api-request").filter({ hasText: "POST /api/v1/stamps" }).first(),
      ).toContainText("PDV do balcão");
      await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: testInfo.outputPath("integrations-360.png"),
        fullPage: true,
      });
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.screenshot({
        path: testInfo.outputPath("integrations-1366.png"),
        fullPage: true,
      });
      await ownerContext.close();
    } finally {
      await receiver.close();
    }
  });
});

async function expectNoSidewaysScroll(page: import("@playwright/test").Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}
