/**
 * The Apple Wallet passes' records (apple-wallet.table.ts): a card's pass and its authentication
 * token, the devices registered for its updates, and its version (the 'updated since' tag and
 * Last-Modified). The PassKit web service (passkit.routes.ts) and the push job use them.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { applePasses, applePassRegistrations } from "./apple-wallet.table";
import { walletUpdatesOn } from "./wallet.queries";

/** A pass's version as its tag: microseconds since 1970, as text (exact, and ordered). */
const tagOf = sql<string>`(extract(epoch from ${applePasses.updatedAt}) * 1000000)::bigint::text`;

/** The card's pass token, made (32 random characters) the first time the pass is downloaded. */
export async function ensureApplePass(db: Db, cardId: string): Promise<string> {
  const [made] = await db
    .insert(applePasses)
    .values({ cardId, authenticationToken: randomBytes(24).toString("base64url") })
    .onConflictDoNothing()
    .returning({ token: applePasses.authenticationToken });
  if (made) return made.token;
  const [row] = await db
    .select({ token: applePasses.authenticationToken })
    .from(applePasses)
    .where(eq(applePasses.cardId, cardId));
  return row!.token;
}

export type ApplePassRecord = { cardId: string; authenticationToken: string; updatedAt: Date };

/**
 * The pass of `serialNumber` when `authorization` is its `ApplePass <token>`; 'unknown' when there
 * is no such pass (404), 'unauthorized' for a missing or wrong token, another pass's included (401).
 */
export async function authenticatePass(
  db: Db,
  serialNumber: string,
  authorization: string | undefined,
): Promise<ApplePassRecord | "unknown" | "unauthorized"> {
  const [pass] = await db
    .select({
      cardId: applePasses.cardId,
      authenticationToken: applePasses.authenticationToken,
      updatedAt: applePasses.updatedAt,
    })
    .from(applePasses)
    .where(eq(applePasses.cardId, serialNumber));
  if (!pass) return "unknown";
  const given = Buffer.from(/^ApplePass (\S+)$/.exec(authorization?.trim() ?? "")?.[1] ?? "");
  const expected = Buffer.from(pass.authenticationToken);
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? pass
    : "unauthorized";
}

/**
 * Registers a device for a pass's updates: 'created', or 'existing' (its push token refreshed).
 * With the holder's wallet updates switched off (issue 34) nothing is kept: 'existing', so the
 * device stops asking and is never pushed to.
 */
export async function registerDevice(
  db: Db,
  deviceLibraryId: string,
  cardId: string,
  pushToken: string,
): Promise<"created" | "existing"> {
  if (!(await walletUpdatesOn(db, cardId))) return "existing";
  const [created] = await db
    .insert(applePassRegistrations)
    .values({ deviceLibraryId, cardId, pushToken })
    .onConflictDoNothing()
    .returning({ cardId: applePassRegistrations.cardId });
  if (created) return "created";
  await db
    .update(applePassRegistrations)
    .set({ pushToken })
    .where(
      and(
        eq(applePassRegistrations.deviceLibraryId, deviceLibraryId),
        eq(applePassRegistrations.cardId, cardId),
      ),
    );
  return "existing";
}

/** Unregisters a device from a pass's updates; false when it was not registered. */
export async function unregisterDevice(db: Db, deviceLibraryId: string, cardId: string) {
  const removed = await db
    .delete(applePassRegistrations)
    .where(
      and(
        eq(applePassRegistrations.deviceLibraryId, deviceLibraryId),
        eq(applePassRegistrations.cardId, cardId),
      ),
    )
    .returning({ cardId: applePassRegistrations.cardId });
  return removed.length > 0;
}

/**
 * The serial numbers of the device's passes changed after `tag` (all of them without one), and
 * the tag to ask from next time; null when none.
 */
export async function serialsUpdatedSince(
  db: Db,
  deviceLibraryId: string,
  tag: string | undefined,
): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
  // A tag beyond bigint (19 digits can be) is no tag of ours: treated as absent, never a 500.
  const since = tag && /^\d{1,18}$/.test(tag) ? tag : undefined;
  const rows = await db
    .select({ serial: applePasses.cardId, tag: tagOf })
    .from(applePassRegistrations)
    .innerJoin(applePasses, eq(applePasses.cardId, applePassRegistrations.cardId))
    .where(
      and(
        eq(applePassRegistrations.deviceLibraryId, deviceLibraryId),
        since
          ? sql`(extract(epoch from ${applePasses.updatedAt}) * 1000000)::bigint > ${since}::bigint`
          : undefined,
      ),
    )
    .orderBy(applePasses.cardId);
  if (rows.length === 0) return null;
  const lastUpdated = rows
    .map((r) => BigInt(r.tag))
    .reduce((a, b) => (b > a ? b : a))
    .toString();
  return { serialNumbers: rows.map((r) => r.serial), lastUpdated };
}

/** Whether any device is registered for the card's pass (a push to send after it changes). */
export async function hasRegistrations(tx: Pick<Db, "execute">, cardId: string) {
  const found = await tx.execute(
    sql`select 1 from ${applePassRegistrations} where ${applePassRegistrations.cardId} = ${cardId} limit 1`,
  );
  return found.rows.length > 0;
}

/**
 * A new version of the card's pass (the card changed): `updated_at` moves to now, and at least one
 * second past the last version, so that Last-Modified (whole seconds) changes every time. Answers
 * the push tokens of the devices registered for it.
 */
export async function bumpApplePass(db: Db, cardId: string): Promise<string[]> {
  const bumped = await db
    .update(applePasses)
    .set({
      updatedAt: sql`greatest(clock_timestamp(), ${applePasses.updatedAt} + interval '1 second')`,
    })
    .where(eq(applePasses.cardId, cardId))
    .returning({ cardId: applePasses.cardId });
  if (bumped.length === 0) return [];
  const rows = await db
    .selectDistinct({ pushToken: applePassRegistrations.pushToken })
    .from(applePassRegistrations)
    .where(eq(applePassRegistrations.cardId, cardId));
  return rows.map((r) => r.pushToken);
}

/**
 * Removes every registration of a push token APNs answered 410 Unregistered for: the device no
 * longer takes this pass type's pushes (the passes removed, the app's data erased).
 */
export async function removePushToken(db: Db, pushToken: string) {
  await db.delete(applePassRegistrations).where(eq(applePassRegistrations.pushToken, pushToken));
}
