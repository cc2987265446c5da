import type { Browser, BrowserContext, Page } from "@playwright/test";
import { SITE_PATHS, SUPPORT_EMAIL } from "@shared/site";
import { axeViolations } from "./support/axe";
import { INITIAL_JS_BUDGET_BYTES, measureInitialJs } from "./support/initial-js";
import { test as base, expect } from "./support/test";

/** The public site reads no account: a visitor's own contexts, from `open` (closed after the test). */
const test = base.extend<{
  open: (path: string, options?: OpenOptions) => Promise<Opened>;
  url: (path: string) => string;
}>({
  url: async ({ baseURL }, use) => use((path: string) => `${baseURL}${path}`),
  open: async ({ browser, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (path, options) => {
      const opened = await openPage(browser, baseURL ?? "", path, options);
      contexts.push(opened.context);
      return opened;
    });
    for (const context of contexts) await context.close();
  },
});

// No test depends on another: the file's many short tests may spread over the workers.
test.describe.configure({ mode: "parallel" });

const PAGES = Object.keys(SITE_PATHS);
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 360, height: 740 };

type OpenOptions = {
  language?: "en" | "pt";
  /** The preference also in the cookie the server reads (as the web side writes it). */
  cookie?: boolean;
  viewport?: { width: number; height: number };
};
type Opened = { context: BrowserContext; page: Page; errors: string[] };

async function openPage(
  browser: Browser,
  baseURL: string,
  path: string,
  options: OpenOptions = {},
): Promise<Opened> {
  const url = (p: string) => `${baseURL}${p}`;
  const context = await browser.newContext({ baseURL, viewport: options.viewport ?? DESKTOP });
  if (options.language) {
    const language = options.language;
    await context.addInitScript((value) => localStorage.setItem("app-language", value), language);
    if (options.cookie) {
      await context.addCookies([{ name: "app-language", value: language, url: url("/") }]);
    }
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(url(path));
  await page.locator("h1").first().waitFor();
  return { context, page, errors };
}

const h1 = (page: Page) => page.locator("h1").first().innerText();

test.describe("public pages in both languages", () => {
  for (const path of PAGES)
    test(`${path} renders in Portuguese and in English, with lang, title and description`, async ({
      open,
    }) => {
      const pt = await open(path);
      expect(await pt.page.locator("html").getAttribute("lang")).toBe("pt-BR");
      expect(await pt.page.locator("h1").count()).toBe(1);
      const ptTitle = await h1(pt.page);
      const ptDocTitle = await pt.page.title();
      expect(ptDocTitle).toContain("Carimbou");
      expect(
        await pt.page.locator('meta[name="description"]').getAttribute("content"),
      ).toBeTruthy();
      expect(await pt.page.locator('meta[property="og:title"]').getAttribute("content")).toBe(
        ptDocTitle,
      );
      await pt.page.waitForLoadState("networkidle");
      expect(pt.errors).toEqual([]);
      await pt.context.close();

      const en = await open(path, { language: "en" });
      await expect.poll(() => en.page.locator("html").getAttribute("lang")).toBe("en");
      await expect.poll(() => h1(en.page)).not.toBe(ptTitle);
      await expect.poll(() => en.page.title()).not.toBe(ptDocTitle);
      await en.context.close();
    });

  for (const path of PAGES)
    test(`${path} comes already rendered in the HTML, in the cookie's language, and hydrates without errors`, async ({
      open,
      url,
    }) => {
      for (const language of ["pt", "en"] as const) {
        const { context, page, errors } = await open(path, { language, cookie: true });
        await page.waitForLoadState("networkidle");
        const html = await (await context.request.get(url(path))).text();
        const title = await h1(page);
        // The heading is in the HTML the server sent, before any script ran.
        const prerendered = /<h1[^>]*>([\s\S]*?)<\/h1>/
          .exec(html)?.[1]
          ?.replace(/<[^>]+>/g, "")
          .replace(/&#x27;/g, "'")
          .replace(/&quot;/g, '"')
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
          .replace(/&amp;/g, "&");
        expect(prerendered?.replace(/\s+/g, " ").trim(), `${path} ${language}`).toBe(
          title.replace(/\s+/g, " ").trim(),
        );
        expect(await page.locator("html").getAttribute("lang")).toBe(
          language === "en" ? "en" : "pt-BR",
        );
        expect(errors, `${path} ${language}`).toEqual([]);
        await context.close();
      }
    });

  test("switches language on the page and remembers it", async ({ open, url }) => {
    const { context, page } = await open("/lp-empresa");
    const before = await h1(page);
    // A click before the prerendered page is hydrated does nothing yet: a person clicks again.
    await expect(async () => {
      await page.getByRole("button", { name: "English" }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "en", { timeout: 1_000 });
    }).toPass();
    await expect.poll(() => h1(page)).not.toBe(before);
    expect(await page.evaluate(() => localStorage.getItem("app-language"))).toBe("en");
    await page.goto(url("/ajuda"));
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
    // /ajuda comes prerendered: until its script has hydrated it (slower on a busy machine) the
    // button does nothing yet, and a person clicks again.
    await expect(async () => {
      await page.getByRole("button", { name: "Português" }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR", { timeout: 1_000 });
    }).toPass();
    expect(await page.evaluate(() => localStorage.getItem("app-language"))).toBe("pt");
    await context.close();
  });
});

test.describe("404 page", () => {
  test("says 'Ops! Página não encontrada' with status 404 and a link home", async ({
    url,
    page,
  }) => {
    const res = await page.goto(url("/pagina-que-nao-existe"));
    expect(res?.status()).toBe(404);
    await page.getByRole("heading", { name: "Ops! Página não encontrada" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("pt-BR");
    await page.getByRole("link", { name: "Voltar para o início" }).click();
    await page.waitForURL(url("/"));
    await page.getByRole("link", { name: "Acessar como Empresa" }).waitFor();
  });

  test("says 'Oops! Page not found' in English for a path with -en, linking to /dashboard-en", async ({
    open,
    url,
    page,
  }) => {
    const res = await page.goto(url("/relatorio-en"));
    expect(res?.status()).toBe(404);
    await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.getByRole("link", { name: "Go to the dashboard" }).getAttribute("href")).toBe(
      "/dashboard-en",
    );
    // The visitor's language preference does not change the 404 of a Portuguese path.
    const en = await open("/nao-existe", { language: "en" });
    await en.page.getByRole("heading", { name: "Ops! Página não encontrada" }).waitFor();
    await en.context.close();
  });
});

test.describe("links and anchors", () => {
  for (const path of PAGES)
    test(`every link on ${path} leads to a page that exists, every anchor to its section`, async ({
      open,
      url,
    }) => {
      const { context, page } = await open(path);
      const hrefs = await page.$$eval("a[href]", (links) =>
        links.map((a) => a.getAttribute("href") ?? ""),
      );
      expect(hrefs.length).toBeGreaterThan(0);
      const checked = new Set<string>();
      for (const href of new Set(hrefs)) {
        if (href.startsWith("mailto:")) {
          expect(href).toBe(`mailto:${SUPPORT_EMAIL}`);
          continue;
        }
        expect(href, `${path}: ${href}`).toMatch(/^[/#]/);
        const target = new URL(href, url(path));
        if (target.hash) {
          const anchored = target.pathname === new URL(url(path)).pathname ? page : null;
          const other = anchored ? null : await context.newPage();
          const holder = anchored ?? other!;
          if (other) {
            await other.goto(target.toString());
            await other.locator("h1").first().waitFor();
          }
          expect(
            await holder.evaluate(
              (id) => document.getElementById(id) !== null,
              target.hash.slice(1),
            ),
            `${path}: anchor ${href}`,
          ).toBe(true);
          await other?.close();
        }
        if (checked.has(target.pathname)) continue;
        checked.add(target.pathname);
        const res = await context.request.get(url(target.pathname));
        expect(res.status(), `${path}: ${href}`).toBe(200);
      }
      await context.close();
    });
});

test.describe("mobile menu", () => {
  test("folds the header links into a menu at 360 px that opens, closes on a link and on Escape", async ({
    open,
  }) => {
    const { context, page } = await open("/lp-empresa", { viewport: PHONE });
    const toggle = page.getByRole("button", { name: "Abrir menu" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    expect(await menu.isVisible()).toBe(false);
    // The header's link is folded away (the footer has one of its own).
    expect(
      await page.getByRole("banner").getByRole("link", { name: "Para Usuários" }).isVisible(),
    ).toBe(false);

    // A tap before the prerendered page is hydrated does nothing yet: a person taps again.
    const close = page.getByRole("button", { name: "Fechar menu" });
    await expect(async () => {
      await toggle.click({ timeout: 1_000 });
      await expect(close).toHaveAttribute("aria-expanded", "true", { timeout: 1_000 });
    }).toPass();
    await menu.getByRole("link", { name: "Para Usuários" }).waitFor();
    expect(await menu.getByRole("link", { name: "Entrar" }).getAttribute("href")).toBe(
      "/login-admin",
    );
    expect(await menu.getByRole("link", { name: "Começar Grátis" }).getAttribute("href")).toBe(
      "/cadastro-empresa",
    );
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.isVisible()).toBe(false);

    await page.getByRole("button", { name: "Abrir menu" }).click();
    await menu.getByRole("link", { name: "Preços" }).click();
    await expect.poll(() => menu.isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe("#precos");
    await context.close();
  });
});

test.describe("responsive and accessible", () => {
  for (const path of PAGES)
    test(`${path} has no horizontal scrolling from 360 to 1440 px`, async ({ open }) => {
      for (const viewport of [PHONE, { width: 768, height: 1024 }, DESKTOP]) {
        const { context, page } = await open(path, { viewport });
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${path} at ${viewport.width}px`).toBeLessThanOrEqual(viewport.width);
        await context.close();
      }
    });

  for (const path of [...PAGES, "/pagina-inexistente"])
    test(`${path} has no serious or critical axe violation, in both languages and on a phone`, async ({
      open,
    }) => {
      for (const options of [{}, { language: "en" as const, viewport: PHONE }]) {
        const { context, page } = await open(path, options);
        const bad = (await axeViolations(page))
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.targets.join(", ")}`);
        expect(bad, `${path} ${JSON.stringify(options)}`).toEqual([]);
        await context.close();
      }
    });

  test("can be used with the keyboard: skip link first, then the header", async ({ open }) => {
    const { context, page } = await open("/lp-usuarios");
    await page.keyboard.press("Tab");
    const first = await page.evaluate(() => document.activeElement?.textContent);
    expect(first).toBe("Pular para o conteúdo");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("conteudo");
    await context.close();
  });
});

test.describe("speed budget", () => {
  for (const path of [...PAGES, "/pagina-inexistente"])
    test(`${path} downloads at most 100 KB of JavaScript (gzipped) to show itself, and none of the app's`, async ({
      url,
      page,
    }) => {
      const { files, gzipBytes } = await measureInitialJs(page, url(path));
      expect(
        gzipBytes,
        files.map((f) => `${f.path} ${f.gzipBytes}`).join("\n"),
      ).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
      expect(files.map((f) => f.path).join(" ")).not.toMatch(/company-area|dashboard-page|index-/);
    });
});

test.describe("what the landing pages promise (spec section 2)", () => {
  const hrefOf = (page: Page, name: string) =>
    page.getByRole("link", { name, exact: true }).first().getAttribute("href");

  test("/lp-empresa: 'Para Usuários' to /lp-usuarios; 'Entrar' to /login-admin; start and every plan button to /cadastro-empresa", async ({
    open,
  }) => {
    const { context, page } = await open("/lp-empresa");
    expect(await hrefOf(page, "Para Usuários")).toBe("/lp-usuarios");
    expect(await hrefOf(page, "Entrar")).toBe("/login-admin");
    for (const name of ["Começar Grátis", "COMEÇAR AGORA GRÁTIS"]) {
      expect(await hrefOf(page, name), name).toBe("/cadastro-empresa");
    }
    const planLinks = await page
      .locator("#pricing a[href]")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(planLinks.length).toBeGreaterThanOrEqual(2);
    expect(new Set(planLinks)).toEqual(new Set(["/cadastro-empresa"]));
    // The prices the product charges, with no struck-through price, discount or scarcity that
    // was never real (issue 29 item 18, CDC art. 37).
    const pricing = await page.locator("#pricing").innerText();
    for (const text of ["R$ 39,90", "R$ 249,00", "30 dias grátis"]) expect(pricing).toContain(text);
    for (const text of ["R$ 97,90", "60%", "vagas", "próximas 50"])
      expect(pricing, text).not.toContain(text);
    // No platform figure it cannot show from its data; the testimonials say they are illustrative.
    const main = await page.locator("main").innerText();
    for (const text of ["2.847", "40%", "4,9/5", "85%"]) expect(main, text).not.toContain(text);
    expect(await page.getByText("Depoimento ilustrativo", { exact: true }).count()).toBe(3);
    const footer = page.locator("footer");
    for (const href of ["/termos", "/privacidade", `mailto:${SUPPORT_EMAIL}`]) {
      expect(await footer.locator(`a[href="${href}"]`).count(), href).toBeGreaterThan(0);
    }
    await context.close();
  });

  test("/lp-usuarios: 'Começar Grátis' and the sign-up buttons go to /cadastro-cliente, 'Entrar' to /login-cliente", async ({
    open,
  }) => {
    const { context, page } = await open("/lp-usuarios");
    for (const name of [
      "CRIE SUA CONTA GRÁTIS",
      "CADASTRE-SE GRÁTIS AGORA",
      "QUERO ME CADASTRAR GRATUITAMENTE",
      "Começar Grátis",
    ]) {
      expect(await hrefOf(page, name), name).toBe("/cadastro-cliente");
    }
    for (const name of ["Já tem conta? Entrar", "Entrar"]) {
      expect(await hrefOf(page, name), name).toBe("/login-cliente");
    }
    expect(await page.locator('header a[href="#funcionalidades"]').count()).toBeGreaterThan(0);
    expect(await page.locator('header a[href="/"]').count()).toBe(1);
    expect(await page.getByText("Depoimento ilustrativo", { exact: true }).count()).toBe(3);
    await context.close();
  });

  test("/lp-usuarios: the FAQ has 8 questions, one open at a time, the first open, the open one closes", async ({
    open,
  }) => {
    const { context, page } = await open("/lp-usuarios");
    const questions = page.locator('[data-slot="faq"] button[aria-expanded]');
    expect(await questions.count()).toBe(8);
    const expanded = () =>
      questions.evaluateAll((b) => b.map((x) => x.getAttribute("aria-expanded")));
    const answerOf = async (i: number) =>
      page.locator(`#${await questions.nth(i).getAttribute("aria-controls")}`);
    expect(await expanded()).toEqual(["true", ...Array(7).fill("false")]);
    expect(await (await answerOf(0)).isVisible()).toBe(true);

    await questions.nth(2).click();
    expect(await expanded()).toEqual(["false", "false", "true", ...Array(5).fill("false")]);
    expect(await (await answerOf(2)).isVisible()).toBe(true);
    expect(await (await answerOf(0)).isVisible()).toBe(false);

    await questions.nth(2).click();
    expect(await expanded()).toEqual(Array(8).fill("false"));
    expect(await (await answerOf(2)).isVisible()).toBe(false);

    // Keyboard: a question is a button.
    await questions.nth(5).focus();
    await page.keyboard.press("Enter");
    expect((await expanded())[5]).toBe("true");
    await context.close();
  });

  test("/lp-ia-suprema: the offer goes to /ia-suprema; links home, to both landing pages and /login-cliente", async ({
    open,
  }) => {
    const { context, page } = await open("/lp-ia-suprema");
    const offer = page.locator("#oferta");
    expect(
      await offer.getByRole("link", { name: "Ativar IA Suprema agora" }).getAttribute("href"),
    ).toBe("/ia-suprema");
    for (const href of ["/", "/lp-empresa", "/lp-usuarios", "/login-cliente"]) {
      expect(
        await page.locator(`main a[href="${href}"], header a[href="${href}"]`).count(),
        href,
      ).toBeGreaterThan(0);
    }
    // The Supreme plan's real price and trial; no countdown, no "De R$ 497", no 50% off.
    const text = await offer.innerText();
    expect(text).toContain("R$ 249");
    expect(text).toContain("30 dias grátis para testar");
    for (const claim of ["497", "50%", "termina"]) expect(text, claim).not.toContain(claim);
    expect(await page.getByRole("timer").count()).toBe(0);
    expect(await page.locator("main").innerText()).not.toContain("+30%");
    await context.close();
  });

  test("/lp-ia-suprema: 'Ativar IA Suprema agora' takes a signed-in owner to /ia-suprema", async ({
    company,
  }) => {
    const { page } = company;
    await page.goto("/lp-ia-suprema");
    await page.locator("#oferta").getByRole("link", { name: "Ativar IA Suprema agora" }).click();
    await page.waitForURL((u) => u.pathname === "/ia-suprema");
    await page.getByRole("heading", { name: "IA Suprema", level: 1 }).waitFor();
  });
});

test.describe("help centre search", () => {
  test("filters the 6 guides, 10 questions and 6 articles as the user types, ignoring case and accents", async ({
    open,
  }) => {
    const { context, page } = await open("/ajuda");
    const counts = async () => ({
      docs: await page.locator("#documentacao h3").count(),
      faq: await page.locator('#faq [data-slot="faq"] button[aria-expanded]').count(),
      articles: await page.locator("#artigos h3").count(),
    });
    const total = async () => {
      const c = await counts();
      return c.docs + c.faq + c.articles;
    };
    expect(await counts()).toEqual({ docs: 6, faq: 10, articles: 6 });

    const search = page.getByRole("searchbox", { name: "Buscar na Central de Ajuda" });
    const status = page.getByRole("status");
    await search.pressSequentially("voucher");
    await expect.poll(() => status.innerText()).toMatch(/^\d+ resultados? para "voucher"$/);
    const found = Number((await status.innerText()).split(" ")[0]);
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(20);
    expect(await total()).toBe(found);

    await search.fill("INDICACAO");
    await expect.poll(() => status.innerText()).toContain('para "INDICACAO"');
    const withoutAccent = await total();
    await search.fill("indicação");
    await expect.poll(() => status.innerText()).toContain('para "indicação"');
    expect(await total()).toBe(withoutAccent);
    expect(withoutAccent).toBeGreaterThan(0);

    // The customer's question about the phone's wallet (issue 32).
    await search.fill("google wallet");
    await expect.poll(() => status.innerText()).toContain('para "google wallet"');
    await page
      .locator("#faq")
      .getByRole("button", { name: "Como adiciono meu cartão à Google Wallet?" })
      .waitFor();
    await search.fill("apple wallet");
    await page
      .locator("#faq")
      .getByRole("button", { name: "Como adiciono meu cartão à Apple Wallet?" })
      .waitFor();

    await search.fill("xyzzy quasar");
    await page.getByRole("heading", { name: 'Nenhum resultado para "xyzzy quasar"' }).waitFor();
    expect(await total()).toBe(0);
    expect(await page.locator("#contato").isVisible()).toBe(true);

    await page.getByRole("button", { name: "Limpar busca" }).click();
    await expect.poll(counts).toEqual({ docs: 6, faq: 10, articles: 6 });
    expect(await search.inputValue()).toBe("");
    await context.close();
  });

  test("opens a guide with the keyboard and offers the support e-mail", async ({ open }) => {
    const { context, page } = await open("/ajuda");
    const guide = page.locator("#documentacao h3 button").first();
    expect(await guide.getAttribute("aria-expanded")).toBe("false");
    await guide.focus();
    await page.keyboard.press("Enter");
    expect(await guide.getAttribute("aria-expanded")).toBe("true");
    expect(await page.locator(`#${await guide.getAttribute("aria-controls")}`).isVisible()).toBe(
      true,
    );
    expect(
      await page.locator(`#contato a[href="mailto:${SUPPORT_EMAIL}"]`).count(),
    ).toBeGreaterThan(0);
    await context.close();
  });
});

test.describe("legal pages", () => {
  test("/termos: 30-day trial then a monthly fee by card, São Paulo venue, January 2024", async ({
    open,
  }) => {
    const { context, page } = await open("/termos");
    const text = await page.locator("main").innerText();
    expect(text).toContain("janeiro de 2024");
    expect(text).toMatch(/30 dias/);
    expect(text).toMatch(/mensalidade/i);
    expect(text).toMatch(/cartão/);
    expect(text).toContain("São Paulo");
    await context.close();
  });

  test("/privacidade: the LGPD rights, how to exercise them, processors and periods (27/11/2026)", async ({
    open,
  }) => {
    const { context, page } = await open("/privacidade");
    const text = (await page.locator("main").innerText()).toLowerCase();
    for (const right of [
      "acesso",
      "correção",
      "exclusão",
      "portabilidade",
      "revogação do consentimento",
    ]) {
      expect(text, right).toContain(right);
    }
    expect(text).toContain(SUPPORT_EMAIL);
    expect(text).toContain("última atualização: 27/11/2026");
    // What the product really does (issue 34): the processors, the periods and 'Meus dados'.
    for (const fact of ["asaas", "meta", "24 horas", "7 dias", "30 dias", "5 anos", "meus dados"]) {
      expect(text, fact).toContain(fact);
    }
    await context.close();
  });
});
