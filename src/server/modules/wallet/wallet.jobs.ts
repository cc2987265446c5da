/** The wallet module's jobs (src/server/jobs.ts runs every module's). */
import type { Db } from "../../db/client";
import type { JobDefinition } from "../jobs/jobs.service";
import { googleWalletConfig, patchLoyaltyObject } from "./google-wallet";
import { findWalletCard } from "./wallet.queries";
import { GOOGLE_WALLET_SYNC_JOB } from "./wallet.service";

/**
 * A card's Google Wallet pass after a stamp or a redemption: its loyalty object PATCHed with the
 * card as it is now (so repeats and out-of-order runs end the same). A pass never saved (404 from
 * Google) is done; any other failure is retried with pg-boss's backoff.
 */
export async function syncGoogleWalletPass(db: Db, data: unknown) {
  const config = googleWalletConfig();
  const cardId = (data as { cardId?: unknown } | null)?.cardId;
  if (!config || typeof cardId !== "string") return { synced: false, reason: "off" };
  const card = await findWalletCard(db, cardId);
  if (!card) return { synced: false, reason: "no_card" };
  const { saved } = await patchLoyaltyObject(config, card);
  return saved ? { synced: true } : { synced: false, reason: "not_saved" };
}

export const WALLET_JOBS: readonly JobDefinition<{ db: Db }>[] = [
  {
    name: GOOGLE_WALLET_SYNC_JOB,
    handler: ({ db }, _now, data) => syncGoogleWalletPass(db, data),
    retryLimit: 5,
    expireInSeconds: 5 * 60,
  },
];
