import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inheritedEnv, testEnv } from "../src/server/test/test-env";
import { startAppServer } from "./support/app-server";

const root = new URL("..", import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), "carimbou-process-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(Boolean(testEnv.TEST_DATABASE_URL))(
  "the server process on the embedded database",
  () => {
    it("serves the home page, refuses a second server on its DATA_DIR, and closes cleanly on SIGTERM", async () => {
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
          timeout: 30_000,
        });
        expect(second.status).toBe(1);
        expect(second.stderr).toMatch(
          /Another Carimbou server \(pid \d+\) is already using DATA_DIR/,
        );

        const exited = new Promise<number | null>((resolve) =>
          server.process.once("exit", resolve),
        );
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
  },
);
