import { z } from "zod";

/**
 * The variables the scripts (benchmarks, seeding) read, parsed once here: the scripts' only reader
 * of process.env (the app's own variables are src/server/env.ts). Unset is undefined; each script
 * keeps its own default.
 */
const ScriptEnvSchema = z.object({
  /** PostgreSQL to run against; unset: an embedded PGlite. */
  DATABASE_URL: z.string().optional(),
  /** Where seed-customers finds the embedded database (default ./data). */
  DATA_DIR: z.string().optional(),
  SEED_CUSTOMERS: z.string().optional(),
  BENCH_SECONDS: z.string().optional(),
  /** Comma-separated connection counts of the add-stamp bench (default 1,16,64). */
  BENCH_LEVELS: z.string().optional(),
  /** Comma-separated databases of the add-stamp bench: pglite, postgres (default both). */
  BENCH_DATABASES: z.string().optional(),
  /** Where `npm run bench` writes a CPU profile of the server during each HTTP row (unset: none). */
  BENCH_PROFILE: z.string().optional(),
  BENCH_CUSTOMERS: z.string().optional(),
  BENCH_SEARCH_RUNS: z.string().optional(),
  BENCH_REPORT_MEMBERS: z.string().optional(),
  BENCH_REPORT_STAMPS: z.string().optional(),
  BENCH_REPORT_RUNS: z.string().optional(),
  BENCH_UPLOADS: z.string().optional(),
  /** bench-scale: the measured company's members and stamps (default 100000, 1000000). */
  BENCH_SCALE_MEMBERS: z.string().optional(),
  BENCH_SCALE_STAMPS: z.string().optional(),
  /** bench-scale: how many times bigger the big database is (default 10) and its companies (1000). */
  BENCH_SCALE_FACTOR: z.string().optional(),
  BENCH_SCALE_COMPANIES: z.string().optional(),
  /** bench-scale: comma-separated sizes measured on the way to the factor (default 3; empty: none). */
  BENCH_SCALE_STEPS: z.string().optional(),
  /** bench-scale: counter look-ups by short code and by QR code each (default 200). */
  BENCH_SCALE_LOOKUPS: z.string().optional(),
  /** bench-scale: seconds of add-stamp load (default 10). */
  BENCH_SCALE_SECONDS: z.string().optional(),
  /** bench-scale: turns of alone then big at each size (default 2). */
  BENCH_SCALE_ROUNDS: z.string().optional(),
  /** bench-scale: keep the two databases, named <this>_small and <this>_big, instead of dropping them. */
  BENCH_SCALE_KEEP: z.string().optional(),
  BENCH_DATA_DIR: z.string().optional(),
  BENCH_WEB_RUNS: z.string().optional(),
  /** bench-counter: set by `npm run bench:web`, which has just built the app. */
  BENCH_COUNTER_NO_BUILD: z.string().optional(),
  /** bench-qr-landing: skip the build (set by `npm run bench:web`); runs per case (default 3). */
  BENCH_QR_NO_BUILD: z.string().optional(),
  BENCH_QR_RUNS: z.string().optional(),
  /** bench-pwa: skip the build; runs (default 3). */
  BENCH_PWA_NO_BUILD: z.string().optional(),
  BENCH_PWA_RUNS: z.string().optional(),
  /** Comma-separated paths of the site to measure. */
  BENCH_WEB_PAGES: z.string().optional(),
});

export const scriptEnv = ScriptEnvSchema.parse(process.env);
