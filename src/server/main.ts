import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { dataDirSecret, lockDataDir } from "./data-dir";
import { connectPostgres, openPglite } from "./db/client";
import { loadEnv } from "./env";
import { runRetention } from "./modules/backup/retention.job";
import { createMailer } from "./modules/mail/mail.service";
import { pruneRateLimits } from "./rate-limits";

const webRoot = fileURLToPath(new URL("../../dist/web", import.meta.url));

async function main() {
  const env = loadEnv();
  const dataDir = resolve(env.dataDir);
  const unlock = env.databaseUrl ? () => {} : lockDataDir(dataDir);
  const database = env.databaseUrl
    ? connectPostgres(env.databaseUrl)
    : openPglite({ dataDir: join(dataDir, "pglite") });
  await database.migrate();

  const authSecret = env.authSecret ?? dataDirSecret(dataDir);
  const mailer = createMailer({
    smtpUrl: env.smtpUrl,
    from: env.mailFrom,
    db: database.db,
    production: env.nodeEnv === "production",
    appUrl: env.appUrl,
  });
  const { app } = createApp({
    db: database.db,
    mailer,
    appUrl: env.appUrl,
    authSecret,
    trustProxyHops: env.trustProxyHops,
    webRoot,
  });

  const pruner = setInterval(
    () => void pruneRateLimits(database.db).catch(console.error),
    3_600_000,
  );
  pruner.unref();

  // Data retention: once a day whichever server claims it first (job_runs); tried every hour.
  const retention = () => void runRetention(database.db).catch(console.error);
  const retentionStart = setTimeout(retention, 60_000);
  retentionStart.unref();
  const retentionTimer = setInterval(retention, 3_600_000);
  retentionTimer.unref();

  const server = serve({ fetch: app.fetch, port: env.port }, (info) => {
    console.info(
      `Carimbou listening on ${env.appUrl} (port ${info.port}, database: ${database.kind === "pglite" ? `PGlite in ${dataDir}` : "PostgreSQL"}, e-mail: ${mailer.kind})`,
    );
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.info(`${signal} received: closing the HTTP server and the database`);
    clearInterval(pruner);
    clearTimeout(retentionStart);
    clearInterval(retentionTimer);
    const force = setTimeout(() => {
      console.error("Shutdown took too long, exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      try {
        mailer.close();
        await database.close();
      } finally {
        unlock();
        process.exit(0);
      }
    });
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
