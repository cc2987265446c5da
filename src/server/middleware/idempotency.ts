import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import type { Db, Tx } from "../db/client";
import { AppError } from "../errors";
import { idempotencyKeys } from "./idempotency.table";

export type StoredAnswer = { status: number; body: unknown };

export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/** The Idempotency-Key of a write and the fingerprint of the request it was sent with. */
export type IdempotentRequest = { key: string | undefined; requestHash: string };

/**
 * The request's Idempotency-Key header and a SHA-256 of its method, path and (validated) body:
 * Stripe's rule, the same key is only ever the same request.
 */
export function idempotentRequest(c: Context, body?: unknown): IdempotentRequest {
  const key = c.req.header("idempotency-key");
  // Without a key nothing is stored or compared: no fingerprint to work out.
  if (key === undefined) return { key, requestHash: "" };
  const requestHash = createHash("sha256")
    .update(`${c.req.method} ${c.req.path}\n${body === undefined ? "" : JSON.stringify(body)}`)
    .digest("hex");
  return { key, requestHash };
}

/**
 * Runs `write` in a transaction that also records its answer under the request's key (per
 * `scope`, e.g. the company). A repeat with the same key and the same request returns the first
 * answer and writes nothing: the key row is inserted first, so a concurrent repeat waits for the
 * first transaction and then finds its answer. The same key with another request (another card,
 * another body) is refused with 422 idempotency_key_reused, never answered with the first one's
 * answer. A failed write rolls the key back, so the request can be retried.
 */
export async function withIdempotency(
  db: Db,
  scope: string,
  request: IdempotentRequest,
  write: (tx: Tx) => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  const { key, requestHash } = request;
  if (key !== undefined && (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH)) {
    throw new AppError("validation_failed", 400, "Invalid Idempotency-Key", {
      idempotencyKey: "idempotency_key_invalid",
    });
  }
  return db.transaction(async (tx) => {
    if (key === undefined) return write(tx);
    const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await tx.select().from(idempotencyKeys).where(where);
      // Keys stored before the fingerprint existed (null) are taken as the same request.
      if (first?.requestHash && first.requestHash !== requestHash) {
        throw new AppError(
          "idempotency_key_reused",
          422,
          "This Idempotency-Key was used with another request",
        );
      }
      return { status: first?.status ?? 409, body: first?.body ?? null };
    }
    const answer = await write(tx);
    await tx.update(idempotencyKeys).set({ status: answer.status, body: answer.body }).where(where);
    return answer;
  });
}
