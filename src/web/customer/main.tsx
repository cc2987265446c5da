import "../styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { CROSS_FEATURE_INVALIDATIONS } from "../invalidations";
import { i18n, loadNamespaces } from "../lib/i18n";
import { createQueryClient } from "../lib/query-client";
import { applyStoredTheme } from "../lib/theme";
import { CustomerShell } from "./customer-shell";

/**
 * Entry of the customer dashboard (`/dashboard-cliente` opened as a page: a customer's home after
 * signing in, the installed app's start page), decision 043: React, the customer's texts and
 * queries and the dashboard itself, without the app's router, zod, date-fns or the panel's texts.
 * Its links to the customer area's other pages load them as pages (lib/nav.tsx); inside the app,
 * its router shows the same dashboard (routes/customer/customer-dashboard-page.tsx).
 */
applyStoredTheme();
// The installed app's prompt, kept for the install card (as the app's main.tsx does).
addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  Object.assign(window, { "carimbou:install-prompt": event });
  dispatchEvent(new Event("carimbou:install-prompt"));
});
// The app's service worker (decision 036), registered after the page's load so its precache never
// competes with the dashboard's own download.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  addEventListener("load", () => void navigator.serviceWorker.register("/sw.js").catch(() => {}));
}

const element = document.getElementById("root");
if (!element) throw new Error("Missing #root element in customer.html");
const root = createRoot(element);
const queryClient = createQueryClient(CROSS_FEATURE_INVALIDATIONS);

void loadNamespaces([
  "customer",
  "customers",
  "counter",
  "interests",
  "messages",
  "notifications",
  "settings",
  "auth",
  "pwa",
  "layout",
  "errors",
  "validation",
]).then(() =>
  root.render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <CustomerShell />
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  ),
);
