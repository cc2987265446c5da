/**
 * `npm run bench:pwa`: what the installable app's service worker (decision 036) costs and gives on
 * the customer's card page (/dashboard-cliente-cartao-fidelidade/:id), on a phone's network and
 * CPU: DevTools' "Regular 3G" (750 kbit/s down, 250 kbit/s up, 100 ms round trip) and a 4x CPU
 * slowdown, a 360×740 screen, Debian's Chromium against the built app on a fresh embedded
 * database. The network is shaped by a small TCP proxy in front of the app server rather than by
 * CDP, because CDP's emulation applies to the page only and the service worker's own downloads
 * (its precache) would go at full speed; the proxy shares one 3G link between the page and the
 * worker, as a phone does. The CPU slowdown is CDP's, on the page.
 *
 * For each of BENCH_PWA_RUNS runs (default 3; medians reported), a first visit with an empty cache
 * and service workers blocked, the same with the worker (first paint, the card on screen, bytes
 * the page fetched, then the worker activated and the bytes it precached), and repeat visits:
 * without the worker (the browser's HTTP cache alone), with it online, and with it offline. The
 * precache's size is read from the build (sw.js's list, each file's Brotli copy).
 * Rewrites the "## Installable app" section of docs/performance.md.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startAppServer } from "../e2e/support/app-server";
import { launchBrowser } from "../e2e/support/browser";
import { confirmedAccount, signInContext, turnCounterRulesOff } from "../e2e/support/fixtures";
import { startMailServer } from "../e2e/support/mail-server";
import { writePerformanceSection } from "./perf-doc";
import { scriptEnv } from "./script-env";

const SECTION = "## Installable app";
const root = new URL("..", import.meta.url).pathname;
const RUNS = Number(scriptEnv.BENCH_PWA_RUNS ?? 3);
const PHONE = { width: 360, height: 740 };
const CPU_RATE = 4;
/** DevTools' "Regular 3G": bytes per millisecond each way, and the round trip. */
const LINK = { downPerMs: (750 * 1024) / 8 / 1000, upPerMs: (250 * 1024) / 8 / 1000, rttMs: 100 };
const CARD_TEXT = "3/10 carimbos";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * A TCP proxy that sends every byte through one shared link of `LINK`'s speeds: each direction
 * is a queue drained at its rate, every piece arriving half a round trip after it was sent.
 */
function shapedProxy(target: number): Promise<{ port: number; close: () => Promise<void> }> {
  const direction = (perMs: number) => {
    let freeAt = 0;
    /** When (ms from now) `bytes` sent now arrive at the other end. */
    return (bytes: number) => {
      const now = performance.now();
      freeAt = Math.max(freeAt, now + LINK.rttMs / 2) + bytes / perMs;
      return freeAt - now;
    };
  };
  const down = direction(LINK.downPerMs);
  const up = direction(LINK.upPerMs);
  const pipe = (from: Socket, to: Socket, link: (bytes: number) => number) => {
    let last = 0;
    from.on("data", (chunk: Buffer) => {
      for (let offset = 0; offset < chunk.length; offset += 4096) {
        const piece = chunk.subarray(offset, offset + 4096);
        last = link(piece.length);
        setTimeout(() => to.writable && to.write(piece), last);
      }
    });
    from.on("end", () => setTimeout(() => to.end(), last));
  };
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection({ port: target, host: "127.0.0.1" });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
      socket.on("close", () => sockets.delete(socket));
    }
    pipe(client, upstream, up);
    pipe(upstream, client, down);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    }),
  );
}

/** Records, from the document's start, the first frame with `text` in the page (window.__card). */
const probe = (text: string) => `(() => {
  const text = ${JSON.stringify(text)};
  const check = () => {
    if (window.__card === undefined && document.body && document.body.textContent.includes(text)) {
      window.__card = -1;
      requestAnimationFrame(() => { window.__card = performance.now(); });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

type Visit = { fcp: number; card: number; kb: number };

/** Opens `url` in a new page of `context` and times it (the page's own bytes, from CDP). */
async function visit(context: BrowserContext, url: string): Promise<Visit & { page: Page }> {
  const page = await context.newPage();
  await page.addInitScript({ content: probe(CARD_TEXT) });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_RATE });
  let bytes = 0;
  cdp.on("Network.loadingFinished", (event) => {
    bytes += event.encodedDataLength;
  });
  await page.goto(url, { timeout: 120_000 });
  await page
    .waitForFunction(() => ((window as { __card?: number }).__card ?? -1) > 0, undefined, {
      timeout: 120_000,
    })
    .catch(async (error) => {
      await page.screenshot({ path: "/tmp/bench-pwa-failed.png" });
      throw new Error(`the card did not show at ${page.url()}: ${error}`);
    });
  const marks = await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    card: (window as unknown as { __card: number }).__card,
  }));
  return { ...marks, kb: bytes / 1024, page };
}

/**
 * What the worker precaches: the list the build injected into dist/web/sw.js, each file as the
 * server sends it to a browser that takes Brotli (its .br copy when the build wrote one).
 */
function precacheSize() {
  const dist = `${root}dist/web/`;
  const sw = readFileSync(`${dist}sw.js`, "utf8");
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? "");
  const bytes = urls.reduce((sum, url) => {
    const file = `${dist}${url}`;
    return sum + statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
  }, 0);
  return { precachedKb: bytes / 1024, precachedFiles: urls.length };
}

type Run = {
  noSw: Visit;
  withSw: Visit & { activated: number; precachedKb: number; precachedFiles: number };
  repeatNoSw: Visit;
  repeatSw: Visit;
  repeatOffline: Visit;
};

async function measure(browser: Browser, base: string, login: () => Promise<BrowserContext[]>) {
  const [blocked, allowed] = await login();
  if (!blocked || !allowed) throw new Error("no contexts");

  const first = await visit(blocked, base);
  await first.page.close();
  const repeatNoSw = await visit(blocked, base);
  await blocked.close();

  const withSw = await visit(allowed, base);
  await withSw.page.waitForFunction(
    () => navigator.serviceWorker.controller?.state === "activated",
    undefined,
    { timeout: 300_000 },
  );
  const activated = await withSw.page.evaluate(() => performance.now());
  await withSw.page.close();
  const repeatSw = await visit(allowed, base);
  await repeatSw.page.close();
  await allowed.setOffline(true);
  const repeatOffline = await visit(allowed, base);
  await allowed.close();
  void browser;
  return {
    noSw: first,
    withSw: { ...withSw, activated, ...precacheSize() },
    repeatNoSw,
    repeatSw,
    repeatOffline,
  } satisfies Run;
}

async function main() {
  if (!scriptEnv.BENCH_PWA_NO_BUILD) {
    console.info("Building the web app...");
    execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
  }
  const mail = await startMailServer();
  const server = await startAppServer({ smtpUrl: mail.url });
  const proxy = await shapedProxy(Number(new URL(server.baseUrl).port));
  const browser = await launchBrowser();
  const runs: Run[] = [];
  try {
    const owner = {
      companyName: "Café Sem Sinal",
      email: "pwa.cafe@example.com",
      password: "segredo1",
      city: "São Paulo",
      state: "SP",
      phone: "(11) 98888-7777",
      sector: "alimentacao",
    };
    await confirmedAccount(server, mail, "company", owner);
    const panel = await browser.newContext();
    await signInContext(panel, server, owner.email, owner.password);
    await turnCounterRulesOff(panel.request, server);
    const companyId = (
      (await (await panel.request.get(`${server.baseUrl}/api/me`)).json()) as {
        company: { id: string };
      }
    ).company.id;
    const customer = {
      name: "Clara Cliente",
      email: "pwa.clara@example.com",
      password: "segredo1",
      city: "São Paulo",
      state: "SP",
      phone: "",
      birthDate: "",
    };
    await confirmedAccount(server, mail, "customer", customer);
    const login = async (options: { serviceWorkers: "block" | "allow" }) => {
      const context = await browser.newContext({ viewport: PHONE, locale: "pt-BR", ...options });
      await signInContext(context, server, customer.email, customer.password);
      return context;
    };
    const phone = await login({ serviceWorkers: "block" });
    const joined = await phone.request.post(`${server.baseUrl}/api/memberships`, {
      data: { companyId },
      headers: { origin: server.baseUrl },
    });
    if (!joined.ok()) throw new Error(`join: ${joined.status()} ${await joined.text()}`);
    const [card] = (await (await phone.request.get(`${server.baseUrl}/api/me/cards`)).json()) as {
      id: string;
    }[];
    await phone.close();
    for (let n = 0; n < 3; n++) {
      const stamped = await panel.request.post(`${server.baseUrl}/api/cards/${card?.id}/stamps`, {
        data: { method: "purchase", notes: "" },
        headers: { origin: server.baseUrl },
      });
      if (!stamped.ok()) throw new Error(`stamp: ${stamped.status()} ${await stamped.text()}`);
    }
    await panel.close();

    const url = `http://127.0.0.1:${proxy.port}/dashboard-cliente-cartao-fidelidade/${companyId}`;
    for (let i = 0; i < RUNS; i++) {
      const run = await measure(browser, url, async () => [
        await login({ serviceWorkers: "block" }),
        await login({ serviceWorkers: "allow" }),
      ]);
      runs.push(run);
      console.info(
        `run ${i + 1}: no SW card ${Math.round(run.noSw.card)} ms; SW card ${Math.round(run.withSw.card)} ms, activated ${Math.round(run.withSw.activated)} ms, precached ${run.withSw.precachedFiles} files ${run.withSw.precachedKb.toFixed(0)} KB; repeat: HTTP cache ${Math.round(run.repeatNoSw.card)} ms, SW ${Math.round(run.repeatSw.card)} ms, offline ${Math.round(run.repeatOffline.card)} ms`,
      );
    }
  } finally {
    await browser.close();
    await proxy.close();
    await server.close();
    await mail.close();
  }

  const m = (pick: (run: Run) => number) => median(runs.map(pick));
  const ms = (value: number) => `${Math.round(value).toLocaleString("en")} ms`;
  const kb = (value: number) => `${value.toFixed(0)} KB`;
  const row = (label: string, pick: (run: Run) => Visit) =>
    `| ${label} | ${ms(m((r) => pick(r).fcp))} | ${ms(m((r) => pick(r).card))} | ${kb(m((r) => pick(r).kb))} |`;
  const section = [
    `${SECTION} (\`npm run bench:pwa\`)`,
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on this project's 2-core machine by \`scripts/bench-pwa.ts\`: the customer's card page (\`/dashboard-cliente-cartao-fidelidade/:id\`, a card with 3 stamps), the built app on a fresh embedded database, Debian's Chromium, a 360×740 screen, DevTools' "Regular 3G" (750 kbit/s down, 250 kbit/s up, 100 ms round trip) shaped by a TCP proxy that the page and the service worker share (CDP's emulation would not slow the worker's downloads), and a 4x CPU slowdown (CDP, on the page). Medians of ${RUNS} runs, timed from the navigation's start: the first contentful paint, the card on screen ("3/10 carimbos", the first frame after it is in the page), and the bytes the page itself fetched (compressed, headers included; the worker's are counted apart).`,
    "",
    "| visit | first paint | card on screen | page's bytes |",
    "| --- | --- | --- | --- |",
    row("first visit, no service worker", (r) => r.noSw),
    row("first visit, service worker registered", (r) => r.withSw),
    row("repeat visit, no service worker (HTTP cache)", (r) => r.repeatNoSw),
    row("repeat visit, service worker, online", (r) => r.repeatSw),
    row("repeat visit, service worker, offline", (r) => r.repeatOffline),
    "",
    `The service worker's cost on the first visit: registered after the page's \`load\` and its first data (no query in flight for a second), it precached ${m((r) => r.withSw.precachedFiles)} files, ${kb(m((r) => r.withSw.precachedKb))} as the server sends them (Brotli; the list the build put in \`sw.js\`), and was active ${ms(m((r) => r.withSw.activated))} after the navigation started. The first paint and the card come before it starts (compare the first two rows).`,
    "",
  ].join("\n");
  console.info(`\n${section}`);
  writePerformanceSection(SECTION, section);
  console.info("Written to docs/performance.md");
}

await main();
