import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { signInPathOf } from "./src/shared/auth-paths.ts";
import {
  isCounterPath,
  isCustomerHomePath,
  resolvePath,
  SITE_PAGE_FILES,
} from "./src/shared/site.ts";
import {
  COUNTER_MANIFEST,
  COUNTER_MANIFEST_FILE,
  CUSTOMER_MANIFEST,
} from "./src/web/features/pwa/web-manifest.ts";

const web = (file: string) => fileURLToPath(new URL(`./src/web/${file}`, import.meta.url));

/**
 * Dev server: like the app server, the public site's paths (and unknown paths, the 404 page) get
 * site.html, the sign-in pages signin.html, the counter counter.html, the customer dashboard
 * customer.html (decision 043) and the app's other paths index.html.
 */
function siteEntryInDev(): Plugin {
  return {
    name: "carimbou-site-entry",
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [path = "/", query] = (req.url ?? "/").split("?");
        const isPage = req.method === "GET" && !path.includes(".") && !path.startsWith("/@");
        if (isPage && !path.startsWith("/api/") && !path.startsWith("/dev/")) {
          const entry =
            resolvePath(path).kind === "site"
              ? "/site.html"
              : signInPathOf(path)
                ? "/signin.html"
                : isCounterPath(path)
                  ? "/counter.html"
                  : isCustomerHomePath(path)
                    ? "/customer.html"
                    : "/index.html";
          req.url = query ? `${entry}?${query}` : entry;
        }
        next();
      });
    },
  };
}

/**
 * Writes .br and .gz beside each built script, style and WebAssembly file (the counter's QR reader,
 * 1 MB raw, about 460 KB gzipped), which the server sends as they are.
 */
function precompress(): Plugin {
  return {
    name: "carimbou-precompress",
    apply: "build",
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|svg|wasm)$/.test(name)) continue;
        const path = join(options.dir ?? "", name);
        const content = readFileSync(path);
        if (content.length < 1024) continue;
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

type ViteManifest = Record<
  string,
  { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }
>;

/**
 * What the service worker precaches (decision 036): the two app shells (index.html and
 * counter.html) with every script and style they import, the customer's pages with theirs, and
 * the app's texts (a few KB each; not the public site's). Not the panel's pages (the reports page alone is 117 KB gzipped: a
 * customer's phone must not download it), the public site's and sign-in pages' own chunks, nor
 * the QR reader's WebAssembly (1 MB); the service worker keeps those once loaded (its /assets/
 * route). Read from the build's Vite manifest, after the build wrote it.
 */
function appShellFiles(outDir: string): Set<string> {
  const manifest: ViteManifest = JSON.parse(
    readFileSync(join(outDir, ".vite/manifest.json"), "utf8"),
  );
  const siteTexts = new Set(Object.values(SITE_PAGE_FILES).flatMap((page) => page.namespaces));
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, dynamic: boolean) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const child of chunk.imports ?? []) visit(child, dynamic);
    if (dynamic) for (const child of chunk.dynamicImports ?? []) visit(child, dynamic);
  };
  visit("index.html", false);
  visit("counter.html", false);
  visit("customer.html", false);
  for (const key of Object.keys(manifest)) {
    if (key.startsWith("routes/customer/")) visit(key, true);
    const texts = /^locales\/[^/]+\/([^/]+)\.json$/.exec(key);
    if (texts && !siteTexts.has(texts[1] ?? "")) visit(key, false);
  }
  for (const file of [...files]) if (file.endsWith(".wasm")) files.delete(file);
  return files;
}

/**
 * The installable app (issue 32, decision 036): vite-plugin-pwa writes manifest.webmanifest (the
 * customer's app) and bundles src/web/sw/sw.ts into /sw.js with the precache list injected. The
 * app registers the worker itself once a user is signed in (features/pwa/register.ts). This
 * plugin then gives counter.html the staff's manifest (start_url /balcao) and keeps the manifest
 * off the public site and the sign-in pages, whose HTML stays as it was.
 */
function installableApp(): Plugin[] {
  let outDir = "";
  const perEntry: Plugin = {
    name: "carimbou-manifest-per-entry",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const link = /\s*<link rel="manifest" href="[^"]*"[^>]*>/;
        if (context.path.endsWith("/counter.html")) {
          return html.replace(link, `\n    <link rel="manifest" href="/${COUNTER_MANIFEST_FILE}">`);
        }
        // The customer dashboard's entry (decision 043) is the customer's installed app's start.
        if (context.path.endsWith("/index.html") || context.path.endsWith("/customer.html")) {
          return html;
        }
        return html.replace(link, "");
      },
    },
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: COUNTER_MANIFEST_FILE,
        source: JSON.stringify(COUNTER_MANIFEST),
      });
    },
  };
  const pwa = VitePWA({
    strategies: "injectManifest",
    srcDir: "sw",
    filename: "sw.ts",
    injectRegister: false,
    manifestFilename: "manifest.webmanifest",
    includeManifestIcons: false,
    manifest: CUSTOMER_MANIFEST,
    injectManifest: {
      globPatterns: [
        "index.html",
        "counter.html",
        "customer.html",
        "assets/*.{js,css}",
        "icons/icon-192.png",
      ],
      // The app's chunks are named by their hash: no ?__WB_REVISION__ needed.
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      manifestTransforms: [
        (entries) => {
          const keep = appShellFiles(outDir);
          return {
            manifest: entries.filter(
              (entry) => !entry.url.startsWith("assets/") || keep.has(entry.url),
            ),
            warnings: [],
          };
        },
      ],
    },
  });
  return [...pwa, perEntry];
}

/**
 * The app's `import { toast, Toaster } from "sonner"` gets src/web/lib/toast.tsx (decision 042):
 * the same calls, with sonner fetched at the first touch or the first toast, not with the first
 * screen (9 KB gzipped). The shim itself imports the real sonner.
 */
function lazyToasts(): Plugin {
  const shim = web("lib/toast.tsx");
  return {
    name: "carimbou-lazy-toasts",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "sonner" && importer !== shim) return shim;
    },
  };
}

/** The modules of the company panel's first screen that are its own (see `panelFirstScreen`). */
const panelModules = new Set<string>();

/**
 * The company panel's first screen (its shell, `company-area`, and `/dashboard`) as one chunk
 * (decision 042): the modules that only the panel loads, instead of some 40 small chunks shared
 * between its pages, which cost about 10 KB gzipped more (each file compressed apart, with its
 * own imports and exports). Computed from the module graph once it is built: what the two routes
 * import statically, less whatever any other page or entry imports statically (the sign-in pages,
 * the counter, the site, the customer area, the public pages), so no other page downloads it.
 * A lazily loaded module counts as the panel's when only the panel's modules import it.
 */
function panelFirstScreen(): Plugin {
  return {
    name: "carimbou-panel-first-screen",
    apply: "build",
    buildEnd() {
      panelModules.clear();
      const info = (id: string) => this.getModuleInfo(id);
      const closure = (roots: Iterable<string>) => {
        const seen = new Set<string>();
        const stack = [...roots];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(info(id)?.importedIds ?? []));
        }
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const roots = ids.filter((id) => {
        const module = info(id);
        return module && (module.isEntry || module.dynamicImporters.length > 0);
      });
      const panelPage = /src[\\/]web[\\/]routes[\\/]company[\\/]/;
      const inside = new Set(roots.filter((id) => panelPage.test(id)));
      // Lazy modules only the panel imports (its dialogs, the bell's popover) are the panel's too.
      for (let grew = true; grew; ) {
        grew = false;
        const reach = closure(inside);
        for (const id of roots) {
          const module = info(id);
          if (inside.has(id) || !module || module.isEntry) continue;
          if (module.dynamicImporters.every((importer) => reach.has(importer))) {
            inside.add(id);
            grew = true;
          }
        }
      }
      const elsewhere = closure(roots.filter((id) => !inside.has(id)));
      const firstScreen = closure(
        [...inside].filter((id) =>
          /routes[\\/]company[\\/](company-area|dashboard-page)\.tsx$/.test(id),
        ),
      );
      for (const id of firstScreen) if (!elsewhere.has(id)) panelModules.add(id);
    },
  };
}

const alias = {
  "@shared": fileURLToPath(new URL("./src/shared", import.meta.url)),
  "@": fileURLToPath(new URL("./src", import.meta.url)),
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        // `vite build --ssr`: the public site's pages rendered to HTML at build time
        // (scripts/prerender-site.ts runs it and writes dist/web/prerendered/).
        root: "src/web",
        publicDir: false,
        plugins: [react()],
        resolve: { alias },
        logLevel: "warn",
        build: {
          ssr: "site/prerender.tsx",
          outDir: "../../dist/site-ssr",
          emptyOutDir: true,
        },
      }
    : {
        root: "src/web",
        publicDir: "public",
        plugins: [
          react(),
          tailwindcss(),
          siteEntryInDev(),
          precompress(),
          lazyToasts(),
          panelFirstScreen(),
          ...installableApp(),
        ],
        resolve: { alias },
        build: {
          outDir: "../../dist/web",
          emptyOutDir: true,
          // The server reads it to preload each public page's chunks with its HTML.
          manifest: true,
          modulePreload: { polyfill: false },
          rolldownOptions: {
            input: {
              index: web("index.html"),
              site: web("site.html"),
              signin: web("signin.html"),
              counter: web("counter.html"),
              customer: web("customer.html"),
            },
            output: {
              // Fewer, larger shared chunks: every request costs a round trip on a phone's network.
              codeSplitting: {
                // A group holds only the modules its test names, not what they import.
                includeDependenciesRecursively: false,
                groups: [
                  {
                    // React and React DOM in one chunk, whichever of the three entries loads them.
                    name: "react",
                    priority: 3,
                    test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                  },
                  {
                    // lucide's runtime and the icons of the sign-in page (and the spinner): the
                    // sign-in entry loads these without the app's other icons (decision 018).
                    name: "icons-shell",
                    priority: 2,
                    test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]((?!icons[\\/]).*|icons[\\/](languages|eye|eye-off|circle-exclamation-point|circle-check|loader-circle|stamp|chevron-down)\.mjs)$/,
                  },
                  {
                    // The icons of the counter's light entry (decision 033), apart from the rest.
                    name: "icons-counter",
                    priority: 2,
                    test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](camera-off|minus|plus|gift|user-round|search|chevron-right|key-round|layout-dashboard|log-out|cloud-off|triangle-alert|triangle-exclamation-point|x)\.mjs$/,
                  },
                  {
                    // The other icons of the company panel's first screen (its shell and the
                    // dashboard, decision 042), apart from the rest of the app's.
                    name: "icons-panel",
                    priority: 2,
                    test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](arrow-left|bell|calendar-clock|chart-column|check|circle-question-mark|copy|credit-card|download|external-link|file-down|file-text|flask-conical|handshake|list-filter|message-square|panel-left|plug|qr-code|receipt|scan-line|settings|sparkles|user-cog|users|wallet)\.mjs$/,
                  },
                  {
                    // The customer dashboard's light entry's other icons (decision 043): it takes
                    // these and the other small groups above, not the whole `icons` chunk.
                    name: "icons-customer",
                    priority: 2,
                    test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](bot|mail-open|map-pin|megaphone|share|store|wifi-off)\.mjs$/,
                  },
                  {
                    // The public site's icons that none of the groups above holds: the site
                    // takes these and those groups, not the whole `icons` chunk (100 KB a page).
                    name: "icons-site",
                    priority: 2,
                    test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](arrow-down|arrow-right|arrow-up|badge-check|bike|book-open-text|building-complex|cake|circle-x|clock|code-xml|coffee|croissant|crown|dumbbell|face-slightly-smiling|file-x-corner|info|log-in|mail|menu|message-circle|message-square-text|messages-square|newspaper|paw-print|pill|rocket|sandwich|scissors|search-x|settings-2|share-2|shield-check|shopping-bag|smartphone|star|tag|thumbs-up|timer|trending-down|trending-up|user|user-plus|user-x|utensils-crossed|wallet-cards|washing-machine|zap)\.mjs$/,
                  },
                  { name: "icons", priority: 1, test: /node_modules[\\/]lucide-react[\\/]/ },
                  {
                    // The company panel's first screen: one chunk (decision 042).
                    name: "panel",
                    test: (id) => panelModules.has(id),
                  },
                  {
                    name: "site-ui",
                    // Only the site's own shared components: the app does not load this chunk.
                    test: /src[\\/]web[\\/]site[\\/]components[\\/][^\\/]+\.tsx?$/,
                  },
                ],
              },
              // Texts are named by language and namespace (texts-pt-BR-site-….js), so the server can
              // preload the ones a public page needs.
              chunkFileNames: (chunk) => {
                const texts = chunk.moduleIds.map((id) =>
                  /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(id),
                );
                const [first] = texts;
                return first && texts.every(Boolean)
                  ? `assets/texts-${first[1]}-${first[2]}-[hash].js`
                  : "assets/[name]-[hash].js";
              },
            },
          },
        },
        server: { proxy: { "/api": "http://localhost:3000", "/dev": "http://localhost:3000" } },
      },
);
