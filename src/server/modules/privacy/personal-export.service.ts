/**
 * A person's data downloads ('Baixar meus dados', issue 34): asked for in 'Meus dados' (at most
 * PERSONAL_EXPORTS_PER_DAY in 24 hours), built by the `personal-data-export` job into a zip kept
 * in `personal_data_exports` for PERSONAL_EXPORT_HOURS, downloadable only by its owner while it
 * lasts; an hourly run clears the bytes of the expired ones.
 */
import { randomUUID } from "node:crypto";
import { formatSaoPauloDateTime } from "@shared/dates";
import { toLanguage } from "@shared/languages";
import {
  PERSONAL_EXPORT_HOURS,
  PERSONAL_EXPORTS_PER_DAY,
  type PersonalExport,
} from "@shared/privacy.schema";
import { and, asc, count, desc, eq, gt, isNotNull, lte, ne } from "drizzle-orm";
import { advisoryLock } from "../../db/advisory-lock";
import type { Db } from "../../db/client";
import { personalExportContent } from "../../email/personal-export-email";
import { AppError } from "../../errors";
import { log } from "../../lib/log";
import { enqueueJob } from "../jobs/jobs.service";
import { queueEmail } from "../mail/outbox";
import { buildPersonalExport } from "./personal-export";
import { findExportRecipient } from "./personal-export.queries";
import { personalDataExports } from "./privacy.table";

/** The job that builds a download (data: `{ exportId }`; without it, every pending one). */
export const PERSONAL_EXPORT_JOB = "personal-data-export";

/** How many downloads 'Meus dados' lists. */
const LISTED_EXPORTS = 10;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

type ExportRow = typeof personalDataExports.$inferSelect;

const toExport = (row: Pick<ExportRow, "id" | "state" | "createdAt" | "expiresAt" | "size">) => ({
  id: row.id,
  state: row.state,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  size: row.size,
});

/** The requests of the last 24 hours that count against the limit (a failed one does not). */
async function requestsToday(db: Db, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(personalDataExports)
    .where(
      and(
        eq(personalDataExports.userId, userId),
        gt(personalDataExports.createdAt, new Date(now.getTime() - DAY_MS)),
        ne(personalDataExports.state, "failed"),
      ),
    );
  return row?.n ?? 0;
}

/** 'Meus dados': the person's downloads, newest first (the last 10), and how many are left today. */
export async function listMyExports(
  db: Db,
  userId: string,
  now: Date = new Date(),
): Promise<{ exports: PersonalExport[]; exportsLeftToday: number }> {
  const rows = await db
    .select({
      id: personalDataExports.id,
      state: personalDataExports.state,
      createdAt: personalDataExports.createdAt,
      expiresAt: personalDataExports.expiresAt,
      size: personalDataExports.size,
    })
    .from(personalDataExports)
    .where(eq(personalDataExports.userId, userId))
    .orderBy(desc(personalDataExports.createdAt), desc(personalDataExports.id))
    .limit(LISTED_EXPORTS);
  const used = await requestsToday(db, userId, now);
  return {
    exports: rows.map(toExport),
    exportsLeftToday: Math.max(0, PERSONAL_EXPORTS_PER_DAY - used),
  };
}

/**
 * 'Baixar meus dados': a pending download, its job queued in the same transaction. The fourth
 * request in 24 hours is 429 `export_limit_reached` (two at once count each other).
 */
export async function requestExport(
  db: Db,
  userId: string,
  now: Date = new Date(),
): Promise<PersonalExport> {
  return db.transaction(async (tx) => {
    await advisoryLock(tx, `personal-export:${userId}`);
    if ((await requestsToday(tx, userId, now)) >= PERSONAL_EXPORTS_PER_DAY) {
      throw new AppError(
        "export_limit_reached",
        429,
        `At most ${PERSONAL_EXPORTS_PER_DAY} downloads of one's data in 24 hours.`,
      );
    }
    const [row] = await tx
      .insert(personalDataExports)
      .values({ id: randomUUID(), userId, state: "pending", createdAt: now })
      .returning();
    if (!row) throw new Error("The export was not recorded");
    await enqueueJob(tx, PERSONAL_EXPORT_JOB, { exportId: row.id });
    return toExport(row);
  });
}

/**
 * The zip of the person's own ready download while it lasts; anything else (another person's id,
 * still pending, failed, expired) is 404 `not_found`.
 */
export async function openMyExport(
  db: Db,
  userId: string,
  exportId: string,
  now: Date = new Date(),
): Promise<{ data: Uint8Array<ArrayBuffer>; readyAt: Date }> {
  const [row] = await db
    .select({ data: personalDataExports.data, readyAt: personalDataExports.readyAt })
    .from(personalDataExports)
    .where(
      and(
        eq(personalDataExports.id, exportId),
        eq(personalDataExports.userId, userId),
        eq(personalDataExports.state, "ready"),
        gt(personalDataExports.expiresAt, now),
        isNotNull(personalDataExports.data),
      ),
    );
  if (!row?.data || !row.readyAt) throw new AppError("not_found", 404, "Download not found");
  return { data: new Uint8Array(row.data), readyAt: row.readyAt };
}

/**
 * Builds one pending download: the zip stored in its row (ready for PERSONAL_EXPORT_HOURS) and
 * the 'Seus dados estão prontos' e-mail queued, in one transaction. A download already built (a
 * repeated run) is left alone; a failure marks it failed (it no longer counts against the limit).
 */
export async function buildExport(
  db: Db,
  appUrl: string,
  exportId: string,
): Promise<"ready" | "failed" | "skipped"> {
  const [row] = await db
    .select({ userId: personalDataExports.userId, state: personalDataExports.state })
    .from(personalDataExports)
    .where(eq(personalDataExports.id, exportId));
  if (row?.state !== "pending") return "skipped";
  try {
    const readyAt = new Date();
    const zip = await buildPersonalExport(db, row.userId, readyAt);
    const recipient = await findExportRecipient(db, row.userId);
    if (!zip || !recipient) throw new Error("The customer is gone");
    const expiresAt = new Date(readyAt.getTime() + PERSONAL_EXPORT_HOURS * HOUR_MS);
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(personalDataExports)
        .set({
          state: "ready",
          data: Buffer.from(zip),
          size: zip.byteLength,
          readyAt,
          expiresAt,
        })
        .where(and(eq(personalDataExports.id, exportId), eq(personalDataExports.state, "pending")))
        .returning({ id: personalDataExports.id });
      if (updated.length === 0) return;
      const content = personalExportContent({
        name: recipient.name,
        url: new URL("/dashboard-cliente/meus-dados", appUrl).href,
        language: toLanguage(recipient.language),
        hours: PERSONAL_EXPORT_HOURS,
        until: formatSaoPauloDateTime(expiresAt),
      });
      await queueEmail(tx, { to: recipient.email, ...content });
    });
    return "ready";
  } catch (error) {
    await db
      .update(personalDataExports)
      .set({ state: "failed" })
      .where(and(eq(personalDataExports.id, exportId), eq(personalDataExports.state, "pending")));
    log.error(`Personal data export ${exportId} failed:`, error);
    return "failed";
  }
}

/** Every download still pending, oldest first (a run of the job without an id: /dev/jobs). */
export async function pendingExportIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: personalDataExports.id })
    .from(personalDataExports)
    .where(eq(personalDataExports.state, "pending"))
    .orderBy(asc(personalDataExports.createdAt), asc(personalDataExports.id));
  return rows.map((r) => r.id);
}

/** The hourly clean-up: the bytes of every expired download removed (the row stays, listed). */
export async function clearExpiredExports(db: Db, now: Date): Promise<number> {
  const cleared = await db
    .update(personalDataExports)
    .set({ data: null })
    .where(and(lte(personalDataExports.expiresAt, now), isNotNull(personalDataExports.data)))
    .returning({ id: personalDataExports.id });
  return cleared.length;
}
