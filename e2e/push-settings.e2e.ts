import { randomBytes } from "node:crypto";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";

/**
 * The push switches (issue 32, item 2) in a real Chromium against the real server. Headless
 * Chromium reaches no push service, so the notifications permission is granted and the browser's
 * PushManager answers a made-up subscription: an FCM endpoint (a host the server takes) with keys
 * shaped as a browser's (p256dh: a 65-byte uncompressed P-256 point; auth: 16 bytes). Everything
 * after it is real: the service worker's registration, the page's PUT/DELETE and what the server
 * keeps, read back through the page's own session. Nothing here stamps a card, so no notice is
 * queued and the server posts nothing to FCM.
 */
async function fakePushService(context: BrowserContext, baseUrl: string) {
  const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(12).toString("hex")}`;
  const keys = {
    p256dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  };
  await context.grantPermissions(["notifications"], { origin: baseUrl });
  await context.addInitScript(
    ({ endpoint, keys }) => {
      // Kept in the page's storage, so a reload finds the device still subscribed, as it would.
      const FLAG = "e2e-push-subscribed";
      const subscription = {
        endpoint,
        expirationTime: null,
        options: { applicationServerKey: null, userVisibleOnly: true },
        getKey: () => null,
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          localStorage.removeItem(FLAG);
          return true;
        },
      };
      PushManager.prototype.subscribe = async () => {
        localStorage.setItem(FLAG, "1");
        return subscription as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () =>
        (localStorage.getItem(FLAG) ? subscription : null) as unknown as PushSubscription | null;
    },
    { endpoint, keys },
  );
  return endpoint;
}

/** What the server keeps for this device, asked with the page's session (404: nothing). */
async function savedKinds(page: Page, endpoint: string) {
  return page.evaluate(async (endpoint) => {
    const res = await fetch(`/api/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`);
    return res.ok ? ((await res.json()) as { kinds: string[] }).kinds.sort() : res.status;
  }, endpoint);
}

/** Whether the browser still holds the subscription (all off unsubscribes it too). */
const stillSubscribed = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return (await registration?.pushManager.getSubscription()) != null;
  });

/** Turns a switch and waits for the save (a switch shows its new state once the server has it). */
const turn = async (section: Locator, name: string, on: boolean) => {
  const toggle = section.getByRole("switch", { name });
  await expect(toggle).toBeChecked({ checked: !on });
  await toggle.click();
  await expect(toggle).toBeChecked({ checked: on });
  await expect(toggle).toBeEnabled();
};

test("a customer turns this phone's notices on from the card and off in the settings, at 360 px", async ({
  accounts,
  server,
}) => {
  const cafe = await accounts.company({ companyName: "Café Aviso" });
  const ana = await accounts.customer({ name: "Ana Aviso", origin: { empresa_id: cafe.id } });
  const context = await accounts.signedIn(ana, {
    serviceWorkers: "allow",
    viewport: { width: 360, height: 740 },
  });
  const endpoint = await fakePushService(context, server.baseUrl);
  const page = await context.newPage();

  // The card page's one tap: every customer kind on for this device.
  await page.goto(`/dashboard-cliente-cartao-fidelidade/${cafe.id}`);
  await page.getByText("0/10 carimbos").waitFor();
  const notifyMe = page.getByRole("button", { name: "Avise-me de novos carimbos" });
  await notifyMe.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("push-card-360.png") });
  await notifyMe.click();
  await expect(notifyMe).toHaveCount(0);
  expect(await savedKinds(page, endpoint)).toEqual(
    ["birthday", "card_complete", "redeemed", "reply", "stamp"].sort(),
  );

  // The settings read the same switches back; a few off saves the rest.
  await page.goto("/dashboard-cliente");
  await page.getByRole("button", { name: "Configurações" }).click();
  const dialog = page.getByRole("dialog");
  const section = dialog.getByRole("region", { name: "Notificações neste aparelho" });
  await expect(section.getByRole("switch", { name: "você receber um carimbo" })).toBeChecked();
  await turn(section, "você ganhar um presente de aniversário", false);
  await turn(section, "você resgatar um prêmio", false);
  await expect.poll(() => savedKinds(page, endpoint)).toEqual(["card_complete", "reply", "stamp"]);
  await section.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await dialog.screenshot({ path: test.info().outputPath("push-customer-360.png") });

  // All off: the server forgets the device.
  await turn(section, "você receber um carimbo", false);
  await turn(section, "seu cartão ficar completo", false);
  await turn(section, "uma empresa responder sua mensagem", false);
  await expect.poll(() => savedKinds(page, endpoint)).toBe(404);
  await expect.poll(() => stillSubscribed(page)).toBe(false);
  await expect(section.getByRole("switch", { name: "você receber um carimbo" })).not.toBeChecked();
  await context.close();
});

test("a company owner switches on partnership requests, and is told when the company's push is off, at 360 px", async ({
  accounts,
  server,
}) => {
  const cafe = await accounts.company({ companyName: "Café Equipe Aviso" });
  const context = await accounts.signedIn(cafe, {
    serviceWorkers: "allow",
    viewport: { width: 360, height: 740 },
  });
  const endpoint = await fakePushService(context, server.baseUrl);
  const page = await context.newPage();
  await page.goto("/configuracoes");
  const section = page.getByRole("region", { name: "Notificações push neste aparelho" });
  await turn(section, "Pedidos de parceria", true);
  await turn(section, "Novas mensagens de clientes", true);
  await expect.poll(() => savedKinds(page, endpoint)).toEqual(["message", "partnership"]);

  // The company's own switch holds every member's notices back: the section says so.
  await expect(section.getByRole("status")).toHaveCount(0);
  const companyPush = page.getByRole("switch", { name: "Alertas no sino do painel" });
  await companyPush.click();
  await expect(companyPush).not.toBeChecked();
  await expect(section.getByRole("status")).toContainText(
    "'Alertas no sino do painel' está desligado em Notificações Gerais",
  );
  await section.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await section.screenshot({ path: test.info().outputPath("push-company-360.png") });

  await turn(section, "Pedidos de parceria", false);
  await turn(section, "Novas mensagens de clientes", false);
  await expect.poll(() => savedKinds(page, endpoint)).toBe(404);
  await expect.poll(() => stillSubscribed(page)).toBe(false);
  await context.close();
});
