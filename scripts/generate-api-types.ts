/**
 * Writes the API's generated types from the OpenAPI documents that createApp() serves
 * (openapi-typescript, decision 023):
 * - src/web/lib/api-types.gen.ts, the web's types, from /api/openapi.json (the whole document);
 * - src/server/test/public-api.gen.ts, the public API's types, from /api/v1/openapi.json (what an
 *   integrator's generated client gets; public-api-client.test.ts uses it).
 *
 *   npx tsx scripts/generate-api-types.ts           regenerate the files
 *   npx tsx scripts/generate-api-types.ts --check   fail (exit 1) when a file is stale (npm run lint)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { generateTypes } from "@carimbou/api-typegen";
import { createApp } from "../src/server/app";
import { openPglite } from "../src/server/db/client";

const header = (path: string, extra = "") => `/**
 * The API's types, generated from the OpenAPI document of createApp() (GET ${path}) by
 * \`npx tsx scripts/generate-api-types.ts\`. Do not edit: change the route or the shared schema and
 * regenerate (\`npm run lint\` fails while this file is stale). Decision 023.${extra}
 */

`;

const OUTPUTS = [
  {
    file: "src/web/lib/api-types.gen.ts",
    path: "/api/openapi.json",
    header: header("/api/openapi.json"),
  },
  {
    file: "src/server/test/public-api.gen.ts",
    path: "/api/v1/openapi.json",
    header: header(
      "/api/v1/openapi.json",
      "\n * The public API's document only, as an integrator's generator reads it (issue 33).",
    ),
  },
];

/** The documents as the app serves them (the dev billing routes included, as outside production). */
async function apiDocuments(): Promise<object[]> {
  // No query runs: the database is only there because createApp() takes one.
  const database = openPglite();
  try {
    const { app } = createApp({
      db: database.db,
      mailer: { kind: "smtp", async send() {}, close() {} },
      appUrl: "http://localhost:3000",
      authSecret: "3f9c1e7a5b2d8c4f6a0e9b1d7c3f5a2e8b4d6c0a9f1e3b7d5c2a8e4f6b0d9c1e",
    });
    const documents: object[] = [];
    for (const { path } of OUTPUTS) {
      const res = await app.request(path);
      if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
      documents.push((await res.json()) as object);
    }
    return documents;
  } finally {
    await database.close();
  }
}

const documents = await apiDocuments();
let stale = false;
for (const [i, output] of OUTPUTS.entries()) {
  const url = new URL(`../${output.file}`, import.meta.url);
  const source = output.header + (await generateTypes(documents[i]!));
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(url, "utf8");
    } catch {}
    if (current !== source) {
      console.error(`${output.file} is stale: run \`npx tsx scripts/generate-api-types.ts\`.`);
      stale = true;
    }
  } else {
    writeFileSync(url, source);
    console.log(`Wrote ${output.file} (${source.split("\n").length} lines).`);
  }
}
if (stale) process.exit(1);
