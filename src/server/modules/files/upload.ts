import { TEXT_INVALID } from "@shared/text";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { AppError } from "../../errors";

const tooLarge = () => new AppError("payload_too_large", 413, "Request body too large");

/** Marks a request whose streamed body went over its limit (see `streamingBodyLimit`). */
const OVER_LIMIT = Symbol("overLimit");

/**
 * The body limit of an upload route, without reading the body first (Hono's bodyLimit buffers a
 * chunked body whole before the route runs): a Content-Length over `maxSize` is refused at once;
 * a body without one is counted as the route reads it, and reading fails past `maxSize` (the
 * route answers 413 through `readUpload`). So the route can refuse a claim before any byte of the
 * file is read.
 */
export function streamingBodyLimit(maxSize: number) {
  return createMiddleware(async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const length = raw.headers.get("content-length");
    if (length !== null && !raw.headers.has("transfer-encoding")) {
      if (Number.parseInt(length, 10) > maxSize) throw tooLarge();
      return next();
    }
    let size = 0;
    const counted = raw.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength;
          if (size > maxSize) {
            (c.req.raw as unknown as Record<symbol, boolean>)[OVER_LIMIT] = true;
            controller.error(tooLarge());
            return;
          }
          controller.enqueue(chunk);
        },
      }),
    );
    c.req.raw = new Request(raw, { body: counted, duplex: "half" } as RequestInit);
    return next();
  });
}

/**
 * Reads a multipart upload and returns the bytes of its file field `field` (null when absent).
 * Call it after every check that could refuse the request: nothing of the body is read before.
 * A text field holding a NUL character is refused (validation_failed), a body over the route's
 * limit is 413.
 */
export async function readUpload(c: Context, field: string): Promise<Uint8Array | null> {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody({ all: false });
  } catch (error) {
    if ((c.req.raw as unknown as Record<symbol, boolean>)[OVER_LIMIT]) throw tooLarge();
    if (error instanceof AppError) throw error;
    return null; // not a multipart body: no file
  }
  for (const [name, value] of Object.entries(form)) {
    if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) {
      throw new AppError("validation_failed", 400, "Text with a NUL character", {
        [name.replaceAll("\u0000", "")]: TEXT_INVALID,
      });
    }
  }
  const file = form[field];
  if (!(file instanceof File)) return null;
  try {
    return new Uint8Array(await file.arrayBuffer());
  } catch {
    throw tooLarge();
  }
}
