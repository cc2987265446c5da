/**
 * `npm run bench:counter` (also run by `npm run bench:web`): the counter as the staff and the
 * customer feel it, in Debian's Chromium against the built app on a fresh embedded database. A
 * signed-in company opens /balcao on a 360 px phone, the customer's card page is open on another;
 * for each of 9 stamps the short code is typed and 'Buscar' pressed (→ the customer's card on the
 * staff screen), then '+1 carimbo' (→ 'Carimbo registrado!' on the staff screen, and the new count
 * on the customer's open page, without a reload: decision 031). Prints the medians and the worst,
 * and rewrites the "## The counter" section of docs/performance.md.
 */
import { execFileSync } from "node:child_process";
import { startAppServer } from "../e2e/support/app-server";
import { launchBrowser } from "../e2e/support/browser";
import { confirmedAccount, signInContext, turnCounterRulesOff } from "../e2e/support/fixtures";
import { startMailServer } from "../e2e/support/mail-server";
import { writePerformanceSection } from "./perf-doc";
import { scriptEnv } from "./script-env";

const root = new URL("..", import.meta.url).pathname;
const STAMPS = 9;
const PHONE = { width: 360, height: 740 };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const since = (start: number) => performance.now() - start;

async function main() {
  if (!scriptEnv.BENCH_COUNTER_NO_BUILD) {
    console.info("Building the web app...");
    execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
  }
  const mail = await startMailServer();
  const server = await startAppServer({ smtpUrl: mail.url });
  const browser = await launchBrowser();
  try {
    const company = {
      companyName: "Café Cronômetro",
      email: "cronometro@example.com",
      password: "segredo1",
      city: "São Paulo",
      state: "SP",
      phone: "(11) 98888-7777",
      sector: "alimentacao",
    };
    await confirmedAccount(server, mail, "company", company);
    const staff = await browser.newContext({ viewport: PHONE, locale: "pt-BR" });
    await signInContext(staff, server, company.email, company.password);
    // The interval and the daily cap off: the measure stamps one card nine times in a row.
    await turnCounterRulesOff(staff.request, server);
    const me = (await (await staff.request.get(`${server.baseUrl}/api/me`)).json()) as {
      company: { id: string };
    };
    const customer = {
      name: "Ana Cronômetro",
      email: "ana.cronometro@example.com",
      password: "segredo1",
      phone: "(11) 97777-6666",
      city: "São Paulo",
      state: "SP",
      birthDate: "1990-05-10",
      origin: { empresa_id: me.company.id, origem: "qrcode_empresa" },
    };
    await confirmedAccount(server, mail, "customer", customer);
    const pocket = await browser.newContext({ viewport: PHONE, locale: "pt-BR" });
    await signInContext(pocket, server, customer.email, customer.password);
    const code = (await (
      await pocket.request.get(`${server.baseUrl}/api/me/counter-code`)
    ).json()) as {
      shortCode: string;
    };

    const phone = await pocket.newPage();
    await phone.goto(`${server.baseUrl}/dashboard-cliente-cartao-fidelidade/${me.company.id}`);
    await phone.getByText("0/10 carimbos").first().waitFor();
    const counter = await staff.newPage();
    await counter.goto(`${server.baseUrl}/balcao`);

    const lookup: number[] = [];
    const confirmed: number[] = [];
    const onCustomer: number[] = [];
    for (let i = 1; i <= STAMPS; i++) {
      await counter.getByLabel("Código do cliente").fill(code.shortCode);
      let start = performance.now();
      await counter.getByRole("button", { name: "Buscar" }).click();
      await counter.getByRole("button", { name: "+1 carimbo" }).waitFor();
      lookup.push(since(start));
      start = performance.now();
      await counter.getByRole("button", { name: "+1 carimbo" }).click();
      await counter.getByText(`Agora ${i}/10.`).waitFor();
      confirmed.push(since(start));
      await phone.getByText(`${i}/10 carimbos`).first().waitFor({ timeout: 10_000 });
      onCustomer.push(since(start));
      await counter.getByRole("button", { name: "Próximo cliente" }).click();
    }

    const ms = (x: number) => `${Math.round(x)} ms`;
    const rows = [
      ["short code typed → 'Buscar' → the customer's card on the staff screen", lookup],
      ["'+1 carimbo' → 'Carimbo registrado!' on the staff screen", confirmed],
      ["'+1 carimbo' → the new count on the customer's open card page", onCustomer],
    ] as const;
    for (const [what, xs] of rows) {
      console.info(`${what}: median ${ms(median(xs))}, worst ${ms(Math.max(...xs))}`);
    }
    writePerformanceSection(
      "## The counter",
      [
        "## The counter",
        "",
        `\`npm run bench:counter\` (${new Date().toISOString().slice(0, 10)}): the built app on the embedded`,
        "database, Debian's Chromium, two 360 px pages (the staff's /balcao, the customer's card page),",
        `${STAMPS} stamps on one card in a row, on this 2-core machine. The customer's page is not reloaded:`,
        "it polls its cards' fingerprint every second while visible (decision 031), so its delay is the",
        "stamp's answer plus up to a second.",
        "",
        "| step | median | worst |",
        "| --- | --- | --- |",
        ...rows.map(([what, xs]) => `| ${what} | ${ms(median(xs))} | ${ms(Math.max(...xs))} |`),
        "",
      ].join("\n"),
    );
    console.info("Written to docs/performance.md");
  } finally {
    await browser.close();
    await server.close();
    await mail.close();
  }
}

await main();
