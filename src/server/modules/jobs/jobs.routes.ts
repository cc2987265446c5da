import { isCalendarDate } from "@shared/text";
import { Hono } from "hono";
import type { Db } from "../../db/client";
import { localOnly } from "../../middleware/client-ip";
import { type BaseJobDeps, countDeadLetters, type JobDefinition } from "./jobs.service";

/**
 * `GET /api/health`: the process answers, how many jobs wait in the dead-letter queue, and which
 * optional features are on (`wallet.google`, `wallet.apple`: Google and Apple Wallet passes; `push`:
 * Web Push notices).
 */
export function healthRoutes(
  db: Db,
  features: { googleWallet: () => boolean; appleWallet: () => boolean; push: () => boolean },
) {
  const app = new Hono();
  app.get("/health", async (c) =>
    c.json({
      status: "ok" as const,
      jobs: { deadLetters: await countDeadLetters(db) },
      wallet: { google: features.googleWallet(), apple: features.appleWallet() },
      push: features.push(),
    }),
  );
  return app;
}

/**
 * Development and tests only (never mounted in production): `POST /dev/jobs/:name` runs a
 * registered job's handler now, in this request (not through the queue), and answers what it
 * returned: `{ job, result }`. `?now=<ISO date>` runs it as of that moment. Only the machine itself
 * may call it (loopback socket address, nothing relayed by a proxy); anyone else gets 404.
 */
export function devJobsRoutes<Deps extends BaseJobDeps>(
  jobDeps: Deps,
  jobs: readonly JobDefinition<Deps>[],
) {
  const app = new Hono();
  app.use("*", localOnly());
  app.post("/:name", async (c) => {
    const job = jobs.find((j) => j.name === c.req.param("name"));
    if (!job) return c.json({ error: { code: "not_found", message: "No such job" } }, 404);
    const at = c.req.query("now");
    const now = at ? new Date(at) : new Date();
    // Date() rolls an impossible day over (2026-02-31 is 3 March): refuse it instead.
    if (Number.isNaN(now.getTime()) || (at && !isCalendarDate(at.slice(0, 10)))) {
      return c.json({ error: { code: "validation_failed", message: "now: not a date" } }, 400);
    }
    const result = await job.handler(jobDeps, now, {});
    return c.json({ job: job.name, result: result ?? null });
  });
  return app;
}
