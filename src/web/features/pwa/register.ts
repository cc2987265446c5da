/**
 * Registers the service worker (/sw.js, src/web/sw/sw.ts; decision 036) once the page has loaded,
 * so its precaching (the app's shells, a few hundred KB) never competes with the page's own
 * first download. Called by the app's entry when a user is signed in and by the counter's; never
 * by the public site or the sign-in pages, whose budgets stay as they are. A plain call, not
 * workbox-window: no chunk to fetch. The dev server has no worker.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register("/sw.js", { scope: "/" })
      .catch((error) => console.warn("Service worker registration failed", error));
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
