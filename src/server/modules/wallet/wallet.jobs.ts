/** The wallet module's jobs (src/server/jobs.ts runs every module's). */
import type { Db } from "../../db/client";
import type { JobDefinition } from "../jobs/jobs.service";
import { pushPassUpdates } from "./apns";
import { appleWalletConfig } from "./apple-wallet";
import { googleWalletConfig, patchLoyaltyObject } from "./google-wallet";
import { bumpApplePass, removePushToken } from "./passkit.service";
import { findWalletCard } from "./wallet.queries";
import { APPLE_WALLET_PUSH_JOB, GOOGLE_WALLET_SYNC_JOB } from "./wallet.service";

const cardIdOf = (data: unknown) => {
  const cardId = (data as { cardId?: unknown } | null)?.cardId;
  return typeof cardId === "string" ? cardId : undefined;
};

/**
 * A card's Google Wallet pass after a stamp or a redemption: its loyalty object PATCHed with the
 * card as it is now (so repeats and out-of-order runs end the same). A pass never saved (404 from
 * Google) is done; any other failure is retried with pg-boss's backoff.
 */
export async function syncGoogleWalletPass(db: Db, data: unknown) {
  const config = googleWalletConfig();
  const cardId = cardIdOf(data);
  if (!config || !cardId) return { synced: false, reason: "off" };
  const card = await findWalletCard(db, cardId);
  if (!card) return { synced: false, reason: "no_card" };
  // The holder switched wallet updates off ('Meus dados', issue 34): the pass stays as it was.
  if (!card.walletUpdates) return { synced: false, reason: "consent_off" };
  const { saved } = await patchLoyaltyObject(config, card);
  return saved ? { synced: true } : { synced: false, reason: "not_saved" };
}

/**
 * A card's Apple Wallet pass after a stamp or a redemption: a new version of the pass (after the
 * change committed, so a device asking 'updated since' right after the push finds it), then an
 * APNs push to each device registered for it, which fetches the pass. A device APNs answers 410
 * Unregistered is removed; APNs failing (5xx, 429, no connection) is retried with backoff.
 */
export async function pushApplePassUpdate(db: Db, data: unknown) {
  const config = appleWalletConfig();
  const cardId = cardIdOf(data);
  if (!config || !cardId) return { pushed: 0, reason: "off" };
  const pushTokens = await bumpApplePass(db, cardId);
  const results = await pushPassUpdates(config, pushTokens);
  let removed = 0;
  for (const r of results.filter((x) => x.status === 410)) {
    await removePushToken(db, r.pushToken);
    removed++;
  }
  const failed = results.filter((r) => r.status >= 500 || r.status === 429 || r.status === 0);
  if (failed.length > 0) {
    throw new Error(`APNs: ${failed.map((r) => `${r.status} ${r.reason ?? ""}`).join(", ")}`);
  }
  return { pushed: results.filter((r) => r.status === 200).length, removed };
}

export const WALLET_JOBS: readonly JobDefinition<{ db: Db }>[] = [
  {
    name: GOOGLE_WALLET_SYNC_JOB,
    handler: ({ db }, _now, data) => syncGoogleWalletPass(db, data),
    retryLimit: 5,
    expireInSeconds: 5 * 60,
  },
  {
    name: APPLE_WALLET_PUSH_JOB,
    handler: ({ db }, _now, data) => pushApplePassUpdate(db, data),
    retryLimit: 5,
    expireInSeconds: 5 * 60,
  },
];
