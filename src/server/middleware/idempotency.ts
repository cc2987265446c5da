import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { idempotencyKeys } from "./idempotency.table";

export type StoredAnswer = { status: number; body: unknown };

export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/**
 * Runs `write` in a transaction that also records its answer under `key` (per `scope`, e.g. the
 * company). A repeat with the same key returns the first answer and writes nothing: the key row is
 * inserted first, so a concurrent repeat waits for the first transaction and then finds its answer.
 * A failed write rolls the key back, so the request can be retried.
 */
export async function withIdempotency(
  db: Db,
  scope: string,
  key: string | undefined,
  write: (tx: Db) => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  if (key !== undefined && (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH)) {
    throw new AppError("validation_failed", 400, "Invalid Idempotency-Key", {
      idempotencyKey: "idempotency_key_invalid",
    });
  }
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    if (key === undefined) return write(tx);
    const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ scope, key })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await tx.select().from(idempotencyKeys).where(where);
      return { status: first?.status ?? 409, body: first?.body ?? null };
    }
    const answer = await write(tx);
    await tx.update(idempotencyKeys).set({ status: answer.status, body: answer.body }).where(where);
    return answer;
  });
}
