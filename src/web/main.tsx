import "./styles.css";
import { mountApp } from "./app";
import { authKeys } from "./features/auth/keys";
import { companyKeys } from "./features/companies/keys";
import { applyStoredTheme } from "./lib/theme";
import { queryClient } from "./providers";

applyStoredTheme();

/**
 * The installable app (decision 036), inline here rather than in modules of their own (each would
 * be one more chunk before the panel's first screen, whose budget is tight). Chromium fires
 * `beforeinstallprompt` as soon as the app is installable, often before the dashboard is drawn:
 * it is kept on `window` for the install card (features/pwa/install-card.tsx). The service
 * worker is registered once someone is signed in and the page has loaded, so a visitor of a QR
 * link or an invitation does not download the app's shells, and the precache never competes with
 * the page's own download (it waits for the page's first data to arrive).
 */
addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  Object.assign(window, { "carimbou:install-prompt": event });
  dispatchEvent(new Event("carimbou:install-prompt"));
});
const stopWatchingSession = queryClient.getQueryCache().subscribe(() => {
  if (!queryClient.getQueryData(authKeys.me)) return;
  stopWatchingSession();
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => void navigator.serviceWorker.register("/sw.js").catch(() => {});
  // After the page's first data too (its lazy pages and API answers come after `load`): the
  // precache then never delays the card on a first visit on a slow network.
  const whenQuiet = () => {
    let quiet = 0;
    const check = setInterval(() => {
      quiet = queryClient.isFetching() === 0 ? quiet + 1 : 0;
      if (quiet < 2) return;
      clearInterval(check);
      register();
    }, 500);
  };
  if (document.readyState === "complete") whenQuiet();
  else addEventListener("load", whenQuiet, { once: true });
});

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element in index.html");

/** Longest the server's landing waits for the app (a failed chunk: the app shows its error). */
const LANDING_HANDOVER_MS = 20_000;

/**
 * A company's QR link (modules/site/qr-landing.ts, decision 035): the server sent the welcome card
 * and a skeleton of the sign-up form in #root, with the card's data, to a visitor without a
 * session. The app starts from that data (no second request for it, no session check to wait
 * for), renders beside it unseen, and takes its place once it shows a page (its <main>), so the
 * card does not blink away behind a spinner.
 */
function takeOverLanding(element: HTMLElement, landing: Element) {
  const data = document.getElementById("qr-landing-data")?.textContent;
  try {
    const company = data ? (JSON.parse(data) as { id?: unknown }) : null;
    if (company && typeof company.id === "string") {
      queryClient.setQueryData(companyKeys.public(company.id), company);
      queryClient.setQueryData(authKeys.me, null);
    }
  } catch {
    // Unreadable data: the app asks the API itself.
  }
  const app = document.createElement("div");
  app.hidden = true;
  element.append(app);
  const show = () => {
    observer.disconnect();
    clearTimeout(timer);
    landing.remove();
    app.hidden = false;
  };
  const observer = new MutationObserver(() => {
    if (app.querySelector("main")) show();
  });
  observer.observe(app, { childList: true, subtree: true });
  const timer = setTimeout(show, LANDING_HANDOVER_MS);
  mountApp(app);
}

const landing = root.querySelector("[data-qr-landing]");
if (landing) takeOverLanding(root, landing);
else mountApp(root);
