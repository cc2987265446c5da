/**
 * The entry (`npm start`): the server of server.ts in this process or, with WEB_CONCURRENCY > 1
 * on PostgreSQL, in that many processes on one port (cluster.ts), this one their primary. The
 * primary loads only what it needs (the server's modules come with the dynamic import).
 */
import cluster from "node:cluster";
import { resolve } from "node:path";
import { runCluster } from "./cluster";
import { dataDirSecret } from "./data-dir";
import { type Env, loadEnv } from "./env";
import { log } from "./lib/log";
import { loadChannelSecretKey } from "./modules/assistant/channel-secrets";

/**
 * Before forking, the secrets kept in DATA_DIR (when not in the environment) are made once, so
 * that the workers read the same ones instead of each generating its own. Migrations are the
 * workers' (server.ts, one at a time under an advisory lock).
 */
function startPrimary(env: Env) {
  const dataDir = resolve(env.dataDir);
  if (!env.authSecret) dataDirSecret(dataDir);
  loadChannelSecretKey({
    fromEnv: env.channelSecretKey,
    dataDir,
    production: env.nodeEnv === "production",
  });
  log.info(
    `Carimbou: ${env.webConcurrency} app processes on port ${env.port} (WEB_CONCURRENCY), primary pid ${process.pid}`,
  );
  runCluster({ workers: env.webConcurrency });
}

async function main() {
  const env = loadEnv();
  if (cluster.isPrimary && env.webConcurrency > 1) {
    if (env.databaseUrl) return startPrimary(env);
    // PGlite belongs to one process (the DATA_DIR lock): a second one could not open it.
    log.warn(
      `WEB_CONCURRENCY=${env.webConcurrency} needs PostgreSQL (DATABASE_URL): the embedded database runs in one process, so this server runs one.`,
    );
  }
  const { startServer } = await import("./server");
  await startServer(env);
}

main().catch((error) => {
  log.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
