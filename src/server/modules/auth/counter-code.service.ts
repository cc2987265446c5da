import { randomInt } from "node:crypto";
import { COUNTER_CODE_ALPHABET, COUNTER_CODE_LENGTH } from "@shared/counter";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../errors";
import { profiles } from "./profiles.table";

/** Tries before giving up: 31^6 (about 887 million) codes, so a collision is already rare. */
const ATTEMPTS = 8;

const newShortCode = () =>
  Array.from(
    { length: COUNTER_CODE_LENGTH },
    () => COUNTER_CODE_ALPHABET[randomInt(COUNTER_CODE_ALPHABET.length)],
  ).join("");

/**
 * The customer's short counter code ('Mostrar no balcão'), made on first use: 6 random characters
 * of COUNTER_CODE_ALPHABET, unique (profiles.counter_code), another one drawn on a collision. Set
 * only while the profile has none, so two first requests at once end with the same code.
 * Null without a profile.
 */
export async function ensureCounterCode(db: Db, userId: string): Promise<string | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [current] = await db
      .select({ code: profiles.counterCode })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .limit(1);
    if (!current) return null;
    if (current.code) return current.code;
    try {
      const [set] = await db
        .update(profiles)
        .set({ counterCode: newShortCode() })
        .where(and(eq(profiles.id, userId), isNull(profiles.counterCode)))
        .returning({ code: profiles.counterCode });
      if (set?.code) return set.code;
      // Another request set it first: read it on the next turn.
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error("No free counter code after several attempts");
}
