import { TEXT_INVALID } from "@shared/text";
import { createMiddleware } from "hono/factory";
import { AppError } from "../errors";

/**
 * PostgreSQL refuses a NUL character in `text` ("invalid byte sequence"), which would be a 500.
 * The shared schemas refuse control characters field by field (`text()` in src/shared/text.ts);
 * this guard, in front of every /api route (better-auth's included), makes sure no NUL reaches a
 * query whatever a schema says: in the path, the query string, a JSON or form body. Multipart
 * bodies (uploads) are left to the route, which reads them after its checks (`readUpload` refuses
 * a NUL in their text fields).
 */
export function rejectNul() {
  return createMiddleware(async (c, next) => {
    const url = c.req.url;
    if (url.includes("%00") || url.includes("\u0000")) {
      const queryStart = url.indexOf("?");
      const inPath = queryStart < 0 || url.slice(0, queryStart).includes("%00");
      throw invalid(inPath ? "path" : (nulInForm(url.slice(queryStart + 1)) ?? "query"));
    }
    // A JSON body json-body.ts already read: checked in Hono's cache, the request left as it is.
    const cached = (c.req as unknown as { bodyCache: { text?: Promise<string> } }).bodyCache.text;
    if (cached) {
      const field = nulInJson(await cached);
      if (field !== null) throw invalid(field);
      return next();
    }
    const raw = c.req.raw;
    const type = raw.headers.get("content-type")?.toLowerCase() ?? "";
    // Only bodies something parses as text (JSON, forms, none declared): uploads (multipart, or
    // any other type) are not read here, the route reads them after its checks.
    const textual =
      type === "" ||
      type.includes("json") ||
      type.startsWith("application/x-www-form-urlencoded") ||
      type.startsWith("text/");
    if (raw.body && textual) {
      // Within the route's body limit, which ran before.
      const bytes = await c.req.arrayBuffer();
      // The raw request is read: later readers (better-auth) get the same bytes again.
      c.req.raw = new Request(raw, { body: bytes });
      const text = new TextDecoder().decode(bytes);
      const field = nulInJson(text) ?? nulInForm(text);
      if (field !== null) throw invalid(field);
    }
    await next();
  });
}

const invalid = (field: string) =>
  new AppError("validation_failed", 400, "Text with a NUL character", { [field]: TEXT_INVALID });

/** Path of the first string (or key) holding a NUL in a JSON text; null when none or not JSON. */
function nulInJson(text: string): string | null {
  if (!text.includes("\u0000") && !/\\u0000/i.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON: the route answers validation_failed itself; a raw NUL is refused here anyway.
    return text.includes("\u0000") ? "_" : null;
  }
  const walk = (node: unknown, path: string): string | null => {
    if (typeof node === "string") return node.includes("\u0000") ? path || "_" : null;
    if (node === null || typeof node !== "object") return null;
    for (const [key, child] of Object.entries(node)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes("\u0000")) return childPath;
      const found = walk(child, childPath);
      if (found) return found;
    }
    return null;
  };
  return walk(value, "");
}

/** A form-encoded (or any other text) body: a NUL raw or percent-encoded. */
function nulInForm(text: string): string | null {
  if (text.includes("\u0000")) return "_";
  const match = /(?:^|&)([^=&]*)=?[^&]*%00/i.exec(text);
  return match ? decodeName(match[1] ?? "") || "_" : null;
}

function decodeName(name: string) {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}
