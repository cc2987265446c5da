import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "../errors";

const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

const utf8 = new TextDecoder();

const tooLarge = () => new AppError("payload_too_large", 413, "Request body too large");

/**
 * A JSON body of an API request, read once and straight from Node's request, within `maxBytes`,
 * for the routes' validators (`c.req.json()`) and reject-nul.ts to read from Hono's body cache.
 *
 * Hono's body limit and a second read as a web stream cost about as much CPU as the stamp's whole
 * database transaction (docs/performance.md): `c.req.raw.body` turns Node's request into a
 * `Request`, its stream into a web stream, and every later read copies the body into one more
 * `Response`. Here the bytes are gathered from the socket's chunks and put in the cache as text and
 * as bytes. Only for JSON outside better-auth's endpoints (those read `c.req.raw`, which this
 * leaves unread: it is not to be read again), and only under @hono/node-server (the tests' `fetch`
 * has no Node request): everything else goes to `fallback`, the body limit as before.
 */
export function jsonBody(maxBytes: number, fallback: MiddlewareHandler): MiddlewareHandler {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const method = c.req.method;
    if (
      !(incoming instanceof Readable) ||
      method === "GET" ||
      method === "HEAD" ||
      !JSON_TYPE.test(c.req.header("content-type") ?? "") ||
      c.req.path.startsWith("/api/auth/") ||
      incoming.readableEnded
    ) {
      return fallback(c, next);
    }
    const declared = c.req.header("content-length");
    if (declared !== undefined && Number(declared) > maxBytes) throw tooLarge();
    cacheBody(c, await readAll(incoming, maxBytes));
    await next();
  };
}

async function readAll(incoming: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      // The rest is read and dropped, so the connection stays usable for the 413.
      incoming.resume();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
}

/**
 * Hono's request body cache: what `c.req.json()`, `.text()` and `.arrayBuffer()` read first. A
 * private field of HonoRequest: json-body-cache.test.ts fails, saying so, should hono change it.
 */
function cacheBody(c: Context, bytes: Buffer) {
  const cache = (c.req as unknown as { bodyCache: Record<string, Promise<unknown>> }).bodyCache;
  // As Response.text() decodes: a byte-order mark dropped, invalid sequences replaced.
  cache.text = Promise.resolve(utf8.decode(bytes));
  cache.arrayBuffer = Promise.resolve(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length),
  );
}
