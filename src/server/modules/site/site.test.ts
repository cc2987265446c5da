import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";

/** A built web app in miniature: both HTML entries, a manifest, a page chunk and its texts. */
function fakeWebRoot() {
  const root = mkdtempSync(join(tmpdir(), "carimbou-web-"));
  mkdirSync(join(root, "assets"));
  mkdirSync(join(root, ".vite"));
  const head = (entry: string) =>
    `<!doctype html>\n<html lang="pt-BR">\n  <head>\n    <meta name="description" content="default" />\n    <title>Default</title>\n    <script type="module" src="/assets/${entry}.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`;
  writeFileSync(join(root, "index.html"), head("index-app"));
  writeFileSync(join(root, "site.html"), head("site-entry"));
  writeFileSync(join(root, "counter.html"), head("counter-entry"));
  writeFileSync(join(root, "customer.html"), head("customer-entry"));
  writeFileSync(
    join(root, ".vite/manifest.json"),
    JSON.stringify({
      "site.html": { file: "assets/site-entry.js", isEntry: true, imports: ["_react.js"] },
      "_react.js": { file: "assets/react.js" },
      "_layout.js": { file: "assets/site-layout.js", imports: ["_react.js"] },
      "site/pages/company-landing-page.tsx": {
        file: "assets/company-landing-page.js",
        imports: ["_layout.js", "site.html"],
      },
      "_texts1.js": { file: "assets/texts-pt-BR-landing-company-1.js" },
      "_texts2.js": { file: "assets/texts-en-landing-company-2.js" },
      "_texts3.js": { file: "assets/texts-pt-BR-site-3.js" },
      "_texts4.js": { file: "assets/texts-pt-BR-common-4.js" },
    }),
  );
  writeFileSync(join(root, "og-image.png"), "png");
  mkdirSync(join(root, "prerendered"));
  writeFileSync(join(root, "prerendered/companyLanding.pt-BR.html"), "<h1>COMEÇAR AGORA</h1>");
  writeFileSync(join(root, "prerendered/companyLanding.en.html"), "<h1>START NOW</h1>");
  const script = `console.log(${JSON.stringify("x".repeat(4000))});`;
  writeFileSync(join(root, "assets/site-entry.js"), script);
  writeFileSync(join(root, "assets/site-entry.js.gz"), gzipSync(script));
  return root;
}

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = fakeWebRoot();
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe("pages of the public site", () => {
  it("sends a landing page with its title, description, canonical URL, Open Graph tags and chunks", async () => {
    const res = await t.request("/lp-empresa");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Carimbou para Empresas");
    expect(html).not.toContain("<title>Default</title>");
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="${TEST_APP_URL}/lp-empresa" />`);
    expect(html).toContain('<meta property="og:title" content="Carimbou para Empresas');
    expect(html).toContain(`<meta property="og:url" content="${TEST_APP_URL}/lp-empresa" />`);
    expect(html).toContain('<meta property="og:locale" content="pt_BR" />');
    expect(html).toContain(`<meta property="og:image" content="${TEST_APP_URL}/og-image.png" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain("/assets/site-entry.js");
    // The page's own chunks and its pt-BR texts are preloaded; the entry's are already linked.
    expect(html).toContain('href="/assets/company-landing-page.js"');
    expect(html).toContain('href="/assets/site-layout.js"');
    expect(html).toContain('href="/assets/texts-pt-BR-landing-company-1.js"');
    expect(html).toContain('href="/assets/texts-pt-BR-site-3.js"');
    expect(html).not.toContain("texts-en-landing-company");
    expect(html).not.toContain('modulepreload" crossorigin href="/assets/react.js"');
  });

  it("sends the page rendered at build time, in the language of the app-language cookie", async () => {
    const pt = await (await t.request("/lp-empresa")).text();
    expect(pt).toContain('<div id="root" data-lang="pt-BR"><h1>COMEÇAR AGORA</h1></div>');
    const en = await t.request("/lp-empresa", { cookie: "app-language=en" });
    expect(en.headers.get("vary")).toContain("Cookie");
    const enHtml = await en.text();
    expect(enHtml).toContain('<html lang="en">');
    expect(enHtml).toContain('<div id="root" data-lang="en"><h1>START NOW</h1></div>');
    expect(enHtml).toContain("<title>Carimbou for Businesses");
    expect(enHtml).toContain('href="/assets/texts-en-landing-company-2.js"');
    // A page not rendered at build time is rendered by the browser.
    expect(await (await t.request("/ajuda")).text()).toContain(
      '<div id="root" data-lang="pt-BR"></div>',
    );
  });

  it("answers the other public pages with their own titles, with or without a trailing slash", async () => {
    for (const [path, title] of [
      ["/", "Carimbou — Cartões fidelidade digitais"],
      ["/lp-usuarios/", "Carimbou para Clientes"],
      ["/lp-ia-suprema", "IA Suprema"],
      ["/ajuda", "Central de Ajuda"],
      ["/termos", "Termos de Uso"],
      ["/privacidade", "Política de Privacidade"],
    ]) {
      const res = await t.request(path as string);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain(`<title>${title}`);
    }
  });

  it("answers an unknown path with the 404 page and status 404, in English when it contains -en", async () => {
    const pt = await t.request("/pagina-que-nao-existe");
    expect(pt.status).toBe(404);
    const ptHtml = await pt.text();
    expect(ptHtml).toContain('<html lang="pt-BR">');
    expect(ptHtml).toContain("<title>Página não encontrada");
    expect(ptHtml).toContain('<meta name="robots" content="noindex" />');

    const en = await t.request("/something-en");
    expect(en.status).toBe(404);
    const enHtml = await en.text();
    expect(enHtml).toContain('<html lang="en">');
    expect(enHtml).toContain("<title>Page not found");
  });

  it("sends the app's HTML for the app's paths", async () => {
    for (const path of [
      "/dashboard",
      "/login-cliente",
      "/dashboard-cliente-cartao-fidelidade/abc",
    ]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain("/assets/index-app.js");
    }
  });

  it("sends the counter's light entry for /balcao opened as a page (decision 033)", async () => {
    for (const path of ["/balcao", "/balcao/"]) {
      const html = await (await t.request(path)).text();
      expect(html, path).toContain("/assets/counter-entry.js");
      expect(html, path).not.toContain("/assets/index-app.js");
    }
    // The counter screen's rotating code is a page of the app.
    expect(await (await t.request("/balcao/qr")).text()).toContain("/assets/index-app.js");
  });

  it("sends the customer dashboard's light entry for /dashboard-cliente only (decision 043)", async () => {
    for (const path of ["/dashboard-cliente", "/dashboard-cliente/"]) {
      const html = await (await t.request(path)).text();
      expect(html, path).toContain("/assets/customer-entry.js");
      expect(html, path).not.toContain("/assets/index-app.js");
    }
    // The customer area's other pages are the app's.
    for (const path of ["/dashboard-cliente/meus-dados", "/dashboard-cliente-cartoes-fidelidade"]) {
      expect(await (await t.request(path)).text(), path).toContain("/assets/index-app.js");
    }
  });

  it("publishes robots.txt and a sitemap of the public pages", async () => {
    const robots = await (await t.request("/robots.txt")).text();
    expect(robots).toContain("Disallow: /api/");
    expect(robots).toContain(`Sitemap: ${TEST_APP_URL}/sitemap.xml`);
    const sitemap = await t.request("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${TEST_APP_URL}/lp-empresa</loc>`);
    expect(xml).toContain(`<loc>${TEST_APP_URL}/privacidade</loc>`);
    expect(xml).not.toContain("/dashboard");
  });

  it("sends built scripts pre-compressed and cached for a year", async () => {
    const res = await t.request("/assets/site-entry.js", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cache-control")).toContain("immutable");
    const missing = await t.request("/assets/nope.js");
    expect(missing.status).toBe(404);
  });
});
