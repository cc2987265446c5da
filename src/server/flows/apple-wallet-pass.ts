/**
 * 'Adicionar à Apple Wallet' and the pass's updates (flow: decision 022): the card as its pass
 * shows it (wallet's read model), the customer's short counter code (auth; made on first use as
 * 'Mostrar no balcão' makes it), the company's logo (companies; a PNG only, Wallet's one format),
 * and the pass's token (wallet), then the signed `.pkpass` (wallet).
 */
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { ensureCounterCode } from "../modules/auth/counter-code.service";
import { findLogo } from "../modules/companies/company-data.service";
import {
  type AppleWalletConfig,
  appleWalletConfig,
  buildPkpass,
} from "../modules/wallet/apple-wallet";
import type { WalletCard } from "../modules/wallet/google-wallet";
import { ensureApplePass } from "../modules/wallet/passkit.service";
import { findWalletCard } from "../modules/wallet/wallet.queries";

/** 404 `wallet_off` while Apple Wallet is off (no button, no pass). */
export function requireAppleWallet(): AppleWalletConfig {
  const config = appleWalletConfig();
  if (!config) throw new AppError("wallet_off", 404, "Apple Wallet is not configured.");
  return config;
}

async function pkpassOf(
  db: Db,
  config: AppleWalletConfig,
  appUrl: string,
  card: WalletCard,
  authenticationToken: string,
) {
  const counterCode = card.counterCode ?? (await ensureCounterCode(db, card.customerId));
  const logoFile = card.logoUrl ? await findLogo(db, card.companyId) : null;
  const logo = logoFile?.contentType === "image/png" ? new Uint8Array(logoFile.data) : null;
  return buildPkpass(config, { card, counterCode, authenticationToken, logo, appUrl });
}

/** The customer's own card's pass; 404 `not_found` for a card that is not theirs. */
export async function customerApplePass(
  db: Db,
  appUrl: string,
  customerId: string,
  cardId: string,
): Promise<Buffer> {
  const config = requireAppleWallet();
  const card = await findWalletCard(db, cardId, customerId);
  if (!card) throw new AppError("not_found", 404, "Card not found");
  const token = await ensureApplePass(db, card.cardId);
  return pkpassOf(db, config, appUrl, card, token);
}

/** The latest pass for a device (already authenticated with its token); null: the card is gone. */
export async function latestApplePass(
  db: Db,
  config: AppleWalletConfig,
  appUrl: string,
  cardId: string,
  authenticationToken: string,
): Promise<Buffer | null> {
  const card = await findWalletCard(db, cardId);
  if (!card) return null;
  return pkpassOf(db, config, appUrl, card, authenticationToken);
}
