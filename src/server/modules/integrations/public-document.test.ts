import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import type { OpenAPIV3_1 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";
import { PUBLIC_API_TAGS } from "./public-document-text";

/**
 * The public API's document is fit for integrators (issue 33): Redocly's `recommended` ruleset
 * finds no error in it (the CLI itself, as `redocly lint` runs it), it and the app's whole
 * document are valid per swagger-parser, and it holds the /api/v1 operations only, each named,
 * summarised, described, secured by the key and with its 4xx answers.
 */

type Problem = { ruleId: string; severity: "error" | "warn"; message: string; location: unknown };

let t: TestApp;
let doc: OpenAPIV3_1.Document;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.request("/api/v1/openapi.json");
  expect(res.status).toBe(200);
  doc = (await res.json()) as OpenAPIV3_1.Document;
  dir = mkdtempSync(join(tmpdir(), "carimbou-openapi-"));
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const cli = join(
  createRequire(import.meta.url).resolve("@redocly/cli/package.json"),
  "..",
  "bin/cli.js",
);

/**
 * `redocly lint --format json` on `document` (the recommended ruleset, telemetry off, in a folder
 * of its own): its problems.
 */
function redoclyLint(document: object): Problem[] {
  const file = join(dir, "openapi.json");
  writeFileSync(file, JSON.stringify(document));
  writeFileSync(join(dir, "redocly.yaml"), "extends:\n  - recommended\ntelemetry: off\n");
  const run = spawnSync(
    process.execPath,
    [cli, "lint", file, "--format", "json", "--max-problems", "1000"],
    { encoding: "utf8", cwd: dir },
  );
  const start = run.stdout.indexOf("{");
  expect(start, run.stderr).toBeGreaterThanOrEqual(0);
  return (JSON.parse(run.stdout.slice(start)) as { problems: Problem[] }).problems;
}

const operations = () =>
  Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    (["get", "put", "post", "delete", "patch"] as const)
      .filter((method) => item?.[method])
      .map((method) => ({ path, method, op: item![method]! })),
  );

describe("GET /api/v1/openapi.json", () => {
  it("answers without a key, with the /api/v1 paths only and what integrators need around them", () => {
    expect(doc.info.title).toBe("Carimbou API");
    expect(doc.info.version).toBe("1");
    expect(doc.info.license?.url).toBe(`${TEST_APP_URL}/termos`);
    expect(doc.info.description).toContain("Idempotency-Key");
    expect(doc.info.description).toContain("webhook-signature");
    expect(doc.servers).toEqual([{ url: TEST_APP_URL, description: "Carimbou" }]);
    expect(doc.security).toEqual([{ apiKey: [] }]);
    expect(doc.components?.securitySchemes?.apiKey).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    expect(doc.components?.schemas?.ApiError).toBeDefined();
    const paths = Object.keys(doc.paths ?? {});
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((path) => !path.startsWith("/api/v1/"))).toEqual([]);
  });

  it("names, summarises, describes and secures every operation, with its 4xx answers", () => {
    const list = operations();
    expect(list.length).toBeGreaterThanOrEqual(6);
    const ids = list.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(list.length);
    for (const { path, method, op } of list) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(op.summary, where).toBeTruthy();
      expect(op.description, where).toBeTruthy();
      expect(op.tags?.length, where).toBeGreaterThan(0);
      for (const tag of op.tags ?? [])
        expect(PUBLIC_API_TAGS[tag], `${where}: tag ${tag}`).toBeTruthy();
      expect(op.security ?? doc.security, where).toEqual([{ apiKey: [] }]);
      const codes = Object.keys(op.responses ?? {});
      expect(
        codes.some((code) => code.startsWith("4")),
        where,
      ).toBe(true);
      expect(
        codes.some((code) => code.startsWith("2")),
        where,
      ).toBe(true);
    }
  });

  it("names the schemas of its answers instead of inlining them", () => {
    const inline: string[] = [];
    for (const { path, method, op } of operations()) {
      for (const [code, answer] of Object.entries(op.responses ?? {})) {
        const schema = (answer as OpenAPIV3_1.ResponseObject).content?.["application/json"]
          ?.schema as Record<string, unknown> | undefined;
        if (!schema || "$ref" in schema) continue;
        const items = schema.items as Record<string, unknown> | undefined;
        if (schema.type === "array" && items && "$ref" in items) continue;
        inline.push(`${method.toUpperCase()} ${path} ${code}`);
      }
    }
    expect(inline).toEqual([]);
  });

  it("passes Redocly's recommended ruleset with no error and no warning", () => {
    const problems = redoclyLint(doc)
      // The test app's server is http://localhost:3999; a deployed document names its own host.
      .filter((p) => p.ruleId !== "no-server-example.com")
      .map((p) => `${p.severity} ${p.ruleId}: ${p.message} ${JSON.stringify(p.location)}`);
    expect(problems).toEqual([]);
  }, 30_000);

  it("is valid per swagger-parser", async () => {
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeDefined();
  });
});

describe("GET /api/openapi.json (the app's whole document)", () => {
  it("stays valid per swagger-parser, with the public operations and the key's scheme in it", async () => {
    const res = await t.request("/api/openapi.json");
    expect(res.status).toBe(200);
    const whole = (await res.json()) as OpenAPIV3_1.Document;
    expect(whole.components?.securitySchemes?.apiKey).toBeDefined();
    for (const path of Object.keys(doc.paths ?? {}))
      expect(whole.paths?.[path], path).toBeDefined();
    await expect(SwaggerParser.validate(whole)).resolves.toBeDefined();
  });
});

describe("GET /api/docs (the interactive reference)", () => {
  it("answers the page over the public document, and its files from our origin", async () => {
    const page = await t.request("/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).not.toMatch(/<script>/);
    const files = [...html.matchAll(/(?:src|href)="(\/api\/docs\/assets\/[^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(files.length).toBe(4);
    for (const file of files) {
      const res = await t.request(file, { headers: { "accept-encoding": "gzip" } });
      expect(res.status, file).toBe(200);
      expect(res.headers.get("cache-control"), file).toContain("immutable");
    }
    const init = await (await t.request("/api/docs/assets/init.js")).text();
    expect(init).toContain('"/api/v1/openapi.json"');
    expect((await t.request("/api/docs/assets/index.html")).status).toBe(404);
    // The app's CSP holds: scripts from our origin only, nothing inline.
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
  });
});
