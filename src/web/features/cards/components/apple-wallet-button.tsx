import { useQuery } from "@tanstack/react-query";
import { Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { appleWalletQueryOptions } from "../api";
import { offersAppleWallet, walletPlatform } from "../wallet-platform";

/**
 * 'Adicionar à Apple Wallet' on the customer's open card: a plain link to the card's `.pkpass`
 * (Safari hands it to Wallet; the session cookie goes with it). Shown only once the server has
 * answered where to download it: while Apple Wallet is off (404 wallet_off) there is no button.
 * The pass updates itself after each stamp, so the link does not change with them.
 */
export function AppleWalletButton({ cardId }: { cardId: string }) {
  const { t } = useTranslation("cards");
  // Only the wallet this device can use (an iPhone has no Google Wallet, Android no Apple's).
  const offered = offersAppleWallet(walletPlatform(navigator));
  const link = useQuery({ ...appleWalletQueryOptions(cardId), enabled: offered });
  if (!offered || !link.data) return null;
  return (
    <Button
      asChild
      variant="outline"
      className="h-12 w-full bg-black text-white hover:bg-black/85 hover:text-white"
    >
      <a href={link.data.url} download="cartao.pkpass" data-testid="apple-wallet">
        <Wallet aria-hidden="true" />
        {t("wallet.apple")}
      </a>
    </Button>
  );
}
