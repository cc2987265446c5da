import "../styles.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { notFoundLanguage, resolvePath, SITE_PAGE_FILES } from "@/shared/site";
import { applyStoredTheme } from "../lib/theme";
import { PageMeta } from "./components/page-meta";
import { SITE_PAGES } from "./pages";
import { loadTexts, type SiteNamespace } from "./texts";

/**
 * Entry of the public site (home, landing pages, help centre, legal pages, 404): React, the
 * page's own chunk and its texts, without the app's router, queries and forms (index.html).
 * The server sends this entry's HTML for these paths, with the page's chunks preloaded.
 */
applyStoredTheme();

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element in site.html");

const { pathname } = window.location;
const route = resolvePath(pathname);
const page = route.kind === "site" ? route.page : "notFound";
const namespaces = ["common", ...SITE_PAGE_FILES[page].namespaces] as SiteNamespace[];

void Promise.all([
  SITE_PAGES[page](),
  // The 404 page speaks the language of its path, not the visitor's preference (spec section 2).
  loadTexts(namespaces, page === "notFound" ? notFoundLanguage(pathname) : undefined),
]).then(([Page]) => {
  // A transition renders in slices that yield to the browser, so a long landing page does not
  // block the main thread in one piece while it first renders.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <PageMeta page={page} />
        <Page />
      </StrictMode>,
    );
  });
});
