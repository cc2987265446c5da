import type { ErrorCode } from "@shared/errors";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** A failure the API reports to the client as `{ error: { code, message } }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: ContentfulStatusCode,
    message?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message ?? code);
    this.name = "AppError";
  }
}

/** A PostgreSQL unique violation (23505), as the driver throws it or wrapped by Drizzle. */
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === "23505" || e?.cause?.code === "23505";
};
