import { and, asc, eq } from "drizzle-orm";
import { byCreatedAt, col, type Dataset, keyOf, keyset } from "../../lib/keyset";
import { files } from "../files/files.table";

/**
 * The backup's list of the company's uploads (part of backup.queries.ts's DATASETS), each with the
 * path of its file in the zip (backup.service.ts adds the files themselves).
 */
export const FILES_DATASET: Dataset = {
  name: "arquivos",
  columns: [
    col("id", "ID"),
    col("contentType", "Tipo"),
    col("size", "Tamanho (bytes)", "number"),
    col("uploadedBy", "Enviado por"),
    col("createdAt", "Data", "timestamp"),
    col("path", "Arquivo no backup"),
  ],
  batches: (db, companyId) => {
    const key = byCreatedAt(files);
    return keyset(
      async (after, limit) =>
        (
          await db
            .select({
              id: files.id,
              contentType: files.contentType,
              size: files.size,
              uploadedBy: files.uploadedBy,
              createdAt: files.createdAt,
              _key: keyOf(key),
            })
            .from(files)
            .where(and(eq(files.companyId, companyId), after))
            .orderBy(asc(files.createdAt), asc(files.id))
            .limit(limit)
        ).map((f) => ({ ...f, path: filePath(f.id, f.contentType) })),
      key,
    );
  },
};

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

/** Where an uploaded file (receipt, logo) sits in the zip. */
export const filePath = (id: string, contentType: string) =>
  `arquivos/${id.replace(/[^\w-]/g, "_")}.${EXTENSIONS[contentType] ?? "bin"}`;
