import { and, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { jobRuns } from "./backup.table";

/**
 * Once-a-day jobs that every server tries (data retention): the day's run is claimed in
 * `job_runs`, so one server runs it and the others skip.
 */

/** A run claimed but not finished after this long is taken to have died with its server. */
const STALE_RUN_MS = 60 * 60 * 1000;

/**
 * Claims today's run (UTC day of `now`): the insert that wins runs it, every other server skips.
 * A claim left unfinished for an hour (its server died) may be taken over, once.
 */
export async function claimDailyRun(db: Db, job: string, now: Date): Promise<boolean> {
  const runKey = now.toISOString().slice(0, 10);
  const inserted = await db
    .insert(jobRuns)
    .values({ job: job, runKey, startedAt: now })
    .onConflictDoNothing()
    .returning({ job: jobRuns.job });
  if (inserted.length > 0) return true;
  const takenOver = await db
    .update(jobRuns)
    .set({ startedAt: now })
    .where(
      and(
        eq(jobRuns.job, job),
        eq(jobRuns.runKey, runKey),
        isNull(jobRuns.finishedAt),
        lt(jobRuns.startedAt, new Date(now.getTime() - STALE_RUN_MS)),
      ),
    )
    .returning({ job: jobRuns.job });
  return takenOver.length > 0;
}

/** Marks the day's run of `job` (UTC day of `now`) finished. */
export async function finishDailyRun(db: Db, job: string, now: Date): Promise<void> {
  await db
    .update(jobRuns)
    .set({ finishedAt: new Date() })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.runKey, now.toISOString().slice(0, 10))));
}
