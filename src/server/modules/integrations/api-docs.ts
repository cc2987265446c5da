import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { Hono } from "hono";
import { AppError } from "../../errors";
import { PUBLIC_DOCUMENT_PATH } from "./public-document";

/**
 * `/api/docs`: the public API's interactive reference (issue 33), Swagger UI (swagger-ui-dist)
 * served from our own origin over `GET /api/v1/openapi.json`, with 'Authorize' for the bearer key
 * and 'Try it out' against the same origin. The app's CSP (middleware/security-headers.ts) holds:
 * no inline script (the page loads the bundle and a small init file), styles from our origin and
 * inline. The files come from node_modules, read once and kept (gzipped) in memory.
 */

export const API_DOCS_PATH = "/api/docs";
const ASSETS = `${API_DOCS_PATH}/assets`;

const distDir = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const distVersion = (
  JSON.parse(readFileSync(join(distDir, "package.json"), "utf8")) as { version: string }
).version;

/** The page's own start-up script (served as a file: the CSP allows no inline script). */
const INIT_JS = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(PUBLIC_DOCUMENT_PATH)},
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
    persistAuthorization: false,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 0,
    docExpansion: "list",
    filter: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout"
  });
});
`;

const PAGE = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Carimbou API: referência</title>
<meta name="description" content="Referência interativa da API pública do Carimbou (/api/v1).">
<link rel="stylesheet" href="${ASSETS}/swagger-ui.css?v=${distVersion}">
<link rel="icon" type="image/png" href="${ASSETS}/favicon-32x32.png?v=${distVersion}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${ASSETS}/swagger-ui-bundle.js?v=${distVersion}"></script>
<script src="${ASSETS}/init.js?v=${distVersion}"></script>
</body>
</html>
`;

type Asset = { type: string; body: Buffer; gzip?: Buffer };

const ASSET_FILES: Record<string, string> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

const cache = new Map<string, Asset>();

function asset(name: string): Asset | undefined {
  const cached = cache.get(name);
  if (cached) return cached;
  let made: Asset | undefined;
  if (name === "init.js") {
    const body = Buffer.from(INIT_JS);
    made = { type: "text/javascript; charset=utf-8", body };
  } else {
    const type = ASSET_FILES[name];
    if (!type) return undefined;
    const body = readFileSync(join(distDir, name));
    made = { type, body, ...(type.startsWith("image/") ? {} : { gzip: gzipSync(body) }) };
  }
  cache.set(name, made);
  return made;
}

/** GET /api/docs and its files (mounted at the root, before the session is read). */
export function apiDocsRoutes() {
  const app = new Hono();
  app.get(API_DOCS_PATH, (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(PAGE);
  });
  app.get(`${ASSETS}/:name`, (c) => {
    const file = asset(c.req.param("name"));
    if (!file) throw new AppError("not_found", 404, "No such file");
    c.header("Content-Type", file.type);
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("Vary", "Accept-Encoding");
    const gzip = file.gzip && /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
    if (gzip) c.header("Content-Encoding", "gzip");
    return c.body(new Uint8Array(gzip ? file.gzip! : file.body));
  });
  return app;
}
