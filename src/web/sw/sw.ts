/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly } from "workbox-strategies";
import { registerCounterSync } from "./counter-sync";
import {
  connectionPlugin,
  customerDataPlugin,
  DATA_CACHE,
  forgetCustomerData,
  isCustomerData,
  signedInUserPlugin,
} from "./data";
import { shellFor } from "./navigation";
import { registerPushHandlers } from "./push";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/**
 * The app's service worker (issue 32, decision 036), /sw.js, bundled by vite-plugin-pwa
 * (injectManifest) with the list of files to precache. What it does:
 * - keeps the app shells (index.html, counter.html, customer.html, their scripts and styles, the customer's
 *   pages and the texts) so the app opens without a connection;
 * - asks the network first for every page and, offline, answers with the shell the server would
 *   have sent (/balcao: counter.html; /dashboard-cliente: customer.html; the panels and the
 *   customer area's other pages: index.html);
 * - keeps the customer's last answers of GET /api/me… (data.ts), per user, so their cards and
 *   short code stay readable offline, and tells the page when it shows such an answer;
 * - the Web Push and counter-queue handlers of the other parts of issue 32.
 * A new version takes over at once (skipWaiting, clients.claim): the hashed files of the old one
 * are gone from the server after a deploy anyway.
 */

registerPushHandlers();
registerCounterSync();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Scripts, styles and the QR reader loaded while online that the precache does not hold. */
const ASSETS_CACHE = "carimbou-assets";

self.addEventListener("install", () => {
  void self.skipWaiting();
});
self.addEventListener("activate", (event) => {
  // A new version: the old files' hashes will not be asked for again.
  event.waitUntil(caches.delete(ASSETS_CACHE).then(() => self.clients.claim()));
});

/** Network first for pages; the cached shell when the network fails or takes over 5 seconds. */
const pages = new NetworkOnly({ networkTimeoutSeconds: 5 });
registerRoute(
  ({ request, url }) =>
    request.mode === "navigate" && url.origin === self.location.origin && !!shellFor(url.pathname),
  async (options) => {
    try {
      return await pages.handle(options);
    } catch (error) {
      const shell = await matchPrecache(shellFor(options.url.pathname) ?? "");
      if (shell) return shell;
      throw error;
    }
  },
);

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith("/assets/") &&
    request.method === "GET",
  new CacheFirst({ cacheName: ASSETS_CACHE }),
);

// Signing in or out: the cached answers of the previous user go, whatever the server answers.
for (const method of ["POST", "DELETE"] as const) {
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname.startsWith("/api/session"),
    async ({ request }) => {
      await forgetCustomerData();
      return fetch(request);
    },
    method,
  );
}

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === "/api/me",
  new NetworkFirst({
    cacheName: DATA_CACHE,
    networkTimeoutSeconds: 6,
    plugins: [signedInUserPlugin],
  }),
);
registerRoute(
  ({ url }) => url.origin === self.location.origin && isCustomerData(url.pathname),
  new NetworkFirst({
    cacheName: DATA_CACHE,
    networkTimeoutSeconds: 6,
    plugins: [customerDataPlugin],
  }),
);
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === "/api/me/cards/version",
  new NetworkOnly({ plugins: [connectionPlugin] }),
);
