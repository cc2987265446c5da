import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@shared": fileURLToPath(new URL("./src/shared", import.meta.url)),
      "@": fileURLToPath(new URL("./src", import.meta.url)),
    },
  },
  test: {
    include: ["src/**/*.test.ts"],
    globalSetup: ["src/server/test/global-setup.ts"],
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
