import { useQuery } from "@tanstack/react-query";
import { Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { googleWalletQueryOptions } from "../api";
import { offersGoogleWallet, walletPlatform } from "../wallet-platform";

/**
 * 'Adicionar ao Google Wallet' on the customer's open card: a link to Google's save page with the
 * card's signed pass. Shown only once the server has answered the link: while Google Wallet is off
 * (404 wallet_off) or the link cannot be made, there is no button at all.
 */
export function GoogleWalletButton({ cardId, stamps }: { cardId: string; stamps: number }) {
  const { t } = useTranslation("cards");
  // Only the wallet this device can use (an iPhone has no Google Wallet, Android no Apple's).
  const offered = offersGoogleWallet(walletPlatform(navigator));
  const link = useQuery({ ...googleWalletQueryOptions(cardId, stamps), enabled: offered });
  if (!offered || !link.data) return null;
  return (
    <Button
      asChild
      variant="outline"
      className="h-12 w-full bg-black text-white hover:bg-black/85 hover:text-white"
    >
      <a href={link.data.saveUrl} rel="noopener" data-testid="google-wallet">
        <Wallet aria-hidden="true" />
        {t("wallet.google")}
      </a>
    </Button>
  );
}
