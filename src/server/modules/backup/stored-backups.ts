/**
 * The scheduled backups on disk: `<backupDir>/<companyId>/carimbou-backup-<slug>-<yyyy-MM-dd>.zip`,
 * the same zip as the manual download. Written under a temporary name and renamed, so a reader
 * never sees half a file and two servers writing the same period end with one complete file.
 */
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, unlink } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { StoredBackup } from "@shared/settings.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { companyZipStream } from "./backup.service";

/** A stored backup's file name; the date is the São Paulo day it was made. */
const BACKUP_NAME = /^carimbou-backup-[a-z0-9]+(?:-[a-z0-9]+)*-(\d{4}-\d{2}-\d{2})\.zip$/;
/** The longest such name: the slug is at most 60 characters (slugify). */
const BACKUP_NAME_MAX_LENGTH = "carimbou-backup-".length + 60 + "-yyyy-MM-dd.zip".length;

/** Temporary files left by a server that died while writing are removed after this long. */
const STALE_TEMP_MS = 24 * 60 * 60 * 1000;

/** Company ids are UUIDs; anything else never names a folder. */
const SAFE_ID = /^[A-Za-z0-9_-]+$/;

function companyDir(backupDir: string, companyId: string): string {
  if (!SAFE_ID.test(companyId)) throw new Error(`Unexpected company id: ${companyId}`);
  return join(backupDir, companyId);
}

/** The date ('yyyy-MM-dd') in a stored backup's name, or null when it is not one. */
function storedBackupDate(name: string): string | null {
  if (name.length > BACKUP_NAME_MAX_LENGTH) return null;
  return BACKUP_NAME.exec(name)?.[1] ?? null;
}

/** The company's stored backups, newest first. */
export async function listStoredBackups(
  backupDir: string,
  companyId: string,
): Promise<StoredBackup[]> {
  const dir = companyDir(backupDir, companyId);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const backups: StoredBackup[] = [];
  for (const name of names) {
    const date = storedBackupDate(name);
    if (!date) continue;
    try {
      const info = await stat(join(dir, name));
      if (!info.isFile()) continue;
      backups.push({ name, date, size: info.size, createdAt: info.mtime.toISOString() });
    } catch {
      // Removed meanwhile (rotation on another server): not listed.
    }
  }
  return backups.sort(
    (a, b) =>
      b.date.localeCompare(a.date) ||
      b.createdAt.localeCompare(a.createdAt) ||
      a.name.localeCompare(b.name),
  );
}

/**
 * One of the company's stored backups to download: only a name of the list (no folder, no `..`),
 * looked up in the company's own folder; anything else is a 404.
 */
export async function openStoredBackup(
  backupDir: string,
  companyId: string,
  name: string,
): Promise<{ stream: ReadableStream<Uint8Array>; size: number }> {
  const notFound = new AppError("not_found", 404, "Backup not found");
  if (!storedBackupDate(name)) throw notFound;
  const path = join(companyDir(backupDir, companyId), name);
  try {
    const info = await stat(path);
    if (!info.isFile()) throw notFound;
    const stream = Readable.toWeb(createReadStream(path)) as unknown as ReadableStream<Uint8Array>;
    return { stream, size: info.size };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // No such file, or a name the file system cannot hold: either way, no such backup.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENAMETOOLONG" || code === "ENOTDIR") throw notFound;
    throw error;
  }
}

/**
 * Writes the company's zip as `name` in its folder: to a temporary file first, renamed when
 * complete (an existing file of that name is replaced by the new, complete one).
 */
export async function writeStoredBackup(
  db: Db,
  backupDir: string,
  companyId: string,
  name: string,
): Promise<StoredBackup> {
  const dir = companyDir(backupDir, companyId);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.${name}.${randomUUID()}.tmp`);
  try {
    const zip = companyZipStream(db, companyId) as unknown as NodeReadableStream<Uint8Array>;
    await pipeline(Readable.fromWeb(zip), createWriteStream(temp, { flags: "wx" }));
    await rename(temp, join(dir, name));
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
  const info = await stat(join(dir, name));
  return {
    name,
    date: storedBackupDate(name) ?? "",
    size: info.size,
    createdAt: info.mtime.toISOString(),
  };
}

/**
 * Keeps the company's newest `keep` backups and removes the others, with temporary files left over
 * for a day by a server that died. Returns the names removed.
 */
export async function rotateStoredBackups(
  backupDir: string,
  companyId: string,
  keep: number,
  now: Date,
): Promise<string[]> {
  const dir = companyDir(backupDir, companyId);
  const removed: string[] = [];
  for (const old of (await listStoredBackups(backupDir, companyId)).slice(keep)) {
    await unlink(join(dir, old.name)).catch(() => {});
    removed.push(old.name);
  }
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith(".tmp") || !name.startsWith(".carimbou-backup-")) continue;
    const info = await stat(join(dir, name)).catch(() => null);
    if (info && now.getTime() - info.mtime.getTime() > STALE_TEMP_MS) {
      await unlink(join(dir, name)).catch(() => {});
    }
  }
  return removed;
}

/**
 * Removes the company's folder of stored backups (its company was deleted after closing its
 * account, issue 34). Answers how many backups it held.
 */
export async function removeStoredBackups(backupDir: string, companyId: string): Promise<number> {
  const count = (await listStoredBackups(backupDir, companyId)).length;
  await rm(companyDir(backupDir, companyId), { recursive: true, force: true });
  return count;
}
