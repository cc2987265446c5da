import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Scheduled work done once per key, whichever app server gets there first (e.g. `retention` and
 * `2026-11-23`): the insert that wins does the work, the others skip it.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    job: text().notNull(),
    runKey: text().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.job, t.runKey] })],
);
