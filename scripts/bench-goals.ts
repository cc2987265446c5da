/**
 * The last step of `npm run bench`: the speed rounds' goals (issue 35's, then what issue 21 set that
 * 35 did not restate), each with its
 * figure from the results the benches just wrote to .bench/ (add-stamp.json from bench.ts,
 * scale.json from bench-scale.ts, cluster.json from bench-cluster.ts, web.json from
 * `npm run bench:web`), and when each was measured. A missing file is a row that says so.
 */
import { readFileSync } from "node:fs";
import { writePerformanceSection } from "./perf-doc";

const root = new URL("..", import.meta.url);

function read<T>(name: string): T | null {
  try {
    return JSON.parse(readFileSync(new URL(`.bench/${name}`, root), "utf8")) as T;
  } catch {
    return null;
  }
}

type Level = { connections: number; http: { rps: number; p99: number }; bare: { rps: number } };
type AddStamp = {
  measuredAt: string;
  results: {
    label: string;
    levels: Level[];
    // p50 and p99: the medians of the open loop's runs; p99Min/p99Max their spread (issue 35).
    open: {
      rate: number;
      p50: number;
      p99: number;
      p99Min?: number;
      p99Max?: number;
      runs?: unknown[];
    };
  }[];
};
type ScaleResult = {
  /** Set since issue 35 (bench-scale-doc.ts' measures); older files have only `what`. */
  key?: string;
  what: string;
  small: number;
  big: number;
  ratio: number;
  holds: boolean;
};
type Scale = {
  measuredAt: string;
  /** The biggest database, in times the company's data (10). */
  factor?: number;
  sizes?: { all: { companies: number } };
  /** The company alone against the biggest database. */
  results: ScaleResult[];
  /** Each size measured (3×, 10×): its results against the company alone in the same turns. */
  growth?: { factor: number; results: ScaleResult[] }[];
};
type Cluster = {
  date: string;
  rows: { processes: number; connections: number; rps: number; errors: number }[];
};
type Web = {
  measuredAt: string;
  pages: {
    path: string;
    gzipBytes: number;
    budgetBytes: number;
    lighthouse?: { scores: { performance: number }; fcp: number; lcp: number; tbt: number } | null;
  }[];
  /** The public site's pages' Lighthouse performance (mobile). */
  site?: { path: string; performance: number }[];
};

const round2: string[] = [];
const round1: string[] = [];
let rows = round2;
const row = (goal: string, target: string, measured: string, met: boolean | null, when?: string) =>
  rows.push(
    `| ${goal} | ${target} | ${measured} | ${met === null ? "—" : met ? "met" : "**not met**"} | ${when?.slice(0, 10) ?? "not measured"} |`,
  );
const f = (n: number, digits = 1) => n.toFixed(digits);

const stamp = read<AddStamp>("add-stamp.json");
const pg = stamp?.results.find((r) => r.label === "PostgreSQL");
const pglite = stamp?.results.find((r) => r.label.startsWith("PGlite"));
const scale = read<Scale>("scale.json");
const web = read<Web>("web.json");

/** A page's initial JavaScript against its budget (web.json, `npm run bench:web`). */
function jsRow(path: string, label: string) {
  const page = web?.pages.find((p) => p.path === path);
  row(
    label,
    page ? `≤ ${f(page.budgetBytes / 1024)} KB` : "—",
    page ? `${f(page.gzipBytes / 1024)} KB` : "—",
    page ? page.gzipBytes <= page.budgetBytes : null,
    web?.measuredAt,
  );
}

// Issue 35, goal 1: each of the company's figures among 1,000 companies (10× the data) within
// 1.2× of the company alone, in the same run.
for (const [key, what] of [
  ["addStampRps", "add-stamp, 16 connections: req/s"],
  ["addStampP99", "add-stamp, 16 connections: p99 ms"],
  ["searchP95", "`/clientes` search: p95 ms (all terms)"],
  ["reportsP95", "reports: p95 ms (all periods)"],
  ["lookupCodeP95", "counter lookup by short code: p95 ms"],
  ["lookupQrP95", "counter lookup by QR code: p95 ms"],
  ["apiRps", "`POST /api/v1/stamps`, 16 connections: req/s"],
  ["apiP99", "`POST /api/v1/stamps`, 16 connections: p99 ms"],
] as const) {
  const r = scale?.results.find((x) => (x.key ? x.key === key : x.what === what));
  row(
    `1. Flat at ${scale?.factor ?? 10}× the data (${(scale?.sizes?.all.companies ?? 1000).toLocaleString("en")} companies): ${what}`,
    "≤ 1.2 × the company alone",
    // The ratio is the big database's cost over the company alone's (for req/s: alone ÷ big).
    r ? `${f(r.ratio, 2)} × (alone ${f(r.small)}, big ${f(r.big)})` : "—",
    r ? r.holds : null,
    r ? scale?.measuredAt : undefined,
  );
}

// Issue 35, goal 2: the panel, the counter and the customer's dashboard on a cheap phone.
for (const [path, label] of [
  ["/dashboard", "2. Company panel's first screen `/dashboard`, initial JavaScript (gzip)"],
  ["/balcao", "2. The counter `/balcao`, initial JavaScript (gzip)"],
  [
    "/dashboard-cliente",
    "2. The customer dashboard `/dashboard-cliente`, initial JavaScript (gzip)",
  ],
] as const) {
  jsRow(path, label);
}
for (const path of ["/dashboard", "/balcao", "/dashboard-cliente"]) {
  const found = web?.pages.find((p) => p.path === path)?.lighthouse;
  // An older web.json may hold a run Lighthouse could not finish (its figures null).
  const lh = found && [found.fcp, found.lcp, found.tbt].every((n) => n != null) ? found : null;
  row(
    `2. Lighthouse mobile performance, \`${path}\` signed in`,
    "reported",
    lh
      ? `${lh.scores.performance} (FCP ${f(lh.fcp, 0)} ms, LCP ${f(lh.lcp, 0)} ms, TBT ${f(lh.tbt, 0)} ms)`
      : "—",
    null,
    lh ? web?.measuredAt : undefined,
  );
}
const site = web?.site?.map((p) => p.performance) ?? [];
row(
  "2. Lighthouse mobile performance, the public site's pages (beside the above)",
  "reported",
  site.length ? `${Math.min(...site)} to ${Math.max(...site)} (${site.length} pages)` : "—",
  null,
  site.length ? web?.measuredAt : undefined,
);

// Issue 35, goal 3: the embedded database at its own limit.
const lite16 = pglite?.levels.find((x) => x.connections === 16);
const liteRatio = lite16 ? lite16.http.rps / lite16.bare.rps : 0;
row(
  "3. Add-stamp on the embedded database, 16 connections: HTTP / bare",
  "≥ 0.8",
  lite16
    ? `${f(liteRatio, 2)} (${f(lite16.http.rps)} req/s, p99 ${f(lite16.http.p99)} ms, against ${f(lite16.bare.rps)} tx/s)`
    : "—",
  lite16 ? liteRatio >= 0.8 : null,
  stamp?.measuredAt,
);
row(
  "3. Add-stamp on the embedded database, 16 connections: HTTP req/s (the direction)",
  "600 req/s",
  lite16 ? `${f(lite16.http.rps)} req/s (bare ${f(lite16.bare.rps)} tx/s)` : "—",
  lite16 ? lite16.http.rps >= 600 : null,
  stamp?.measuredAt,
);

// Issue 35, goal 4: the open loop, 5 runs.
row(
  "4. Open loop on PostgreSQL at half the best rate: median p99 of its runs",
  "p99 ≤ 25 ms",
  pg
    ? `${pg.open.rate} req/s: p50 ${f(pg.open.p50)} ms, p99 ${f(pg.open.p99)} ms${pg.open.runs ? ` (median of ${pg.open.runs.length} runs, spread ${f(pg.open.p99Min ?? 0)}–${f(pg.open.p99Max ?? 0)})` : ""}`
    : "—",
  pg ? pg.open.p99 <= 25 : null,
  stamp?.measuredAt,
);

// Issue 35, goal 5: the growth curves at 1×, 3× and 10× (docs/performance-growth.svg).
const growth = scale?.growth ?? [];
const curve = ([key, what]: readonly [string, string]) =>
  `${what} 1 → ${growth.map((g) => f(g.results.find((x) => x.key === key)?.ratio ?? Number.NaN, 2)).join(" → ")}`;
row(
  "5. Growth curves: add-stamp, search and reports at 1×, 3× and 10× the data, plotted",
  "plotted (cost ÷ the company alone)",
  growth.length
    ? `at ${["1×", ...growth.map((g) => `${g.factor}×`)].join(", ")}: ${(
        [
          ["addStampRps", "add-stamp req/s"],
          ["searchP95", "search p95"],
          ["reportsP95", "reports p95"],
        ] as const
      )
        .map(curve)
        .join("; ")} (ratios; the Scale section's chart)`
    : "—",
  growth.length ? growth.length >= 2 : null,
  growth.length ? scale?.measuredAt : undefined,
);

// Issue 21's goals that issue 35 did not restate.
rows = round1;
for (const connections of [16, 64]) {
  const l = pg?.levels.find((x) => x.connections === connections);
  const ratio = l ? l.http.rps / l.bare.rps : 0;
  row(
    `1. Add-stamp on PostgreSQL, ${connections} connections: HTTP / bare`,
    "≥ 0.6",
    l ? `${f(ratio, 2)} (${f(l.http.rps)} req/s against ${f(l.bare.rps)} tx/s)` : "—",
    l ? ratio >= 0.6 : null,
    stamp?.measuredAt,
  );
}
for (const [path, label] of [
  ["/login-admin", "4. `/login-admin` initial JavaScript (gzip)"],
  ["/login-cliente", "4. `/login-cliente` initial JavaScript (gzip)"],
] as const) {
  jsRow(path, label);
}
const cluster = read<Cluster>("cluster.json");
for (const connections of [16, 64]) {
  const one = cluster?.rows.find((r) => r.processes === 1 && r.connections === connections);
  const two = cluster?.rows.find((r) => r.processes === 2 && r.connections === connections);
  row(
    `6. Two app processes on one port, ${connections} connections`,
    "throughput measured; correctness by e2e/cluster.e2e.ts",
    one && two
      ? `${f(two.rps)} req/s against ${f(one.rps)} with one (${f(two.rps / one.rps, 2)} ×), ${two.errors} errors`
      : "—",
    null,
    cluster?.date,
  );
}

const table = (list: string[]) => [
  "| goal | target | measured | | when |",
  "| --- | --- | --- | --- | --- |",
  ...list,
  "",
];
writePerformanceSection(
  "## Speed and scale, round two",
  [
    "## Speed and scale, round two: the goals (issue 35)",
    "",
    "Each goal of issue 35 with its figure from the last run of the bench that measures it (`npm run bench`, `bench:scale`, `bench:web`; the sections below give the details); the date says when.",
    "",
    ...table(round2),
  ].join("\n"),
);
writePerformanceSection(
  "## The speed round's goals",
  [
    "## The speed round's goals (`npm run bench`, issue 21)",
    "",
    "Issue 21's goals that issue 35 did not restate (its open loop, the ten-times data and the panel's JavaScript are in the table above), from the same runs.",
    "",
    ...table(round1),
  ].join("\n"),
);
console.info([...round2, ...round1].join("\n"));
