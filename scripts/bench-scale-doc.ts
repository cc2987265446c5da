/**
 * What `npm run bench:scale` (scripts/bench-scale.ts) writes: the "Scale" section of
 * docs/performance.md (the goal's table at the biggest database, the growth table, each search
 * term and report period) and the growth chart, a hand-written SVG of each measure's cost at each
 * size over the company alone's (docs/performance-growth.svg).
 */

import { TERMS } from "./bench-customers";
import {
  CONNECTIONS,
  LOOKUPS,
  type Percentiles,
  type Phase,
  REPORT_RUNS,
  SEARCH_RUNS,
  SECONDS,
  WARMUP,
} from "./bench-scale-phase";

export const GOAL = 1.2;
export const SECTION = "## Scale";
export const CHART = "performance-growth.svg";

/** One size of the database around the company: its figures and the company alone's, in turns. */
export type Step = {
  /** The database holds this many times the company's members and stamps. */
  factor: number;
  companies: number;
  members: number;
  stamps: number;
  /** How the step was seeded (each part's seconds), and the seconds in all. */
  seed: string;
  seedSeconds: number;
  small: Phase;
  big: Phase;
};

type Measure = {
  key: string;
  what: string;
  /** Its name in the chart's legend (null: not charted). */
  chart: string | null;
  pick: (p: Phase) => number;
  higherIsBetter: boolean;
};
const MEASURES: Measure[] = [
  {
    key: "addStampRps",
    what: `add-stamp, ${CONNECTIONS} connections: req/s`,
    chart: "add-stamp req/s",
    pick: (p) => p.addStamp.rps,
    higherIsBetter: true,
  },
  {
    key: "addStampP99",
    what: `add-stamp, ${CONNECTIONS} connections: p99 ms`,
    chart: null,
    pick: (p) => p.addStamp.p99,
    higherIsBetter: false,
  },
  {
    key: "searchP95",
    what: "`/clientes` search: p95 ms (all terms)",
    chart: "search p95",
    pick: (p) => p.search.p95,
    higherIsBetter: false,
  },
  {
    key: "reportsP95",
    what: "reports: p95 ms (all periods)",
    chart: "reports p95",
    pick: (p) => p.reports.p95,
    higherIsBetter: false,
  },
  {
    key: "lookupCodeP95",
    what: "counter lookup by short code: p95 ms",
    chart: "lookup by code p95",
    pick: (p) => p.lookupCode.p95,
    higherIsBetter: false,
  },
  {
    key: "lookupQrP95",
    what: "counter lookup by QR code: p95 ms",
    chart: "lookup by QR p95",
    pick: (p) => p.lookupQr.p95,
    higherIsBetter: false,
  },
  {
    key: "apiRps",
    what: `\`POST /api/v1/stamps\`, ${CONNECTIONS} connections: req/s`,
    chart: "API stamps req/s",
    pick: (p) => p.api.rps,
    higherIsBetter: true,
  },
  {
    key: "apiP99",
    what: `\`POST /api/v1/stamps\`, ${CONNECTIONS} connections: p99 ms`,
    chart: null,
    pick: (p) => p.api.p99,
    higherIsBetter: false,
  },
];

export type Result = {
  key: string;
  what: string;
  small: number;
  big: number;
  ratio: number;
  holds: boolean;
};

/** How many times worse big is than small: latency big ÷ small, throughput small ÷ big. */
export function compare(small: Phase, big: Phase): Result[] {
  return MEASURES.map(({ key, what, pick, higherIsBetter }) => {
    const s = pick(small);
    const b = pick(big);
    const ratio = higherIsBetter ? s / b : b / s;
    return { key, what, small: s, big: b, ratio, holds: ratio <= GOAL };
  });
}

const f = (n: number) => n.toFixed(1);
const r2 = (n: number) => n.toFixed(2);
const thousands = (n: number) => Math.round(n).toLocaleString("en");
const x = (factor: number) => `${factor}×`;

/** The section, from each step (the last one is the goal's: the biggest database). */
export function section(
  steps: Step[],
  smallSeed: string,
  sizes: { members: number; stamps: number; companies: number; factor: number; rounds: number },
) {
  const last = steps.at(-1)!;
  const results = compare(last.small, last.big);
  const failing = results.filter((r) => !r.holds);
  const perStep = (title: string, rows: { label: string; pick: (p: Phase) => Percentiles }[]) => [
    `| ${title} | ${steps.map((s) => `alone | ${x(s.factor)} | ratio`).join(" | ")} |`,
    `| --- |${" --- | --- | --- |".repeat(steps.length)}`,
    ...rows.map(
      (row) =>
        `| ${row.label} | ${steps
          .map((s) => {
            const [a, b] = [row.pick(s.small).p95, row.pick(s.big).p95];
            return `${f(a)} | ${f(b)} | ${r2(b / a)}`;
          })
          .join(" | ")} |`,
    ),
  ];
  const others = (s: Step) =>
    `${x(s.factor)}: ${thousands(s.companies)} companies, ${thousands(s.members)} members and ${thousands(s.stamps)} stamps in all, seeded in ${s.seed}`;
  const text = [
    `${SECTION}: one company among ${thousands(sizes.companies)} (\`npm run bench:scale\`, PostgreSQL)`,
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on this project's 2-core machine by \`scripts/bench-scale.ts\`: the same company in two databases on one server. "Alone" (1×): the company by itself (${thousands(sizes.members)} members and ${thousands(sizes.stamps)} stamps over 12 months, scripts/seed-reports.ts, seeded in ${smallSeed}). "N×": a copy of it (\`CREATE DATABASE … TEMPLATE\`: the same rows, session and API key) holding N times the company's members and stamps: the company and (N − 1) times its data in other companies of about its size ((N − 1) ÷ ${sizes.factor - 1} of ${thousands(sizes.companies - 1)} companies), people shared between companies (scripts/seed-tenants.ts, run once per step: the ${x(steps[0]!.factor)} database is grown into the next by seeding more companies into it). ${steps.map(others).join("; ")}. Every customer has a short counter code (as if each had opened 'Mostrar no balcão' once); \`VACUUM ANALYZE\` after each seed. At each step the company is measured in ${sizes.rounds} ${sizes.rounds === 1 ? "turn" : "turns"} of alone then N× (each figure the median of its turns), so a change in the machine's load falls on both; each ratio is against the company alone in the same turns. Add-stamp: \`POST /api/cards/:id/stamps\` from a child process (scripts/bench-client.ts), ${CONNECTIONS} keep-alive connections on ${CONNECTIONS} of the company's cards, ${SECONDS} s a turn. Public API: \`POST /api/v1/stamps\` with a live key (\`Authorization: Bearer cb_live_…\`, its rate limit raised for the bench, a fresh \`Idempotency-Key\` on every request, \`{ memberId, count: 1 }\`) on the same ${CONNECTIONS} members, ${SECONDS} s a turn. Search: \`GET /api/customers/directory\` over bench-customers' ${TERMS.length} terms (${SEARCH_RUNS} requests each after ${WARMUP} warm-ups, one at a time). Reports: \`GET /api/reports\` over bench-reports' 5 periods (${REPORT_RUNS} each). Counter: \`POST /api/counter/lookup\` for other active members in turn, ${LOOKUPS} requests one at a time after ${WARMUP} warm-ups, by short code (\`K7Q-2MX\`) and by QR code (signed for the current 30 s, as \`/api/me/counter-code\` signs it); the look-up limit's window (60 a minute) is emptied every 50 requests. Ratio: N× ÷ alone for times, alone ÷ N× for req/s. Goal: each ≤ ${GOAL}× at ${x(last.factor)}. Load average (1 minute) when the measures started, the turns' mean: ${steps.map((s) => `alone ${f(s.small.loadAverage)} and ${x(s.factor)} ${f(s.big.loadAverage)}`).join("; ")}; database size ${thousands(last.small.databaseMb)} MB alone, ${steps.map((s) => `${thousands(s.big.databaseMb)} MB at ${x(s.factor)}`).join(", ")}.`,
    "",
    `| measure | alone | ${x(last.factor)} | ratio | ≤ ${GOAL}× |`,
    "| --- | --- | --- | --- | --- |",
    ...results.map(
      (r) =>
        `| ${r.what} | ${f(r.small)} | ${f(r.big)} | ${r2(r.ratio)} | ${r.holds ? "yes" : "**no**"} |`,
    ),
    "",
    failing.length === 0
      ? `Every measure is within ${GOAL}× of the company alone.`
      : `Over ${GOAL}×: ${failing.map((r) => r.what).join("; ")}.`,
    "",
    `Growth: each measure at each size, against the company alone measured in the same turns (the chart plots the ratios; 1 is flat, the dashed line the goal).`,
    "",
    `| measure | ${steps.map((s) => `alone | ${x(s.factor)} | ratio`).join(" | ")} |`,
    `| --- |${" --- | --- | --- |".repeat(steps.length)}`,
    ...MEASURES.map(
      (m) =>
        `| ${m.what} | ${steps
          .map((s) => {
            const [c] = compare(s.small, s.big).filter((r) => r.key === m.key);
            return `${f(c!.small)} | ${f(c!.big)} | ${r2(c!.ratio)}`;
          })
          .join(" | ")} |`,
    ),
    "",
    `![Each measure's cost at 1×, ${steps.map((s) => x(s.factor)).join(" and ")} the data, over the company alone's](${CHART})`,
    "",
    `| counter lookup, ms | ${steps.map((s) => `alone | ${x(s.factor)}`).join(" | ")} |`,
    `| --- |${" --- | --- |".repeat(steps.length)}`,
    ...(["p50", "p95", "p99"] as const).flatMap((q) =>
      (
        [
          ["by short code", (p: Phase) => p.lookupCode],
          ["by QR code", (p: Phase) => p.lookupQr],
        ] as const
      ).map(
        ([what, pick]) =>
          `| ${what}: ${q} | ${steps.map((s) => `${f(pick(s.small)[q])} | ${f(pick(s.big)[q])}`).join(" | ")} |`,
      ),
    ),
    "",
    ...perStep(
      "search term: what (results at the biggest)",
      last.small.search.terms.map((t, i) => ({
        label: `${t.label} (${last.big.search.terms[i]!.results.replace(">", "more than")})`,
        pick: (p: Phase) => p.search.terms[i]!,
      })),
    ),
    "",
    ...perStep(
      "report period (stamps in it), p95 ms",
      last.small.reports.periods.map((p, i) => ({
        label: `${p.label} (${thousands(p.stamps)})`,
        pick: (q: Phase) => q.reports.periods[i]!,
      })),
    ),
    "",
  ].join("\n");
  return { text, results };
}

const COLORS = ["#1f6fb2", "#d1495b", "#2a9d8f", "#7b4fa0", "#e08a1e", "#5c6770"];
const xmlText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A step for the axis: 0.1, 0.2, 0.5, 1, 2, 5… giving about five ticks over `span`. */
function tickStep(span: number) {
  const raw = span / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
}

/**
 * The growth chart: for each charted measure, its cost at each size over the company alone's
 * (1 at 1×), on a linear axis of the data's size, with the goal's line.
 */
export function growthSvg(steps: Step[]) {
  const series = MEASURES.filter((m) => m.chart).map((m) => ({
    label: m.chart!,
    points: [
      { factor: 1, ratio: 1 },
      ...steps.map((s) => ({
        factor: s.factor,
        ratio: compare(s.small, s.big).find((r) => r.key === m.key)!.ratio,
      })),
    ],
  }));
  const ratios = series.flatMap((s) => s.points.map((p) => p.ratio));
  const step = tickStep(Math.max(1.4, ...ratios) - Math.min(0.8, ...ratios));
  const lo = Math.floor(Math.min(0.8, ...ratios) / step) * step;
  const hi = Math.ceil(Math.max(1.4, ...ratios) / step) * step;
  const maxFactor = Math.max(...steps.map((s) => s.factor));
  const [width, height] = [800, 400];
  const box = { left: 60, right: 540, top: 50, bottom: 340 };
  const px = (factor: number) =>
    box.left + ((factor - 1) / (maxFactor - 1)) * (box.right - box.left);
  const py = (ratio: number) => box.bottom - ((ratio - lo) / (hi - lo)) * (box.bottom - box.top);
  const n = (v: number) => v.toFixed(1);
  const ticks: number[] = [];
  for (let t = lo; t <= hi + step / 2; t += step) ticks.push(Number(t.toFixed(6)));
  const lines = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${box.left}" y="24" font-size="15" font-weight="bold">One company's cost as the database around it grows (÷ the company alone)</text>`,
    `<text x="${box.left}" y="42" fill="#555">${xmlText(`bench:scale, ${new Date().toISOString().slice(0, 10)}: times N× ÷ alone, req/s alone ÷ N×; goal ≤ ${GOAL}`)}</text>`,
    ...ticks.map(
      (t) =>
        `<line x1="${box.left}" x2="${box.right}" y1="${n(py(t))}" y2="${n(py(t))}" stroke="#e3e3e3"/><text x="${box.left - 8}" y="${n(py(t) + 4)}" text-anchor="end">${Number(t.toFixed(2))}×</text>`,
    ),
    ...[1, ...steps.map((s) => s.factor)].map(
      (factor) =>
        `<line x1="${n(px(factor))}" x2="${n(px(factor))}" y1="${box.top}" y2="${box.bottom}" stroke="#e3e3e3"/><text x="${n(px(factor))}" y="${box.bottom + 18}" text-anchor="middle">${factor}× the data</text>`,
    ),
    `<line x1="${box.left}" x2="${box.right}" y1="${n(py(1))}" y2="${n(py(1))}" stroke="#888"/>`,
    `<line x1="${box.left}" x2="${box.right}" y1="${n(py(GOAL))}" y2="${n(py(GOAL))}" stroke="#000" stroke-dasharray="6 4"/>`,
    `<text x="${box.right - 4}" y="${n(py(GOAL) - 5)}" text-anchor="end">goal ${GOAL}×</text>`,
    `<rect x="${box.left}" y="${box.top}" width="${box.right - box.left}" height="${box.bottom - box.top}" fill="none" stroke="#999"/>`,
    ...series.flatMap((s, i) => {
      const color = COLORS[i % COLORS.length];
      const points = s.points.map((p) => `${n(px(p.factor))},${n(py(p.ratio))}`);
      const end = s.points.at(-1)!;
      return [
        `<polyline points="${points.join(" ")}" fill="none" stroke="${color}" stroke-width="2"/>`,
        ...s.points.map(
          (p) => `<circle cx="${n(px(p.factor))}" cy="${n(py(p.ratio))}" r="3.5" fill="${color}"/>`,
        ),
        `<rect x="${box.right + 20}" y="${box.top + i * 22}" width="14" height="4" fill="${color}"/>`,
        `<text x="${box.right + 40}" y="${box.top + i * 22 + 6}">${xmlText(`${s.label}: ${end.ratio.toFixed(2)}×`)}</text>`,
      ];
    }),
    `<text x="${(box.left + box.right) / 2}" y="${height - 16}" text-anchor="middle" fill="#555">the database's members and stamps, in times the company's own</text>`,
    "</svg>",
    "",
  ];
  return lines.join("\n");
}
