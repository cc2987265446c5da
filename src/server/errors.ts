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
