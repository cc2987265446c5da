import { randomUUID } from "node:crypto";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  type Page,
} from "@playwright/test";
import { startAppServer } from "./app-server";
import { turnCounterRulesOff } from "./fixtures";
import { startMailServer } from "./mail-server";

export { expect } from "@playwright/test";

export type MailServer = Awaited<ReturnType<typeof startMailServer>>;
export type AppServer = Awaited<ReturnType<typeof startAppServer>>;

/**
 * The same address with a tag no other test uses (`ana@example.com` → `ana.k3x9q2ab@example.com`):
 * the app server is shared by every file a worker runs, so an account's e-mail must be its test's own.
 */
export function uniqueEmail(email: string) {
  const [local, domain] = email.split("@");
  return `${local}.${randomUUID().slice(0, 8)}@${domain}`;
}

export const companyInput = (overrides: Record<string, unknown> = {}) => ({
  companyName: "Café Aurora",
  password: "segredo1",
  city: "São Paulo",
  state: "SP",
  phone: "(11) 3333-4444",
  sector: "alimentacao",
  ...overrides,
  email: uniqueEmail(String(overrides.email ?? "dono@example.com")),
});

export const customerInput = (overrides: Record<string, unknown> = {}) => ({
  name: "Ana Cliente",
  password: "segredo1",
  city: "Campinas",
  state: "SP",
  phone: "",
  birthDate: "",
  ...overrides,
  email: uniqueEmail(String(overrides.email ?? "cliente@example.com")),
});

type Credentials = { email: string; password: string };
export type CompanyAccount = ReturnType<typeof companyInput> & { id: string };
export type CustomerAccount = ReturnType<typeof customerInput> & { id: string };

/** Accounts made through the API (never the sign-up screens, which have tests of their own). */
export type Accounts = {
  /**
   * A confirmed company (its e-mail made unique from `overrides.email`), with its id. Its counter
   * rules' interval and daily cap are off (the journeys stamp one card again and again), unless
   * `counterRules: "defaults"` keeps every new company's 30 minutes and 5 a day.
   */
  company(
    overrides?: Record<string, unknown>,
    options?: { counterRules?: "off" | "defaults" },
  ): Promise<CompanyAccount>;
  /**
   * A confirmed customer; `origin: { empresa_id, origem }` joins a company as its QR link does.
   * The e-mail is made unique from `overrides.email`.
   */
  customer(overrides?: Record<string, unknown>): Promise<CustomerAccount>;
  /** A new browser context signed in as `who`: the session's cookies, as `storageState`. */
  signedIn(who: Credentials, options?: BrowserContextOptions): Promise<BrowserContext>;
};

type WorkerFixtures = {
  /**
   * More of the app server's variables for a file that needs them (`test.use({ serverEnv: {
   * WEB_CONCURRENCY: "2" } })`): such a file gets workers, and a server, of its own.
   */
  serverEnv: NodeJS.ProcessEnv;
  /** The worker's SMTP catcher: what the app server sends, kept until the worker ends. */
  mail: MailServer;
  /** The built app on its own database, one per worker, shared by the files that worker runs. */
  server: AppServer;
  accounts: Accounts;
};

type TestFixtures = {
  /** A fresh confirmed company, and a page signed in as it (1400×900, pt-BR). */
  company: { account: CompanyAccount; context: BrowserContext; page: Page };
  /** A fresh confirmed customer with no company yet, and a phone-sized page signed in as them. */
  customer: { account: CustomerAccount; context: BrowserContext; page: Page };
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverEnv: [{}, { scope: "worker", option: true }],
  mail: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first argument's pattern.
    async ({}, use) => {
      const mail = await startMailServer();
      await use(mail);
      await mail.close();
    },
    { scope: "worker" },
  ],
  server: [
    async ({ mail, serverEnv }, use) => {
      const server = await startAppServer({ smtpUrl: mail.url, env: serverEnv });
      await use(server);
      await server.close();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  accounts: [
    async ({ server, mail, browser, playwright }, use) => {
      // Each account made here comes from an address of its own (the server trusts one proxy
      // hop in the browser tests: app-server.ts), so the per-IP sign-up limit (30 an hour)
      // counts people, as in a real café, not this worker's whole run.
      let client = 0;
      const post = (path: string, body: unknown) =>
        fetch(`${server.baseUrl}${path}`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: server.baseUrl,
            "x-forwarded-for": `10.${process.pid % 250}.${Math.floor(++client / 250) % 250}.${client % 250}`,
          },
          body: JSON.stringify(body),
        });
      async function confirmed(
        kind: "company" | "customer",
        input: Credentials,
        counterRules: "off" | "defaults" = "off",
      ) {
        const res = await post(`/api/accounts/${kind}`, input);
        if (res.status !== 201)
          throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
        const confirmedRes = await fetch(await mail.linkSentTo(input.email), {
          redirect: "manual",
        });
        if (confirmedRes.status !== 302) throw new Error(`confirmation: ${confirmedRes.status}`);
        const session = await playwright.request.newContext({ baseURL: server.baseUrl });
        try {
          const signIn = await session.post("/api/session", {
            data: { email: input.email, password: input.password },
            headers: { origin: server.baseUrl },
          });
          if (signIn.status() !== 200) throw new Error(`sign-in failed: ${signIn.status()}`);
          if (kind === "company" && counterRules === "off") {
            await turnCounterRulesOff(session, server);
          }
          const me = (await (await session.get("/api/me")).json()) as {
            user: { id: string };
            company?: { id: string };
          };
          return kind === "company" ? (me.company?.id ?? "") : me.user.id;
        } finally {
          await session.dispose();
        }
      }
      await use({
        async company(overrides, options) {
          const input = companyInput(overrides);
          return { ...input, id: await confirmed("company", input, options?.counterRules) };
        },
        async customer(overrides) {
          const input = customerInput(overrides);
          return { ...input, id: await confirmed("customer", input) };
        },
        signedIn: (who, options) => signedInContext(browser, playwright, server, who, options),
      });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ server }, use) => use(server.baseUrl),
  company: async ({ accounts }, use) => {
    const account = await accounts.company();
    const context = await accounts.signedIn(account, { viewport: { width: 1400, height: 900 } });
    await use({ account, context, page: await context.newPage() });
    await context.close();
  },
  customer: async ({ accounts }, use) => {
    const account = await accounts.customer();
    const context = await accounts.signedIn(account, { viewport: { width: 360, height: 740 } });
    await use({ account, context, page: await context.newPage() });
    await context.close();
  },
});

async function signedInContext(
  browser: Browser,
  playwright: { request: { newContext: typeof import("@playwright/test").request.newContext } },
  server: AppServer,
  who: Credentials,
  options: BrowserContextOptions = {},
) {
  const session = await playwright.request.newContext({ baseURL: server.baseUrl });
  try {
    const res = await session.post("/api/session", {
      data: { email: who.email, password: who.password },
      headers: { origin: server.baseUrl },
    });
    if (res.status() !== 200)
      throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
    return browser.newContext({
      locale: "pt-BR",
      baseURL: server.baseUrl,
      // The app's service worker precaches 150 files in every signed-in context: only the tests
      // of the installable app, the offline counter and push ask for it (`serviceWorkers: "allow"`).
      serviceWorkers: "block",
      ...options,
      storageState: await session.storageState(),
    });
  } finally {
    await session.dispose();
  }
}
