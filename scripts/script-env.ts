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
  BENCH_CUSTOMERS: z.string().optional(),
  BENCH_SEARCH_RUNS: z.string().optional(),
  BENCH_REPORT_MEMBERS: z.string().optional(),
  BENCH_REPORT_STAMPS: z.string().optional(),
  BENCH_REPORT_RUNS: z.string().optional(),
  BENCH_UPLOADS: z.string().optional(),
  BENCH_DATA_DIR: z.string().optional(),
  BENCH_WEB_RUNS: z.string().optional(),
  /** Comma-separated paths of the site to measure. */
  BENCH_WEB_PAGES: z.string().optional(),
});

export const scriptEnv = ScriptEnvSchema.parse(process.env);
