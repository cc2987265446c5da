/**
 * `npm run bench:qr` (also run by `npm run bench:web`): the page a customer's phone opens from a
 * company's printed QR code, under DevTools' "Regular 3G" (750 kbit/s down, 250 kbit/s up, 100 ms
 * latency; Chromium's network emulation through CDP), with and without a 4x CPU slowdown, on a
 * 360×740 screen with an empty cache, in Debian's Chromium against the built app on a fresh
 * embedded database. The company is dressed as a café would be (brand colour, logo, '8 carimbos =
 * 1 café expresso', a running promotion). For each address, the median of BENCH_QR_RUNS runs
 * (default 3): the first contentful paint, when the company's name is on screen, when the sign-up
 * form can be typed in, and every request until the network is quiet with the bytes transferred.
 * Rewrites the "## QR landing page" section of docs/performance.md.
 */
import { execFileSync } from "node:child_process";
import type { Browser } from "playwright-core";
import { startAppServer } from "../e2e/support/app-server";
import { launchBrowser } from "../e2e/support/browser";
import { confirmedAccount, signInContext } from "../e2e/support/fixtures";
import { startMailServer } from "../e2e/support/mail-server";
import { dressCompany } from "../e2e/support/qr-landing";
import { writePerformanceSection } from "./perf-doc";
import { scriptEnv } from "./script-env";

const SECTION = "## QR landing page";
const root = new URL("..", import.meta.url).pathname;
const RUNS = Number(scriptEnv.BENCH_QR_RUNS ?? 3);
const PHONE = { width: 360, height: 740 };
/** DevTools' "Regular 3G" preset. */
const REGULAR_3G = {
  offline: false,
  latency: 100,
  downloadThroughput: (750 * 1024) / 8,
  uploadThroughput: (250 * 1024) / 8,
};
const TRADE_NAME = "Café Cronômetro";

type Run = { fcp: number; text: number; form: number; requests: number; kb: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Records, from the document's start, when `name` is first in the page (the next animation frame,
 * which waits for the styles: when it can be painted) and when a real e-mail field is there. A
 * string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
 */
const probe = (name: string) => `(() => {
  const name = ${JSON.stringify(name)};
  const check = () => {
    if (window.__text === undefined && document.body && document.body.textContent.includes(name)) {
      window.__text = -1;
      requestAnimationFrame(() => { window.__text = performance.now(); });
    }
    if (window.__form === undefined && document.querySelector("form input[type=email]")) {
      window.__form = -1;
      requestAnimationFrame(() => { window.__form = performance.now(); });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

async function measure(browser: Browser, url: string, cpuRate: number): Promise<Run> {
  const context = await browser.newContext({ viewport: PHONE, locale: "pt-BR" });
  const page = await context.newPage();
  await page.addInitScript({ content: probe(TRADE_NAME) });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", REGULAR_3G);
  if (cpuRate > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuRate });
  let requests = 0;
  let bytes = 0;
  cdp.on("Network.requestWillBeSent", (event) => {
    if (!event.request.url.startsWith("data:")) requests++;
  });
  cdp.on("Network.loadingFinished", (event) => {
    bytes += event.encodedDataLength;
  });
  await page.goto(url, { waitUntil: "networkidle", timeout: 120_000 });
  await page.waitForFunction(
    () => {
      const m = window as unknown as { __text?: number; __form?: number };
      return (m.__text ?? -1) > 0 && (m.__form ?? -1) > 0;
    },
    undefined,
    { timeout: 60_000 },
  );
  await page.waitForLoadState("networkidle");
  const marks = await page.evaluate(() => {
    const m = window as unknown as { __text: number; __form: number };
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
    return { fcp, text: m.__text, form: m.__form };
  });
  await context.close();
  return { ...marks, requests, kb: bytes / 1024 };
}

async function main() {
  if (!scriptEnv.BENCH_QR_NO_BUILD) {
    console.info("Building the web app...");
    execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
  }
  const mail = await startMailServer();
  const server = await startAppServer({ smtpUrl: mail.url });
  const browser = await launchBrowser();
  const rows: { label: string; profile: string; run: Run }[] = [];
  try {
    const owner = {
      companyName: TRADE_NAME,
      email: "qr.cronometro@example.com",
      password: "segredo1",
      city: "São Paulo",
      state: "SP",
      phone: "(11) 98888-7777",
      sector: "alimentacao",
    };
    await confirmedAccount(server, mail, "company", owner);
    const panel = await browser.newContext();
    await signInContext(panel, server, owner.email, owner.password);
    await dressCompany(panel.request, server);
    const me = (await (await panel.request.get(`${server.baseUrl}/api/me`)).json()) as {
      company: { id: string };
    };
    await panel.close();
    const query = `?empresa_id=${me.company.id}&origem=qrcode_empresa`;
    const cases = [
      {
        label: "`/login-cliente?empresa_id=…` (the printed QR code)",
        path: `/login-cliente${query}`,
      },
      { label: "`/cadastro-cliente?empresa_id=…`", path: `/cadastro-cliente${query}` },
    ];
    for (const { rate, profile } of [
      { rate: 1, profile: "Regular 3G" },
      { rate: 4, profile: "Regular 3G, 4x CPU" },
    ]) {
      for (const { label, path } of cases) {
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i++)
          runs.push(await measure(browser, `${server.baseUrl}${path}`, rate));
        const run: Run = {
          fcp: median(runs.map((r) => r.fcp)),
          text: median(runs.map((r) => r.text)),
          form: median(runs.map((r) => r.form)),
          requests: median(runs.map((r) => r.requests)),
          kb: median(runs.map((r) => r.kb)),
        };
        rows.push({ label, profile, run });
        console.info(
          `${profile} ${path.split("?")[0]}: FCP ${Math.round(run.fcp)} ms, name ${Math.round(run.text)} ms, form ${Math.round(run.form)} ms, ${run.requests} requests, ${run.kb.toFixed(1)} KB (runs: ${runs.map((r) => Math.round(r.text)).join(", ")} ms)`,
        );
      }
    }
  } finally {
    await browser.close();
    await server.close();
    await mail.close();
  }

  const ms = (value: number) => `${Math.round(value).toLocaleString("en")} ms`;
  const section = [
    `${SECTION} (\`npm run bench:qr\`)`,
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on this project's 2-core machine by \`scripts/bench-qr-landing.ts\`: the built app on a fresh embedded database, Debian's Chromium, a 360×740 screen, an empty cache, DevTools' "Regular 3G" network (750 kbit/s down, 250 kbit/s up, 100 ms latency, emulated through CDP), alone and with a 4x CPU slowdown. The company has a brand colour, a logo, the programme "8 carimbos = 1 café expresso" and a running promotion. Each figure is the median of ${RUNS} runs, timed from the navigation's start: the first contentful paint, the company's name on screen (the first frame after it is in the page), the sign-up form ready to type in, and every request until the network is quiet with the bytes transferred (compressed, headers included). Goal: text within 2 s on Regular 3G.`,
    "",
    "| address | network | first paint | company's name | form ready | requests | transferred |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows.map(
      ({ label, profile, run }) =>
        `| ${label} | ${profile} | ${ms(run.fcp)} | ${ms(run.text)} | ${ms(run.form)} | ${run.requests} | ${run.kb.toFixed(1)} KB |`,
    ),
    "",
  ].join("\n");
  console.info(`\n${section}`);
  writePerformanceSection(SECTION, section);
  console.info("Written to docs/performance.md");
}

await main();
