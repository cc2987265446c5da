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
    expect(missing, JSON.stringify(missing)).toEqual([]);
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
    expect(absent, JSON.stringify(absent)).toEqual([]);
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
  it("stay within 400 lines (tests and generated files aside)", () => {
    const long: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (name !== "migrations") walk(path);
        } else if (/\.(ts|tsx|css)$/.test(name) && !/\.(test\.tsx?|gen\.ts)$/.test(name)) {
          const lines = readFileSync(path, "utf8").split("\n").length;
          if (lines > 400) long.push(`${path.slice(root.length + 1)} (${lines})`);
        }
      }
    };
    walk(src);
    expect(long).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The server's layers (decision 022): routes → flows → modules → db. Module imports are read from
// the source: `from "…"` and `import("…")` with a relative path, tests aside.

type Arrow = { from: string; to: string };

function serverArrows(): Arrow[] {
  const server = join(src, "server");
  const arrows: Arrow[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== "migrations" && name !== "test") walk(path);
      } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        const from = path.slice(server.length + 1);
        const text = readFileSync(path, "utf8");
        for (const m of text.matchAll(/(?:from\s+|import\()"(\.{1,2}\/[^"]+)"/g)) {
          const target = join(dir, m[1]!).slice(server.length + 1);
          arrows.push({ from, to: target });
        }
      }
    }
  };
  walk(server);
  return arrows;
}

/** modules/<name>/… → <name>; anything else (flows, db, middleware, app.ts …) → null. */
const moduleOf = (path: string) => path.match(/^modules\/([^/]+)\//)?.[1] ?? null;

describe("server layers (decision 022)", () => {
  const arrows = serverArrows();

  it("no two modules import each other (the module graph has one direction per pair)", () => {
    // A module's tables are the schema (foreign keys, read models): left out here, as in the
    // decision; every other import counts, types included.
    const pairs = new Set<string>();
    for (const { from, to } of arrows) {
      const [a, b] = [moduleOf(from), moduleOf(to)];
      if (a && b && a !== b && !to.endsWith(".table")) pairs.add(`${a}→${b}`);
    }
    const mutual = [...pairs]
      .map((p) => p.split("→") as [string, string])
      .filter(([a, b]) => a < b && pairs.has(`${b}→${a}`))
      .map(([a, b]) => `${a} ↔ ${b}`);
    expect(mutual).toEqual([]);
  });

  it("modules never import a flow, the app or the job list; only their routes may call flows", () => {
    const upward = arrows.filter(
      ({ from, to }) =>
        moduleOf(from) &&
        (to.startsWith("flows/") ||
          ["app", "jobs", "server", "main"].includes(to.replace(/\.ts$/, ""))) &&
        !(from.endsWith(".routes.ts") && to.startsWith("flows/")),
    );
    expect(upward.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it("flows import no routes and no tables: they call the modules' services and read models", () => {
    const wrong = arrows.filter(
      ({ from, to }) => from.startsWith("flows/") && /\.(routes|table)$/.test(to),
    );
    expect(wrong.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it("a module reaches another module's code only through known arrows (the list only shrinks)", () => {
    // The platform modules any module may call: the outbox and templates (mail), the job queue
    // (jobs), stored files (files), the wallet passes' sync on a card's change (wallet), push notices (push), webhook events (integrations' emitWebhookEvent) and consent records (privacy's recordConsent, issue 34). Read models (*.queries) may read across modules (decision
    // 008). Every other sideways arrow is listed here, to move into a flow or a read model; a new
    // one fails this test: put the workflow in src/server/flows/.
    const platform = new Set([
      "mail",
      "jobs",
      "files",
      "wallet",
      "push",
      "integrations",
      "privacy",
    ]);
    const sideways = arrows
      .filter(({ from, to }) => {
        const [a, b] = [moduleOf(from), moduleOf(to)];
        return (
          a && b && a !== b && !platform.has(b) && !/\.(table|queries)$/.test(to) && a !== "demo"
        );
      })
      .map(({ from, to }) => `${from} → ${to}`);
    expect(sideways.sort(), JSON.stringify(sideways)).toEqual(KNOWN_SIDEWAYS_ARROWS);
  });
});
/**
 * Module code that still reaches another module's service (decision 022): each is a workflow to
 * move into src/server/flows/ or a read to move into a read model. Remove a line when its arrow
 * goes; never add one.
 */
const KNOWN_SIDEWAYS_ARROWS: string[] = [];
