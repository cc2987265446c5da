/**
 * Writes src/web/lib/api-types.gen.ts, the web's types of the API, from the OpenAPI document that
 * createApp() serves at /api/openapi.json (openapi-typescript, decision 023).
 *
 *   npx tsx scripts/generate-api-types.ts           regenerate the file
 *   npx tsx scripts/generate-api-types.ts --check   fail (exit 1) when the file is stale (npm run lint)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { generateTypes } from "@carimbou/api-typegen";
import { createApp } from "../src/server/app";
import { openPglite } from "../src/server/db/client";

const OUTPUT = new URL("../src/web/lib/api-types.gen.ts", import.meta.url);
const HEADER = `/**
 * The API's types, generated from the OpenAPI document of createApp() (GET /api/openapi.json) by
 * \`npx tsx scripts/generate-api-types.ts\`. Do not edit: change the route or the shared schema and
 * regenerate (\`npm run lint\` fails while this file is stale). Decision 023.
 */

`;

/** The document as the app serves it (the dev billing routes included, as outside production). */
async function apiDocument(): Promise<object> {
  // No query runs: the database is only there because createApp() takes one.
  const database = openPglite();
  try {
    const { app } = createApp({
      db: database.db,
      mailer: { kind: "smtp", async send() {}, close() {} },
      appUrl: "http://localhost:3000",
      authSecret: "3f9c1e7a5b2d8c4f6a0e9b1d7c3f5a2e8b4d6c0a9f1e3b7d5c2a8e4f6b0d9c1e",
    });
    const res = await app.request("/api/openapi.json");
    if (!res.ok) throw new Error(`GET /api/openapi.json: ${res.status} ${await res.text()}`);
    return (await res.json()) as object;
  } finally {
    await database.close();
  }
}

const source = HEADER + (await generateTypes(await apiDocument()));
if (process.argv.includes("--check")) {
  let current = "";
  try {
    current = readFileSync(OUTPUT, "utf8");
  } catch {}
  if (current !== source) {
    console.error(
      "src/web/lib/api-types.gen.ts is stale: run `npx tsx scripts/generate-api-types.ts`.",
    );
    process.exit(1);
  }
} else {
  writeFileSync(OUTPUT, source);
  console.log(`Wrote src/web/lib/api-types.gen.ts (${source.split("\n").length} lines).`);
}
