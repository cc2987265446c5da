import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { inheritedEnv, testEnv } from "../../src/server/test/test-env";

const root = new URL("../..", import.meta.url).pathname;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built app (`src/server/main.ts` serving dist/web) as its own process, on the embedded
 * database in a temporary DATA_DIR, or on a fresh PostgreSQL database when TEST_DATABASE_URL is set
 * (or on `databaseUrl`).
 */
export async function startAppServer(options: {
  smtpUrl?: string;
  dataDir?: string;
  /** More of the server's variables (e.g. WEB_CONCURRENCY); they win over the ones set here. */
  env?: NodeJS.ProcessEnv;
  /** A PostgreSQL database to run on, made and dropped by the caller (a benchmark's). */
  databaseUrl?: string;
}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "carimbou-e2e-"));
  const env: NodeJS.ProcessEnv = {
    ...inheritedEnv(),
    NODE_ENV: "test",
    PORT: String(port),
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    // Required on PostgreSQL; on PGlite it would default to DATA_DIR/backups anyway.
    BACKUP_DIR: join(dataDir, "backups"),
    SMTP_URL: options.smtpUrl,
    // The fixtures' sign-ups (e2e/support/test.ts) each come as their own client through
    // X-Forwarded-For, so a worker's many accounts stay under the per-IP sign-up limit; the
    // browser's requests carry no such header and are counted by their socket as in production.
    TRUST_PROXY: "1",
    // Webhooks to the test's own receiver on 127.0.0.1 over http (development's flag).
    WEBHOOK_ALLOW_LOOPBACK: "1",
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (!options.smtpUrl) delete env.SMTP_URL;

  let dropDatabase = async () => {};
  const testDatabaseUrl = testEnv.TEST_DATABASE_URL;
  if (options.databaseUrl) {
    env.DATABASE_URL = options.databaseUrl;
  } else if (testDatabaseUrl) {
    const name = `carimbou_e2e_${randomUUID().replaceAll("-", "")}`;
    const admin = new URL(testDatabaseUrl);
    admin.pathname = "/postgres";
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }

  // Node itself with tsx's loader, as `npm start` runs it: the `tsx` command is a second process
  // that relays SIGTERM and, when the server takes over 30 ms to say it heard it (a busy machine),
  // kills it (exit 143) before its clean shutdown.
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
    // Errors, failed jobs and slow requests show in the test's own output, next to a failure.
    process.stderr.write(`[app ${port}] ${chunk}`);
  });

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`App server exited:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await dropDatabase();
      throw new Error(`App server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    baseUrl,
    dataDir,
    /** The PostgreSQL database the server runs on (TEST_DATABASE_URL), else undefined (PGlite). */
    databaseUrl: env.DATABASE_URL,
    process: child,
    output: () => output,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await dropDatabase();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
