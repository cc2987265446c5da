import "./styles.css";
import { mountApp } from "./app";
import { authKeys } from "./features/auth/keys";
import { companyKeys } from "./features/companies/keys";
import { captureInstallPrompt } from "./features/pwa/install-prompt";
import { registerServiceWorker } from "./features/pwa/register";
import { applyStoredTheme } from "./lib/theme";
import { queryClient } from "./providers";

applyStoredTheme();
captureInstallPrompt();

/**
 * The installable app's service worker (decision 036), registered once someone is signed in: a
 * visitor of a company's QR link or an invitation does not download the app's shells.
 */
const stopWatchingSession = queryClient.getQueryCache().subscribe(() => {
  if (!queryClient.getQueryData(authKeys.me)) return;
  stopWatchingSession();
  registerServiceWorker();
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
