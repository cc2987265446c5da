import { randomUUID } from "node:crypto";
import { setImmediate } from "node:timers/promises";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { files } from "./files.table";

export type FileKind = "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "application/pdf";

/** The type a file really is, read from its first bytes (never from its name). */
export function sniffContentType(bytes: Uint8Array): FileKind | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "image/gif";
  // RIFF, the chunk's size, then WEBP.
  const webp = [0x57, 0x45, 0x42, 0x50].every((b, i) => bytes[8 + i] === b);
  if (starts(0x52, 0x49, 0x46, 0x46) && webp) return "image/webp";
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "application/pdf";
  return null;
}

export async function storeFile(
  db: Db,
  input: {
    companyId: string;
    uploadedBy: string;
    bytes: Uint8Array;
    allowed: FileKind[];
    maxBytes: number;
  },
): Promise<string> {
  if (input.bytes.byteLength > input.maxBytes) {
    throw new AppError("file_too_large", 413, `File over ${input.maxBytes} bytes`);
  }
  const type = sniffContentType(input.bytes);
  if (!type || !input.allowed.includes(type)) {
    throw new AppError("file_type_invalid", 400, `Accepted: ${input.allowed.join(", ")}`);
  }
  const id = randomUUID();
  // On the embedded database a large insert runs on this thread (a few hundred ms for 5 MB): let
  // the requests already waiting be answered first, rather than after several uploads in a row.
  await setImmediate();
  await db.insert(files).values({
    id,
    companyId: input.companyId,
    uploadedBy: input.uploadedBy,
    contentType: type,
    size: input.bytes.byteLength,
    data: sql`decode(${toBase64(input.bytes)}, 'base64')`,
  });
  return id;
}

/**
 * The bytes travel as base64 text, encoded and decoded by Node's native Buffer. Sent as a bytea
 * parameter, PGlite (the embedded database) turns each byte into a JavaScript string and back
 * ("\\x" + Array.from(bytes).map(toString(16)).join("")): ten seconds of blocked event loop for a
 * 5 MB receipt, during which no other request is answered. As text it takes a few hundred ms.
 */
const toBase64 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");

export async function readFile(db: Db, id: string) {
  const [row] = await db
    .select({
      id: files.id,
      companyId: files.companyId,
      uploadedBy: files.uploadedBy,
      contentType: files.contentType,
      size: files.size,
      createdAt: files.createdAt,
      // PostgreSQL's base64 has line breaks every 76 characters; Buffer skips them.
      base64: sql<string>`encode(${files.data}, 'base64')`,
    })
    .from(files)
    .where(eq(files.id, id))
    .limit(1);
  if (!row) return null;
  const { base64, ...file } = row;
  return { ...file, data: Buffer.from(base64, "base64") };
}

/** Removes a file of the company (no-op when it is not theirs or already gone). */
export async function deleteFile(db: Db, companyId: string, id: string): Promise<void> {
  await db.delete(files).where(and(eq(files.id, id), eq(files.companyId, companyId)));
}

/** Removes files by id, whichever company they belong to (the retention job); returns how many. */
export async function deleteFilesById(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const removed = await db.delete(files).where(inArray(files.id, ids)).returning({ id: files.id });
  return removed.length;
}

/** Where a walk through a company's files stands: after this creation time (as text) and id. */
export type FileWalkKey = { createdAt: string; id: string };

/**
 * The company's next file in creation order, with its bytes, after `after` (the first when null),
 * or null: one at a time, so a walk through every file (the backup) never holds more than one.
 * The creation time comes as text, keeping its microseconds for the next step.
 */
export async function nextCompanyFile(db: Db, companyId: string, after: FileWalkKey | null) {
  const [file] = await db
    .select({
      id: files.id,
      contentType: files.contentType,
      data: files.data,
      createdAt: sql<string>`${files.createdAt}::text`,
    })
    .from(files)
    .where(
      and(
        eq(files.companyId, companyId),
        after
          ? sql`(${files.createdAt}, ${files.id}) > (${after.createdAt}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(files.createdAt), asc(files.id))
    .limit(1);
  return file ?? null;
}
