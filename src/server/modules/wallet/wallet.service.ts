/**
 * The wallet's platform service: any module that changes a card's stamps or status (cards: a credit,
 * a redemption) calls `queueWalletSync` in its transaction, and the passes in the customer's
 * wallets follow: the saved Google Wallet pass by the `google-wallet-sync` job, the Apple Wallet
 * pass by the `apple-wallet-push` job (a new version and a push to each device registered for it;
 * wallet.jobs.ts). Nothing is queued for a wallet that is off, nor for an Apple pass no device
 * registered.
 */
import type { Db } from "../../db/client";
import { enqueueJob } from "../jobs/jobs.service";
import { appleWalletConfig } from "./apple-wallet";
import { googleWalletConfig } from "./google-wallet";
import { hasRegistrations } from "./passkit.service";

export const GOOGLE_WALLET_SYNC_JOB = "google-wallet-sync";
export const APPLE_WALLET_PUSH_JOB = "apple-wallet-push";

export async function queueWalletSync(tx: Pick<Db, "execute">, cardId: string): Promise<void> {
  if (googleWalletConfig()) await enqueueJob(tx, GOOGLE_WALLET_SYNC_JOB, { cardId });
  if (appleWalletConfig() && (await hasRegistrations(tx, cardId))) {
    await enqueueJob(tx, APPLE_WALLET_PUSH_JOB, { cardId });
  }
}
