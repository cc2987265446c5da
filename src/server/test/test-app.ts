import { randomBytes, randomUUID, scrypt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MemberRole } from "@shared/team-permissions";
import { eq } from "drizzle-orm";
import { inject } from "vitest";
import { type AppDeps, createApp } from "../app";
import type { PasswordHashing } from "../auth";
import type { AppJobDeps } from "../jobs";
import { createProfile } from "../modules/auth/auth.service";
import { users } from "../modules/auth/auth.table";
import { createUserWithPassword } from "../modules/auth/users.service";
import { type JobRunner, type JobRunnerOptions, startJobs } from "../modules/jobs/jobs.service";
import type { Mail, Mailer } from "../modules/mail/mail.service";
import { sendQueuedEmails } from "../modules/mail/outbox";
import { addMember } from "../modules/team/team.service";
import { openTestDatabase } from "./databases";

export const TEST_APP_URL = "http://localhost:3999";
/** The test app's auth secret (also given to its jobs: campaign opt-out links are signed with it). */
export const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
/** The test app's key of the messaging channels' secrets (CHANNEL_SECRET_KEY), fixed. */
export const TEST_CHANNEL_SECRET_KEY = Buffer.alloc(32, 7);

/**
 * better-auth's password hash (scrypt, `salt:key` in hex) at a cost of N=1024, r=1 instead of
 * N=16384, r=16: a sign-up and a sign-in cost about 1 ms of CPU instead of 0.4 s, and the suite
 * makes over a thousand of them. Everything else about passwords runs as in the app; the
 * production cost has its own test (auth.test.ts, `realPasswordHashing`) and the browser suite
 * runs the real server.
 */
const cheapScrypt = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, 64, { N: 1024, r: 1, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await cheapScrypt(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(":");
    if (!salt || !key) throw new Error("Invalid password hash");
    return (await cheapScrypt(password, salt)).toString("hex") === key;
  },
};

type RequestOptions = {
  method?: string;
  body?: unknown;
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
};

type TestAppOptions = Partial<
  Pick<
    AppDeps,
    | "limits"
    | "trustProxyHops"
    | "webRoot"
    | "production"
    | "backupDir"
    | "billingProvider"
    | "assistantEngine"
    | "graphApiBaseUrl"
    | "webhooks"
    | "apiKeyRateLimit"
  >
> & {
  /** Runs these jobs in the test (workers and schedules; e.g. `{ jobs: JOBS }`). Off by default. */
  jobs?: Omit<JobRunnerOptions<AppJobDeps>, "database" | "deps">;
  /** Sends each e-mail first (one that fails on demand, say); `mails` records those it took. */
  mailer?: Mailer;
  /**
   * Empties the e-mail outbox after each request and every 50 ms (default true), so that a
   * request's e-mails are there when it answers. Off: only a worker (`jobs`) sends them.
   */
  deliverEmails?: boolean;
  /** Hashes passwords as the app does (better-auth's scrypt at full cost), not the tests' cheap one. */
  realPasswordHashing?: boolean;
};

/**
 * The whole API in-process on a fresh database, with a mailer that keeps what it sends.
 * Requests carry an Origin (better-auth checks it) and a socket address (for the rate limits).
 * Jobs do not run unless `jobs` asks (their queues exist: the template has them).
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const {
    jobs: jobOptions,
    mailer: ownMailer,
    deliverEmails = true,
    realPasswordHashing = false,
    ...appOptions
  } = options;
  // The scheduled backups of this test app: a fresh folder, removed by close().
  const ownBackupDir = appOptions.backupDir
    ? null
    : mkdtempSync(join(tmpdir(), "carimbou-backups-"));
  const backupDir = appOptions.backupDir ?? (ownBackupDir as string);
  const database = await openTestDatabase(inject("pgliteTemplatePath"));
  const mails: Mail[] = [];
  const mailer: Mailer = {
    kind: "smtp",
    async send(mail) {
      await ownMailer?.send(mail);
      mails.push(mail);
    },
    close() {},
  };
  const { app } = createApp({
    db: database.db,
    mailer,
    appUrl: TEST_APP_URL,
    authSecret: TEST_AUTH_SECRET,
    channelSecretKey: TEST_CHANNEL_SECRET_KEY,
    passwordHashing: realPasswordHashing ? undefined : testPasswordHashing,
    ...appOptions,
    backupDir,
  });
  const jobs: JobRunner | undefined = jobOptions
    ? await startJobs({
        database,
        deps: {
          db: database.db,
          mailer,
          appUrl: TEST_APP_URL,
          backupDir,
          billingProvider: appOptions.billingProvider,
          assistantEngine: appOptions.assistantEngine,
          authSecret: TEST_AUTH_SECRET,
          channelSecretKey: TEST_CHANNEL_SECRET_KEY,
          graphApiBaseUrl: appOptions.graphApiBaseUrl,
          webhooks: appOptions.webhooks,
        },
        pollingIntervalSeconds: 0.5,
        cronCheckSeconds: 1,
        ...jobOptions,
      })
    : undefined;

  // The outbox, emptied one pass at a time (a pass waits for the one before it): after each
  // request, and every 50 ms for e-mails queued after an answer (password recovery) or by a job.
  let delivering: Promise<unknown> = Promise.resolve();
  const silent = { info() {}, warn() {}, error() {} };
  function deliverQueuedEmails(): Promise<unknown> {
    delivering = delivering
      .then(() => sendQueuedEmails(database.db, mailer, silent))
      .catch(() => {});
    return delivering;
  }
  const deliveryTimer = deliverEmails
    ? setInterval(() => void deliverQueuedEmails(), 50)
    : undefined;
  deliveryTimer?.unref();

  async function request(path: string, opts: RequestOptions = {}) {
    const headers: Record<string, string> = { origin: TEST_APP_URL, ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers["content-type"] = "application/json";
      body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
    }
    const res = await app.request(
      path,
      { method: opts.method ?? (body ? "POST" : "GET"), headers, body },
      { incoming: { socket: { remoteAddress: opts.ip ?? "127.0.0.1" } } },
    );
    if (deliverEmails) await deliverQueuedEmails();
    return res;
  }

  /** The confirmation link of the last e-mail sent to `email`. */
  function confirmationLink(email: string) {
    const mail = mails.findLast((m) => m.to === email);
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error(`No confirmation e-mail to ${email}`);
    return link;
  }

  /** Opens the confirmation link as the browser would; returns where it redirects. */
  async function confirm(email: string) {
    const url = new URL(confirmationLink(email));
    const res = await request(url.pathname + url.search);
    return res.headers.get("location");
  }

  /** Signs in and returns the session cookie (name=value). */
  async function signIn(email: string, password: string) {
    const res = await request("/api/session", { body: { email, password } });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    return sessionCookie(res);
  }

  /** A confirmed, signed-in company: its session cookie and company id. */
  async function companySession(overrides: Record<string, unknown> = {}) {
    const input = companyInput(overrides);
    const res = await request("/api/accounts/company", { body: input });
    if (res.status !== 201) throw new Error(`company sign-up failed: ${await res.text()}`);
    await confirm(input.email as string);
    const cookie = await signIn(input.email as string, input.password as string);
    const me = (await (await request("/api/me", { cookie })).json()) as { company: { id: string } };
    return { cookie, companyId: me.company.id };
  }

  /**
   * A confirmed, signed-in member of `companyId`'s team with `role` ('Equipe'), made straight in the
   * database (the invitation's own path is tested in team.test.ts).
   */
  async function staffSession(
    companyId: string,
    role: MemberRole,
    {
      name = `${role} member`,
      email = `${role}.${randomUUID()}@example.com`,
      password = "segredo1",
    } = {},
  ) {
    const userId = randomUUID();
    const passwordHash = await testPasswordHashing.hash(password);
    await database.db.transaction(async (tx) => {
      await createUserWithPassword(tx, { id: userId, name, email, passwordHash });
      await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
      await createProfile(tx, { id: userId, role: "admin", name, email });
      await addMember(tx, { companyId, userId, role });
    });
    const cookie = await signIn(email, password);
    return { cookie, userId, email, password };
  }

  /** A confirmed, signed-in customer (signed up through `origin`, e.g. a company's QR link). */
  async function customerSession(overrides: Record<string, unknown> = {}) {
    const input = customerInput(overrides);
    const res = await request("/api/accounts/customer", { body: input });
    if (res.status !== 201) throw new Error(`customer sign-up failed: ${await res.text()}`);
    await confirm(input.email as string);
    const cookie = await signIn(input.email as string, input.password as string);
    const me = (await (await request("/api/me", { cookie })).json()) as { user: { id: string } };
    return { cookie, customerId: me.user.id };
  }

  return {
    app,
    db: database.db,
    /** The database itself (its PGlite or pool and URL), e.g. for a second server on it. */
    database,
    mails,
    request,
    confirm,
    confirmationLink,
    signIn,
    companySession,
    staffSession,
    customerSession,
    jobs,
    /** Where this app's scheduled backups go. */
    backupDir,
    /** Sends what waits in the e-mail outbox now (after a job queued e-mails, say). */
    deliverQueuedEmails,
    async close() {
      clearInterval(deliveryTimer);
      await delivering;
      await jobs?.stop();
      await database.close();
      if (ownBackupDir) rmSync(ownBackupDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export function sessionCookie(res: Response) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => c.includes("session_token"))
    .join("; ");
}

export const companyInput = (overrides: Record<string, unknown> = {}) => ({
  companyName: "Café do Ponto",
  email: "dono@cafedoponto.com.br",
  password: "segredo1",
  city: "São Paulo",
  state: "SP",
  phone: "(11) 98888-7777",
  sector: "alimentacao",
  ...overrides,
});

export const customerInput = (overrides: Record<string, unknown> = {}) => ({
  name: "João da Silva",
  email: "joao@example.com",
  password: "segredo1",
  city: "Campinas",
  state: "SP",
  phone: "",
  birthDate: "1990-05-17",
  ...overrides,
});
