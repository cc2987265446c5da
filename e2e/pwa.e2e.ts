import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";

/**
 * The installable app (issue 32, decision 036): the manifests, the service worker on the
 * customer's dashboard, the card page without a connection (its stamps and short code, the
 * offline bar, the QR greyed out), and the 'Instalar app' card offered once.
 */

type WebManifest = {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; purpose?: string }[];
};

/** The width and height a PNG says it has (its IHDR chunk). */
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

/** Waits until the page is controlled by an activated service worker. */
const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, {
    timeout: 60_000,
  });

test.describe("the installable app", () => {
  // The suite blocks service workers (e2e/support/test.ts); these tests are about them.
  test.use({ serviceWorkers: "allow" });

  test("valid manifests: the customer's and the counter's, with icons of their sizes", async ({
    page,
    request,
  }) => {
    for (const [file, entry, startUrl] of [
      ["/manifest.webmanifest", "/dashboard-cliente", "/dashboard-cliente"],
      ["/manifest-balcao.webmanifest", "/balcao", "/balcao"],
    ] as const) {
      const res = await request.get(file);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toContain("application/manifest+json");
      const manifest = (await res.json()) as WebManifest;
      expect(manifest).toMatchObject({
        lang: "pt-BR",
        start_url: startUrl,
        scope: "/",
        display: "standalone",
        theme_color: "#5b3fd6",
      });
      expect(manifest.name).toContain("Carimbou");
      for (const icon of manifest.icons) {
        const png = await request.get(icon.src);
        expect(png.status(), icon.src).toBe(200);
        expect(pngSize(await png.body()), icon.src).toBe(icon.sizes);
      }
      expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
        expect.arrayContaining(["192x192", "512x512"]),
      );
      expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
      // The page links its own manifest (the HTML the server sends for that path).
      const html = await (await request.get(entry)).text();
      expect(html).toContain(`<link rel="manifest" href="${file}">`);
    }
    // The public site and the sign-in pages stay as they were: no manifest, no worker.
    for (const path of ["/", "/login-cliente"]) {
      expect(await (await request.get(path)).text()).not.toContain('rel="manifest"');
    }
    const sw = await request.get("/sw.js");
    expect(sw.status()).toBe(200);
    expect(sw.headers()["cache-control"]).toBe("no-cache");
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations())).toHaveLength(0);
  });

  test("offline, the card page still shows the last stamps and the short code, with the bar", async ({
    accounts,
    server,
  }) => {
    const company = await accounts.company({
      companyName: "Café Offline",
      email: "offline@example.com",
    });
    const panel = await accounts.signedIn(company);
    const customer = await accounts.customer({
      name: "Olívia Offline",
      email: "olivia@example.com",
      origin: { empresa_id: company.id, origem: "qrcode_empresa" },
    });
    const context = await accounts.signedIn(customer, {
      serviceWorkers: "allow",
      viewport: { width: 360, height: 780 },
    });
    const [card] = (await (await context.request.get("/api/me/cards")).json()) as { id: string }[];
    for (let n = 0; n < 3; n++) {
      const res = await panel.request.post(`/api/cards/${card?.id}/stamps`, {
        data: { method: "purchase", notes: "" },
        headers: { origin: server.baseUrl },
      });
      expect(res.status()).toBe(201);
    }

    const page = await context.newPage();
    await page.goto("/dashboard-cliente");
    await controlled(page);
    // Online: the card page and the counter code, fetched once through the worker.
    await page.goto(`/dashboard-cliente-cartao-fidelidade/${company.id}`);
    await page.getByText("3/10 carimbos").waitFor();
    await page.getByRole("button", { name: "Mostrar no balcão" }).first().click();
    const shortCode = await page.getByTestId("counter-short-code").textContent();
    expect(shortCode).toMatch(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("offline-bar")).toBeHidden();

    await context.setOffline(true);
    await page.reload();
    await page.getByText("3/10 carimbos").waitFor();
    const bar = page.getByTestId("offline-bar");
    await expect(bar).toHaveText(/^Sem conexão — mostrando dados de \d{2}:\d{2}$/);
    await page.getByRole("button", { name: "Mostrar no balcão" }).first().click();
    await expect(page.getByTestId("counter-short-code")).toHaveText(shortCode ?? "");
    // The QR code is signed for 30 seconds: offline it is not shown, the short code stays.
    await expect(
      page.getByText("Sem conexão, o QR code não pode ser renovado agora."),
    ).toBeVisible();
    await expect(page.getByTestId("counter-qr")).toHaveCount(0);
    await page.screenshot({ path: "/tmp/pwa-offline-code-360.png" });
    await page.keyboard.press("Escape");
    await page.screenshot({ path: "/tmp/pwa-offline-card-360.png", fullPage: true });

    // A navigation while offline (not a reload) gets the app's shell too.
    await page.goto("about:blank");
    await page.goto(`/dashboard-cliente-cartao-fidelidade/${company.id}`);
    await page.getByText("3/10 carimbos").waitFor();
    await expect(bar).toBeVisible();

    // Back online: the bar goes, and new stamps show.
    await context.setOffline(false);
    await panel.request.post(`/api/cards/${card?.id}/stamps`, {
      data: { method: "purchase", notes: "" },
      headers: { origin: server.baseUrl },
    });
    await page.goto(`/dashboard-cliente-cartao-fidelidade/${company.id}`);
    await page.getByText("4/10 carimbos").waitFor();
    await expect(bar).toBeHidden();

    // Signing out empties the kept data: offline, nothing of the customer's shows any more.
    await page.evaluate(() => fetch("/api/session", { method: "DELETE" }));
    expect(await keptData(page)).toEqual([]);
    await context.close();
    await panel.close();
  });

  test("'Instalar app' shows on a synthetic beforeinstallprompt and is gone after dismissal", async ({
    accounts,
  }) => {
    const customer = await accounts.customer({ name: "Igor Instala", email: "igor@example.com" });
    const context = await accounts.signedIn(customer, {
      viewport: { width: 360, height: 780 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto("/dashboard-cliente");
    await page.getByRole("heading", { name: "Meu painel" }).waitFor();
    const card = page.getByRole("region", { name: "Instalar app" });
    await expect(card).toBeHidden();

    const prompted = await dispatchInstallPrompt(page);
    await card.getByRole("button", { name: "Instalar" }).waitFor();
    await page.screenshot({ path: "/tmp/pwa-install-360.png" });
    await card.getByRole("button", { name: "Instalar" }).click();
    await expect.poll(() => page.evaluate(() => window.__installPrompted)).toBe(true);
    expect(prompted).toBe(true);
    await expect(card).toBeHidden();

    // Offered once: after a reload, the browser's event again shows nothing.
    await page.reload();
    await page.getByRole("heading", { name: "Meu painel" }).waitFor();
    await dispatchInstallPrompt(page);
    await expect(card).toBeHidden();
    await context.close();

    // On another device (fresh storage), closing the card also ends it for good.
    const other = await accounts.signedIn(customer, {
      viewport: { width: 360, height: 780 },
      hasTouch: true,
      isMobile: true,
    });
    const phone = await other.newPage();
    await phone.goto("/dashboard-cliente");
    await phone.getByRole("heading", { name: "Meu painel" }).waitFor();
    await dispatchInstallPrompt(phone);
    const again = phone.getByRole("region", { name: "Instalar app" });
    await again.getByRole("button", { name: "Agora não" }).click();
    await expect(again).toBeHidden();
    await phone.reload();
    await phone.getByRole("heading", { name: "Meu painel" }).waitFor();
    await dispatchInstallPrompt(phone);
    await expect(again).toBeHidden();
    await other.close();
  });
});

declare global {
  interface Window {
    __installPrompted?: boolean;
  }
}

/** Fires a `beforeinstallprompt` as Chromium does; returns whether the app prevented its default. */
function dispatchInstallPrompt(page: Page) {
  return page.evaluate(() => {
    const event = new Event("beforeinstallprompt", { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    event.prompt = async () => {
      window.__installPrompted = true;
    };
    event.userChoice = Promise.resolve({ outcome: "dismissed" });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

/** The URLs the service worker keeps for offline, read from the page's Cache Storage. */
async function keptData(page: Page) {
  return page.evaluate(async () => {
    const cache = (await caches.keys()).includes("carimbou-data")
      ? await caches.open("carimbou-data")
      : null;
    return cache ? (await cache.keys()).map((request) => new URL(request.url).pathname) : [];
  });
}
