import "../styles.css";
import type { Role } from "@shared/auth.schema";
import { SIGN_UP_PATHS, type SignInPath, signInPathOf } from "@shared/auth-paths";
import { StrictMode, Suspense } from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { FullPageSpinner } from "../components/full-page-spinner";
import { PageLanguage } from "../components/page-language";
import { handOverToApp, type SignInHandoff } from "../features/auth/handoff";
import { i18n, loadNamespaces } from "../lib/i18n";
import { applyStoredTheme } from "../lib/theme";
import { SignInPage } from "./sign-in-page";
import { Toasts } from "./toasts";

/**
 * Entry of the sign-in pages (decision 018): React, the app's texts (i18next) and a sign-in form
 * of their own, without the app's router, queries, form library and schemas, which a first visit
 * does not need. The app itself (app.tsx) is fetched as soon as the visitor does something on the
 * page (it is the next page anyway) and mounted here for everything past the sign-in form.
 */
applyStoredTheme();

const element = document.getElementById("root");
if (!element) throw new Error("Missing #root element in signin.html");
const container: HTMLElement = element;

const PAGES: Record<SignInPath, { account: Role; english: boolean }> = {
  "/login-admin": { account: "admin", english: false },
  "/login-admin-en": { account: "admin", english: true },
  "/login-cliente": { account: "customer", english: false },
  "/login-client-en": { account: "customer", english: true },
};

/** A company's, partner's or member's sign-up link: the app's customer page shows it. */
const ORIGIN_PARAMS = ["empresa_id", "origem", "parceria", "afiliado", "indicador", "empresa"];

const loadApp = () => import("../app");
let light: Root | null = null;
let opening = false;

/** Mounts the app on this page (its router shows the same page), with what the form handed over. */
async function openApp(handoff: SignInHandoff | null) {
  if (opening) return;
  opening = true;
  const { mountApp } = await loadApp().catch((error: unknown) => {
    opening = false; // Offline for a moment: the next click tries again.
    throw error;
  });
  handOverToApp(handoff);
  light?.unmount();
  light = null;
  mountApp(container);
}

const path = signInPathOf(window.location.pathname) ?? "/login-admin";
const page = PAGES[path];
const params = new URLSearchParams(window.location.search);

if (ORIGIN_PARAMS.some((name) => params.get(name)?.trim())) {
  void openApp(null);
} else {
  // The app is the next page: fetch it once the visitor starts using this one.
  const prefetch = () => void loadApp();
  for (const type of ["pointerdown", "keydown", "focusin"]) {
    document.addEventListener(type, prefetch, { once: true, passive: true });
  }
  const form = (
    <SignInPage account={page.account} signUpPath={SIGN_UP_PATHS[path]} openApp={openApp} />
  );
  void loadNamespaces(["auth", "layout"]).then(() => {
    light = createRoot(container);
    light.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={<FullPageSpinner />}>
            {page.english ? <PageLanguage language="en">{form}</PageLanguage> : form}
          </Suspense>
          <Toasts />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}
