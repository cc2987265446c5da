import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inheritedEnv, testEnv } from "../src/server/test/test-env";
import { startAppServer } from "./support/app-server";
import { test as base, expect } from "./support/test";

const root = new URL("..", import.meta.url).pathname;

/** A DATA_DIR of the test's own, for servers of its own. */
const test = base.extend<{ dataDir: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first argument's pattern.
  dataDir: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), "carimbou-process-"));
    await use(dataDir);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  },
  // Playwright's own context options read baseURL before every test: none, so that the worker's
  // shared app server (which the suite's baseURL comes from) is not started for nothing.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first argument's pattern.
  baseURL: async ({}, use) => use(undefined),
});

test.describe("the server process on the embedded database", () => {
  test.skip(Boolean(testEnv.TEST_DATABASE_URL), "about the embedded database: not on PostgreSQL");

  test("serves the home page, refuses a second server on its DATA_DIR, and closes cleanly on SIGTERM", async ({
    dataDir,
  }) => {
    // Three server processes, one after another: on a busy machine each start has taken over a
    // minute (two of them did not fit in 120 s).
    test.setTimeout(240_000);
    const server = await startAppServer({ dataDir });
    try {
      const home = await fetch(`${server.baseUrl}/`);
      expect(home.headers.get("content-type")).toContain("text/html");
      const html = await home.text();
      // The public home page, rendered at build time: its buttons are in the HTML itself.
      expect(html).toContain('<div id="root" data-lang="pt-BR">');
      expect(html).toContain("Acessar como Empresa");
      expect(existsSync(join(dataDir, "auth-secret"))).toBe(true);

      const second = spawnSync(join(root, "node_modules/.bin/tsx"), ["src/server/main.ts"], {
        cwd: root,
        env: { ...inheritedEnv(), PORT: "0", DATA_DIR: dataDir, DATABASE_URL: "" },
        encoding: "utf8",
        // It stops at the lock, once loaded: as long as a start may take.
        timeout: 120_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(
        /Another Carimbou server \(pid \d+\) is already using DATA_DIR/,
      );

      const exited = new Promise<number | null>((resolve) => server.process.once("exit", resolve));
      server.process.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(server.output()).toContain(
        "SIGTERM received: closing the HTTP server and the database",
      );
      expect(existsSync(join(dataDir, "server.lock"))).toBe(false);
    } finally {
      await server.close();
    }

    // the data survives: a new server on the same folder starts and answers
    const again = await startAppServer({ dataDir });
    expect((await fetch(`${again.baseUrl}/api/health`)).status).toBe(200);
    await again.close();
  });
});
