/**
 * 'Adicionar ao Google Wallet' (flow: decision 022): the customer's own card (wallet's read model)
 * and their short counter code (auth), which the pass shows as its QR code, made on first use as
 * 'Mostrar no balcão' makes it; then the signed save link (wallet).
 */
import type { GoogleWalletLink } from "@shared/wallet.schema";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { ensureCounterCode } from "../modules/auth/counter-code.service";
import { googleWalletConfig, saveUrl } from "../modules/wallet/google-wallet";
import { findWalletCard } from "../modules/wallet/wallet.queries";

/** 404 `wallet_off` while Google Wallet is off; 404 `not_found` for a card that is not the customer's. */
export async function googleWalletLink(
  db: Db,
  appUrl: string,
  customerId: string,
  cardId: string,
): Promise<GoogleWalletLink> {
  const config = googleWalletConfig();
  if (!config) throw new AppError("wallet_off", 404, "Google Wallet is not configured.");
  const card = await findWalletCard(db, cardId, customerId);
  if (!card) throw new AppError("not_found", 404, "Card not found");
  const counterCode = card.counterCode ?? (await ensureCounterCode(db, customerId));
  return { saveUrl: saveUrl(config, appUrl, { ...card, counterCode }) };
}
