import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { signInPathOf } from "./src/shared/auth-paths.ts";
import { isCounterPath, resolvePath } from "./src/shared/site.ts";

const web = (file: string) => fileURLToPath(new URL(`./src/web/${file}`, import.meta.url));

/**
 * Dev server: like the app server, the public site's paths (and unknown paths, the 404 page) get
 * site.html, the sign-in pages signin.html, the counter counter.html and the app's other paths
 * index.html.
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
        plugins: [react(), tailwindcss(), siteEntryInDev(), precompress()],
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
                    test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](camera-off|minus|plus|gift|user-round|search|chevron-right|key-round|layout-dashboard|log-out)\.mjs$/,
                  },
                  { name: "icons", priority: 1, test: /node_modules[\\/]lucide-react[\\/]/ },
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
