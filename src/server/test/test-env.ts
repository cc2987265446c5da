import { z } from "zod";

/**
 * The variables the tests read (the API tests, the browser suite and its vitest config), parsed
 * once here: the test side's only reader of process.env (the app's own variables are
 * src/server/env.ts).
 */
const TestEnvSchema = z.object({
  /** PostgreSQL to run the suites against; unset or empty: embedded PGlite. */
  TEST_DATABASE_URL: z.string().optional(),
  /** The Chromium the browser suite drives (default /usr/bin/chromium). */
  CHROMIUM_PATH: z.string().optional(),
  /** How many browser-test workers run at once (default 2: one per core). */
  E2E_WORKERS: z.coerce.number().int().positive().optional(),
  /** Where browser tests leave screenshots of the pages they check, when set. */
  SCREENSHOT_DIR: z.string().optional(),
});

export const testEnv = TestEnvSchema.parse(process.env);

/** The whole environment, for a child process that inherits it (the app server under test). */
export const inheritedEnv = (): NodeJS.ProcessEnv => ({ ...process.env });
