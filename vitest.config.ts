import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { testEnv } from "./src/server/test/test-env";

export default defineConfig({
  resolve: {
    alias: {
      "@shared": fileURLToPath(new URL("./src/shared", import.meta.url)),
      "@": fileURLToPath(new URL("./src", import.meta.url)),
    },
  },
  test: {
    // *.test.tsx: the web's component tests, each in happy-dom (`// @vitest-environment happy-dom`
    // at its top; vitest runs them in workers apart from the node files, so no DOM globals reach
    // the server tests). The setup file does nothing in node.
    // Against PostgreSQL (`npm run test:pg`) only the server's files: the web's, src/shared's and the
    // architecture test open no database, and the PGlite pass has run them already.
    include: testEnv.TEST_DATABASE_URL
      ? ["src/server/**/*.test.ts"]
      : ["src/**/*.test.ts", "src/**/*.test.tsx"],
    globalSetup: ["src/server/test/global-setup.ts"],
    setupFiles: ["src/web/test/setup.ts"],
    // One worker per core (at least two: a file waiting on a timer leaves its core to the other).
    maxWorkers: Math.max(2, availableParallelism()),
    // A worker keeps the modules it loaded from one file to the next: the app's ~4 s of imports
    // once per worker, not once per file. Each file still has its own database and app
    // (createTestApp); nothing in the app keeps state at module level between them.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
