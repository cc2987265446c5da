import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The domain table of docs/architecture.md is what a newcomer reads first: it must stay true.
const root = join(import.meta.dirname, "..");
const src = join(root, "src");

type Row = { domain: string; cells: string[] };

function domainTable(): Row[] {
  const doc = readFileSync(join(root, "docs/architecture.md"), "utf8");
  const section = doc.split(/^## Domains$/m)[1]?.split(/^## /m)[0];
  if (!section) throw new Error("docs/architecture.md has no '## Domains' section");
  return section
    .split("\n")
    .filter(
      (line) => line.startsWith("| ") && !line.startsWith("| ---") && !line.startsWith("| domain"),
    )
    .map((line) => {
      const cells = line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim());
      return { domain: cells[0]!, cells: cells.slice(1) };
    });
}

const code = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

const listDirs = (dir: string) =>
  readdirSync(join(src, dir)).filter((name) => statSync(join(src, dir, name)).isDirectory());

describe("docs/architecture.md domain table", () => {
  const rows = domainTable();

  it("has a row per domain with six columns", () => {
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(row.cells, row.domain).toHaveLength(5);
  });

  it("names only paths that exist", () => {
    const missing: string[] = [];
    for (const { domain, cells } of rows) {
      const [schema, module, , feature, namespace] = cells as [
        string,
        string,
        string,
        string,
        string,
      ];
      for (const path of [...code(schema), ...code(module), ...code(feature)]) {
        if (!existsSync(join(src, path))) missing.push(`${domain}: src/${path}`);
      }
      for (const ns of code(namespace)) {
        for (const lang of ["pt-BR", "en"]) {
          const file = `web/locales/${lang}/${ns}.json`;
          if (!existsSync(join(src, file))) missing.push(`${domain}: src/${file}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("lists every server module, web feature and shared schema", () => {
    const named = new Set(rows.flatMap((row) => row.cells.flatMap(code)));
    const absent = [
      ...listDirs("server/modules").map((m) => `server/modules/${m}/`),
      ...listDirs("web/features").map((f) => `web/features/${f}/`),
      ...readdirSync(join(src, "shared"))
        .filter((f) => f.endsWith(".schema.ts"))
        .map((f) => `shared/${f}`),
    ].filter((path) => !named.has(path));
    expect(absent).toEqual([]);
  });

  it("gives each domain one name: module, feature and namespace carry the domain's name", () => {
    const wrong: string[] = [];
    for (const { domain, cells } of rows) {
      for (const path of cells.flatMap(code)) {
        const name = path.match(/^(?:server\/modules|web\/features)\/([^/]+)\/$/)?.[1];
        if (name && name !== domain) wrong.push(`${domain}: ${path}`);
        const schema = path.match(/^shared\/(.+)\.schema\.ts$/)?.[1];
        if (schema && schema !== domain) wrong.push(`${domain}: ${path}`);
      }
      const [ns] = code(cells[4] ?? "");
      if (ns && ns !== domain) wrong.push(`${domain}: namespace ${ns}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe("server modules", () => {
  it("each have a test file of their own, <module>.test.ts", () => {
    const untested = listDirs("server/modules").filter(
      (m) => !existsSync(join(src, "server/modules", m, `${m}.test.ts`)),
    );
    expect(untested).toEqual([]);
  });
});

describe("source files", () => {
  it("stay under 500 lines (tests aside)", () => {
    const long: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (name !== "migrations") walk(path);
        } else if (/\.(ts|tsx|css)$/.test(name) && !/\.test\.tsx?$/.test(name)) {
          const lines = readFileSync(path, "utf8").split("\n").length;
          if (lines > 500) long.push(`${path.slice(root.length + 1)} (${lines})`);
        }
      }
    };
    walk(src);
    expect(long).toEqual([]);
  });
});
