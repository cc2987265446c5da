/**
 * The wallet's platform service: any module that changes a card's stamps or status (cards: a credit,
 * a redemption) calls `queueWalletSync` in its transaction, and the saved Google Wallet pass is
 * brought up to date by the `google-wallet-sync` job (wallet.jobs.ts). Nothing is queued while
 * Google Wallet is off.
 */
import type { Db } from "../../db/client";
import { enqueueJob } from "../jobs/jobs.service";
import { googleWalletConfig } from "./google-wallet";

export const GOOGLE_WALLET_SYNC_JOB = "google-wallet-sync";

export async function queueWalletSync(tx: Pick<Db, "execute">, cardId: string): Promise<void> {
  if (!googleWalletConfig()) return;
  await enqueueJob(tx, GOOGLE_WALLET_SYNC_JOB, { cardId });
}
