import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CompanyLanding } from "@shared/company-landing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { companies } from "../companies/companies.table";
import { programs } from "../programs/programs.table";

/** The app's HTML entry in miniature, with its stylesheet, the sign-up route's chunk and texts. */
function fakeWebRoot() {
  const root = mkdtempSync(join(tmpdir(), "carimbou-qr-"));
  mkdirSync(join(root, ".vite"));
  writeFileSync(
    join(root, "index.html"),
    `<!doctype html>\n<html lang="pt-BR">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="viewport" content="width=device-width, initial-scale=1.0" />\n    <title>Carimbou</title>\n    <script type="module" crossorigin src="/assets/index-app.js"></script>\n    <link rel="stylesheet" crossorigin href="/assets/theme.css">\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n`,
  );
  writeFileSync(join(root, "site.html"), '<html><body><div id="root"></div></body></html>');
  writeFileSync(
    join(root, ".vite/manifest.json"),
    JSON.stringify({
      "index.html": { file: "assets/index-app.js", isEntry: true, imports: ["_react.js"] },
      "_react.js": { file: "assets/react.js" },
      "routes/auth/customer-login-page.tsx": {
        file: "assets/customer-login-page.js",
        imports: ["_react.js", "_form.js"],
      },
      "_form.js": { file: "assets/form.js" },
      "_t1.js": { file: "assets/texts-pt-BR-auth-1.js" },
      "_t2.js": { file: "assets/texts-en-auth-2.js" },
    }),
  );
  return root;
}

let t: TestApp;
let webRoot: string;
let cafe: { cookie: string; companyId: string };

const HOSTILE_NAME = `<script>alert("nome")</script> & Café 'Aurora'`;
const HOSTILE_REWARD = `<img src=x onerror=alert(1)>`;
const HOSTILE_TITLE = `</script><script>alert("título")</script>`;
const HOSTILE_DESCRIPTION = `<!-- <a href="javascript:alert(3)">metade do preço</a>`;

const link = (id: string) => `/cadastro-cliente?empresa_id=${id}&origem=qrcode_empresa`;

beforeAll(async () => {
  webRoot = fakeWebRoot();
  t = await createTestApp({ webRoot });
  cafe = await t.companySession({ companyName: "Café Aurora", email: "qr@example.com" });
  await t.db
    .update(companies)
    .set({
      brandColor: "#6b3e26",
      logoUrl: `/api/companies/${cafe.companyId}/logo?v="><script>`,
      birthdayStamps: 3,
      promotionActive: true,
      promotionTitle: "Semana do pão de queijo",
      promotionDescription: "Pão de queijo pela metade do preço.",
    })
    .where(eq(companies.id, cafe.companyId));
  await t.db
    .update(programs)
    .set({ stampsRequired: 8, reward: "1 café expresso" })
    .where(eq(programs.companyId, cafe.companyId));
});
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe("the printed QR code's address", () => {
  it("redirects /login-cliente with a company's link to the sign-up, parameters kept", async () => {
    const res = await t.request(
      `/login-cliente?empresa_id=${cafe.companyId}&origem=qrcode_empresa`,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(link(cafe.companyId));
    const en = await t.request(`/login-client-en/?empresa_id=${cafe.companyId}`);
    expect(en.headers.get("location")).toBe(`/signup-client-en?empresa_id=${cafe.companyId}`);
  });

  it("keeps the sign-in: no link, the confirmation's return, or 'entrar=1'", async () => {
    for (const query of [
      "",
      "?origem=qrcode_empresa",
      `?empresa_id=${cafe.companyId}&confirmado=1`,
      `?empresa_id=${cafe.companyId}&error=INVALID_TOKEN`,
      `?empresa_id=${cafe.companyId}&entrar=1`,
    ]) {
      const res = await t.request(`/login-cliente${query}`);
      expect(res.status, query).toBe(200);
    }
  });
});

describe("the landing's HTML", () => {
  it("carries the welcome card, the programme, the promotion and the brand colour before any script", async () => {
    const res = await t.request(link(cafe.companyId));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    const html = await res.text();
    expect(html).toContain("data-qr-landing");
    expect(html).toContain("<title>Café Aurora · Carimbou</title>");
    expect(html).toContain("Bem-vindo ao programa de fidelidade");
    expect(html).toContain("8 carimbos = 1 café expresso");
    expect(html).toContain("Semana do pão de queijo");
    expect(html).toContain("background-color:#6b3e26;color:#ffffff");
    expect(html).toContain("Ganhe 3 carimbos no seu aniversário.");
    expect(html).toContain("Você está se cadastrando pelo link direto da empresa.");
    // The stylesheet comes before the scripts; the sign-up route's code and texts are preloaded.
    expect(html.indexOf("theme.css")).toBeLessThan(html.indexOf("index-app.js"));
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/form.js" />');
    expect(html).toContain('href="/assets/texts-pt-BR-auth-1.js"');
    expect(html).not.toContain("texts-en-auth");
    expect(html).not.toContain('href="/assets/react.js"');
    // The app's data for the card: the same as the API's.
    const data = html.match(
      /<script type="application\/json" id="qr-landing-data">(.*?)<\/script>/,
    )?.[1];
    const api = (await (
      await t.request(`/api/companies/${cafe.companyId}/public`)
    ).json()) as CompanyLanding;
    expect(JSON.parse(data ?? "null")).toEqual(api);
    expect(api).toMatchObject({
      brandColor: "#6b3e26",
      program: { stampsRequired: 8, reward: "1 café expresso" },
      promotion: { title: "Semana do pão de queijo" },
      birthdayStamps: 3,
    });
  });

  it("escapes hostile company texts: no markup gets in, the JSON cannot close its script", async () => {
    await t.db
      .update(companies)
      .set({
        tradeName: HOSTILE_NAME,
        promotionTitle: HOSTILE_TITLE,
        promotionDescription: HOSTILE_DESCRIPTION,
      })
      .where(eq(companies.id, cafe.companyId));
    await t.db
      .update(programs)
      .set({ reward: HOSTILE_REWARD })
      .where(eq(programs.companyId, cafe.companyId));
    const html = await (await t.request(link(cafe.companyId))).text();
    // Only the entry's script and the data block are scripts; no other tag came from the texts.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<!--");
    expect(html).not.toContain('<a href="javascript');
    expect(html).not.toContain('"><script>');
    expect(html).toContain(
      "&lt;script&gt;alert(&quot;nome&quot;)&lt;/script&gt; &amp; Café &#39;Aurora&#39;",
    );
    expect(html).toContain("8 carimbos = &lt;img src=x onerror=alert(1)&gt;");
    const data = html.match(
      /<script type="application\/json" id="qr-landing-data">(.*?)<\/script>/,
    )?.[1];
    expect(JSON.parse(data ?? "null")).toMatchObject({
      tradeName: HOSTILE_NAME,
      program: { reward: HOSTILE_REWARD },
      promotion: { title: HOSTILE_TITLE, description: HOSTILE_DESCRIPTION },
    });
    await t.db
      .update(companies)
      .set({ tradeName: "Café Aurora" })
      .where(eq(companies.id, cafe.companyId));
  });

  it("leaves out a promotion that is off or over, and the birthday reason when the rule is off", async () => {
    await t.db
      .update(companies)
      .set({ promotionEndsOn: "2020-01-31", birthdayEnabled: false })
      .where(eq(companies.id, cafe.companyId));
    const html = await (await t.request(link(cafe.companyId))).text();
    expect(html).not.toContain("Promoção");
    expect(html).not.toContain("Ganhe 3 carimbos");
    expect(html).toContain("Algumas empresas dão carimbos de presente no seu aniversário.");
    await t.db
      .update(companies)
      .set({ promotionEndsOn: null, promotionActive: false, birthdayEnabled: true })
      .where(eq(companies.id, cafe.companyId));
    expect(await (await t.request(link(cafe.companyId))).text()).not.toContain("Promoção");
  });

  it("answers the plain page for an unknown or malformed company, a session, or no company", async () => {
    for (const path of [
      link("00000000-0000-4000-8000-000000000000"),
      link("nao-existe-123"),
      `/cadastro-cliente?empresa_id=${"<x>".repeat(50)}`,
      "/cadastro-cliente",
    ]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain("qr-landing-data");
    }
    const signedIn = await t.request(link(cafe.companyId), { cookie: cafe.cookie });
    expect(await signedIn.text()).not.toContain("qr-landing-data");
  });

  it("speaks English on /signup-client-en", async () => {
    const html = await (await t.request(`/signup-client-en?empresa_id=${cafe.companyId}`)).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("8 stamps = ");
    expect(html).toContain('href="/assets/texts-en-auth-2.js"');
  });
});
