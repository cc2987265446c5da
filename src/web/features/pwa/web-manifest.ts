/**
 * The installable app's web manifests (issue 32, decision 036), read by vite.config.ts at build
 * time. A manifest has one `start_url`, and the app has two audiences: a customer opens their
 * cards (/dashboard-cliente), a staff member the counter (/balcao). So there are two files:
 * manifest.webmanifest (written by vite-plugin-pwa, linked from index.html, the customer's and the
 * panel's entry) and manifest-balcao.webmanifest (linked from counter.html instead). Their `id`s
 * differ, so a phone may hold both apps, each opening where its user works. Both are in pt-BR,
 * the product's first language; the texts inside the app follow the user's language.
 */

import type { ManifestOptions } from "vite-plugin-pwa";

/** The logo's purple (favicon.svg), the browser's bar and the splash screen's accent. */
export const THEME_COLOR = "#5b3fd6";
/** The app's light background (styles.css --background), behind the splash screen's icon. */
export const BACKGROUND_COLOR = "#fbfbfe";

/** Drawn from the favicon by scripts/make-app-icons.ts (committed under public/icons). */
const ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  {
    src: "/icons/icon-maskable-512.png",
    sizes: "512x512",
    type: "image/png",
    purpose: "maskable",
  },
];

/**
 * The customers' app (and the panel's: a company owner who installs it lands on /dashboard-cliente,
 * which the customer area's guard sends on to /dashboard).
 */
export const CUSTOMER_MANIFEST: Partial<ManifestOptions> = {
  id: "/dashboard-cliente",
  name: "Carimbou",
  short_name: "Carimbou",
  description: "Seus cartões fidelidade no celular: carimbos, recompensas e o código do balcão.",
  lang: "pt-BR",
  dir: "ltr",
  start_url: "/dashboard-cliente",
  scope: "/",
  display: "standalone",
  orientation: "portrait",
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  categories: ["shopping", "lifestyle"],
  icons: ICONS,
};

/** The counter's app, for the phone or tablet at the till. */
export const COUNTER_MANIFEST: Partial<ManifestOptions> = {
  ...CUSTOMER_MANIFEST,
  id: "/balcao",
  name: "Carimbou Balcão",
  short_name: "Balcão",
  description: "O balcão do Carimbou: carimbos e resgates pelo código ou QR do cliente.",
  start_url: "/balcao",
  // A tablet at the till may stand either way.
  orientation: "any",
  categories: ["business", "productivity"],
};

export const COUNTER_MANIFEST_FILE = "manifest-balcao.webmanifest";
