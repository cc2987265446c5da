import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { resolvePath } from "./src/shared/site";

const web = (file: string) => fileURLToPath(new URL(`./src/web/${file}`, import.meta.url));

/**
 * Dev server: like the app server, the public site's paths (and unknown paths, the 404 page) get
 * site.html and the app's paths index.html.
 */
function siteEntryInDev(): Plugin {
  return {
    name: "carimbou-site-entry",
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [path = "/", query] = (req.url ?? "/").split("?");
        const isPage = req.method === "GET" && !path.includes(".") && !path.startsWith("/@");
        if (isPage && !path.startsWith("/api/") && !path.startsWith("/dev/")) {
          const entry = resolvePath(path).kind === "site" ? "/site.html" : "/index.html";
          req.url = query ? `${entry}?${query}` : entry;
        }
        next();
      });
    },
  };
}

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), siteEntryInDev()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    // The server reads it to preload each public page's chunks with its HTML.
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: { input: { index: web("index.html"), site: web("site.html") } },
  },
  server: { proxy: { "/api": "http://localhost:3000", "/dev": "http://localhost:3000" } },
});
