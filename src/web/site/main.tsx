import "../styles.css";
import { notFoundLanguage, resolvePath } from "@shared/site";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { storedLanguage, syncLanguageCookie } from "../lib/language";
import { applyStoredTheme } from "../lib/theme";
import { SITE_PAGES } from "./pages";
import { SiteRoot } from "./root";
import { loadTexts, pageNamespaces, type SiteLanguage } from "./texts";

/**
 * Entry of the public site (home, landing pages, help centre, legal pages, 404): React, the
 * page's own chunk and its texts, without the app's router, queries and forms (index.html).
 * The server sends this entry's HTML for these paths with the page already rendered (at build
 * time, in the language of the `app-language` cookie) and its chunks preloaded; this hydrates it.
 */
applyStoredTheme();
syncLanguageCookie();

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element in site.html");

const { pathname } = window.location;
const route = resolvePath(pathname);
const page = route.kind === "site" ? route.page : "notFound";
// The 404 page speaks the language of its path, not the visitor's preference (spec section 2).
const language: SiteLanguage = page === "notFound" ? notFoundLanguage(pathname) : storedLanguage();

void Promise.all([SITE_PAGES[page](), loadTexts(pageNamespaces(page), language)]).then(([Page]) => {
  const app = <SiteRoot page={page} Page={Page} />;
  // A transition renders and hydrates in slices that yield to the browser, so a long landing
  // page does not block the main thread in one piece.
  startTransition(() => {
    if (root.dataset.lang === language && root.firstElementChild) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
});
