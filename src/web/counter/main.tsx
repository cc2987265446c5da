import "../styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { i18n, loadNamespaces } from "../lib/i18n";
import { createQueryClient } from "../lib/query-client";
import { applyStoredTheme } from "../lib/theme";
import { CounterShell } from "./counter-shell";

/**
 * Entry of the counter (`/balcao` opened as a page: an Atendente's home after signing in, a phone
 * at the till), decision 033: React, the app's texts and queries and the counter itself, without
 * the panel's router, sidebar, bell, forms and schemas. Inside the panel, its router shows the same
 * counter (routes/company/counter-page.tsx) with the sidebar.
 */
applyStoredTheme();
// The app's service worker (decision 036): the counter opens without a connection. Registered
// after the page's load, so its precache never competes with the counter's own download; inline,
// not a module shared with the app's entry, which would be one more chunk to fetch.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  addEventListener("load", () => void navigator.serviceWorker.register("/sw.js").catch(() => {}));
}

const element = document.getElementById("root");
if (!element) throw new Error("Missing #root element in counter.html");
const root = createRoot(element);
const queryClient = createQueryClient();

void loadNamespaces(["counter", "layout", "errors", "validation"]).then(() =>
  root.render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <CounterShell />
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  ),
);
