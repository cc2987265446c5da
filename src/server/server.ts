/**
 * The server: one process serving the app on PORT (main.ts starts it, once, or in each of the
 * WEB_CONCURRENCY processes). Opens and migrates the database, starts the job queue, listens, and
 * closes it all on SIGTERM/SIGINT.
 */
import cluster from "node:cluster";
import type { Server } from "node:http";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { dataDirSecret, lockDataDir } from "./data-dir";
import { connectPostgres, openPglite } from "./db/client";
import { withStartLock } from "./db/start-lock";
import type { Env } from "./env";
import { drainable } from "./http-drain";
import { JOBS } from "./jobs";
import { log } from "./lib/log";
import { loadChannelSecretKey } from "./modules/assistant/channel-secrets";
import { rulesEngine } from "./modules/assistant/rules-engine";
import { asaasProvider } from "./modules/billing/asaas.provider";
import { devProvider } from "./modules/billing/dev.provider";
import { unavailableProvider } from "./modules/billing/provider";
import { installJobs, startJobs } from "./modules/jobs/jobs.service";
import { createMailer } from "./modules/mail/mail.service";
import { dataDirVapidKeys, setVapid, vapidSubjectOf } from "./modules/push/vapid";
import { setAppleWallet } from "./modules/wallet/apple-wallet";
import { setGoogleWallet } from "./modules/wallet/google-wallet";

const webRoot = fileURLToPath(new URL("../../dist/web", import.meta.url));

/** How long a shutdown lets busy connections finish their answers before closing them. */
const SHUTDOWN_DRAIN_MS = 3_000;

export async function startServer(env: Env) {
  const dataDir = resolve(env.dataDir);
  const unlock = env.databaseUrl ? () => {} : lockDataDir(dataDir);
  const database = env.databaseUrl
    ? connectPostgres(env.databaseUrl)
    : openPglite({ dataDir: join(dataDir, "pglite") });
  // Another server may be starting on the same PostgreSQL database: one at a time.
  await withStartLock(database, async () => {
    await database.migrate();
    // pg-boss installs its schema and queues when it starts (startJobs, below); two processes
    // doing that at once on a new database can deadlock.
    if (database.kind === "postgres") await installJobs(database, JOBS);
  });

  const authSecret = env.authSecret ?? dataDirSecret(dataDir);
  // Google Wallet passes (GOOGLE_WALLET_*): the button, the save links and the sync jobs, or none.
  setGoogleWallet(env.googleWallet);
  // Apple Wallet passes (APPLE_PASS_*, APNS_*): the button, the PassKit web service and the pushes.
  setAppleWallet(env.appleWallet);
  // Web Push (VAPID_*): the keys from env for several servers, else a pair kept in DATA_DIR.
  setVapid({
    ...(env.vapid ?? dataDirVapidKeys(dataDir)),
    subject: vapidSubjectOf(env.vapidSubject, env.appUrl),
  });
  // The WhatsApp channel's secrets: CHANNEL_SECRET_KEY, else a key kept in DATA_DIR (generated
  // outside production; in production one of the two must exist).
  const channelSecretKey = loadChannelSecretKey({
    fromEnv: env.channelSecretKey,
    dataDir,
    production: env.nodeEnv === "production",
  });
  const graphApiBaseUrl = env.graphApiBaseUrl;
  // Webhooks: http:// and loopback only with WEBHOOK_ALLOW_LOOPBACK=1 (development).
  const webhooks = { allowLoopback: env.webhookAllowLoopback };
  const mailer = createMailer({
    smtpUrl: env.smtpUrl,
    from: env.mailFrom,
    db: database.db,
    production: env.nodeEnv === "production",
    appUrl: env.appUrl,
  });
  const backupDir = resolve(env.backupDir);
  // Billing (decision 027): Asaas with ASAAS_API_KEY; the dev provider (simulated payments) only
  // outside production, on a localhost APP_URL or with BILLING_PROVIDER=dev; else none (503).
  const production = env.nodeEnv === "production";
  const billingProvider =
    env.billingProvider === "asaas" && env.asaas
      ? asaasProvider(env.asaas)
      : env.billingProvider === "dev"
        ? devProvider()
        : unavailableProvider();
  if (env.billingProvider === "dev") {
    log.warn(
      "*** BILLING IS SIMULATED: the dev provider marks charges paid without any money. Only this machine may use its checkout (/api/dev/...). Set ASAAS_API_KEY to charge for real. ***",
    );
  } else if (env.billingProvider === "none") {
    log.warn(
      production
        ? "Billing is unavailable: ASAAS_API_KEY is not set, so /api/billing answers 503 billing_unavailable to subscriptions and webhooks."
        : `Billing is unavailable: ASAAS_API_KEY is not set and APP_URL (${env.appUrl}) is not this machine, so the dev provider (simulated payments) is off unless BILLING_PROVIDER=dev; /api/billing answers 503 billing_unavailable.`,
    );
  }
  // IA Suprema: the language model when LLM_* are set (the rules answer when it fails), else the
  // rules. The AI SDK is loaded only then (≈ 25 MB and 90 ms less at start-up without it).
  const assistantEngine = env.llm
    ? (await import("./modules/assistant/llm-engine")).createLlmEngine({
        ...env.llm,
        fallback: rulesEngine,
      })
    : rulesEngine;
  const { app } = createApp({
    billingProvider,
    assistantEngine,
    channelSecretKey,
    graphApiBaseUrl,
    webhooks,
    db: database.db,
    backupDir,
    mailer,
    appUrl: env.appUrl,
    authSecret,
    trustProxyHops: env.trustProxyHops,
    webRoot,
    production: env.nodeEnv === "production",
  });

  // The job queue (pg-boss, decision 010): workers and schedules of jobs.ts (every module's *.jobs.ts).
  // It starts while the server already answers; a queue that cannot start stops the process.
  const jobs = startJobs({
    database,
    deps: {
      db: database.db,
      mailer,
      appUrl: env.appUrl,
      backupDir,
      billingProvider,
      authSecret,
      assistantEngine,
      channelSecretKey,
      graphApiBaseUrl,
      webhooks,
    },
    jobs: JOBS,
  });
  jobs.catch((error: unknown) => {
    log.error(`The job queue did not start: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });

  // With several processes, tests (e2e/cluster.e2e.ts) see which one answered; never otherwise.
  const worker = cluster.worker;
  const fetch =
    worker && env.nodeEnv === "test"
      ? async (request: Request, bindings: object) => {
          const res = await app.fetch(request, bindings);
          const tagged = new Response(res.body, res);
          tagged.headers.set("X-Carimbou-Worker", String(worker.id));
          return tagged;
        }
      : app.fetch;
  const server = serve({ fetch, port: env.port }, (info) => {
    log.info(
      `Carimbou listening on ${env.appUrl} (port ${info.port}, ${worker ? `process ${process.pid}, ` : ""}database: ${database.kind === "pglite" ? `PGlite in ${dataDir}` : "PostgreSQL"}, e-mail: ${mailer.kind}, backups: ${backupDir}, billing: ${env.billingProvider === "asaas" && env.asaas ? `asaas at ${env.asaas.baseUrl}` : env.billingProvider === "dev" ? "dev provider (SIMULATED payments, local checkout)" : "unavailable"}, assistant: ${env.llm ? `llm ${env.llm.model}` : "rules"})`,
    );
  });

  // Idle keep-alive sockets outlive the clients' and proxies' own (Node's 5 s default races a
  // client that reuses a socket at the moment the server closes it: ECONNRESET on its request).
  // A shutdown still closes them: idle ones at once, busy ones after their answer
  // (`Connection: close`), any left after SHUTDOWN_DRAIN_MS (http-drain.ts).
  const http = server as Server;
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  const drain = drainable(http);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal} received: closing the HTTP server and the database`);
    // No new job starts from now; running ones get up to 8 s before the database closes.
    const jobsStopped = jobs
      .then((runner) => runner.stop(8_000))
      .catch((error: unknown) => {
        log.error(`Stopping the jobs failed: ${error instanceof Error ? error.message : error}`);
      });
    const force = setTimeout(() => {
      log.error("Shutdown took too long, exiting");
      unlock();
      process.exit(1);
    }, 10_000);
    force.unref();
    void drain.close(SHUTDOWN_DRAIN_MS).then(async () => {
      try {
        await jobsStopped;
        mailer.close();
        await database.close();
      } finally {
        unlock();
        process.exit(0);
      }
    });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
