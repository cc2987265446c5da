/** The privacy module's jobs (src/server/jobs.ts runs every module's): a person's data download. */
import type { Db } from "../../db/client";
import type { JobDefinition } from "../jobs/jobs.service";
import {
  buildExport,
  clearExpiredExports,
  PERSONAL_EXPORT_JOB,
  pendingExportIds,
} from "./personal-export.service";

/** The hourly clean-up of expired downloads' bytes. */
export const PERSONAL_EXPORT_CLEANUP_JOB = "personal-data-export-cleanup";

const exportIdOf = (data: unknown) => {
  const exportId = (data as { exportId?: unknown } | null)?.exportId;
  return typeof exportId === "string" ? exportId : undefined;
};

export const PRIVACY_EXPORT_JOBS: readonly JobDefinition<{ db: Db; appUrl: string }>[] = [
  {
    // 'Baixar meus dados': the zip built, stored for 24 hours and announced by e-mail. Queued with
    // `{ exportId }`; run without one (/dev/jobs), it builds every pending download.
    name: PERSONAL_EXPORT_JOB,
    handler: async ({ db, appUrl }, _now, data) => {
      const exportId = exportIdOf(data);
      const ids = exportId ? [exportId] : await pendingExportIds(db);
      const results = { ready: 0, failed: 0, skipped: 0 };
      for (const id of ids) results[await buildExport(db, appUrl, id)]++;
      return results;
    },
    retryLimit: 2,
    expireInSeconds: 10 * 60,
  },
  {
    name: PERSONAL_EXPORT_CLEANUP_JOB,
    cron: "41 * * * *",
    handler: async ({ db }, now) => ({ cleared: await clearExpiredExports(db, now) }),
  },
];
