import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { testEnv } from "./src/server/test/test-env";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["e2e/**/*.e2e.ts"],
    // The public site reads nothing from the database: on the PostgreSQL pass it would only repeat
    // the embedded pass's four minutes.
    exclude: testEnv.TEST_DATABASE_URL ? ["e2e/public-site.e2e.ts"] : [],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
