import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { files } from "./files.table";

export type FileKind = "image/jpeg" | "image/png" | "image/gif" | "application/pdf";

/** The type a file really is, read from its first bytes (never from its name). */
export function sniffContentType(bytes: Uint8Array): FileKind | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "image/gif";
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
  await db.insert(files).values({
    id,
    companyId: input.companyId,
    uploadedBy: input.uploadedBy,
    contentType: type,
    size: input.bytes.byteLength,
    data: Buffer.from(input.bytes),
  });
  return id;
}

export async function readFile(db: Db, id: string) {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row ?? null;
}

/** Removes a file of the company (no-op when it is not theirs or already gone). */
export async function deleteFile(db: Db, companyId: string, id: string): Promise<void> {
  await db.delete(files).where(and(eq(files.id, id), eq(files.companyId, companyId)));
}
