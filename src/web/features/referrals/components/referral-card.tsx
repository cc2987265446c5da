import type { MyReferral } from "@shared/referrals.schema";
import { useQuery } from "@tanstack/react-query";
import { Copy, Gift, Wallet } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { ApiError } from "@/web/lib/api-client";
import { formatMoney } from "@/web/lib/format";
import { myReferralQueryOptions } from "../api";

/** The WhatsApp share link: the message and the personal link, for any chat the person picks. */
const whatsAppShareUrl = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

/**
 * 'Indique e ganhe' on the customer's company page: what the friend and the customer get, the
 * personal link (copy, WhatsApp), how many friends came and the bonus balance. With the company's
 * referral rules off it shows only a bonus balance left from before, if any; for a visitor who is
 * not a member (404) nothing.
 */
export function ReferralCard({
  companyId,
  companyName,
}: {
  companyId: string;
  companyName: string;
}) {
  const { t } = useTranslation("referrals");
  const query = useQuery(myReferralQueryOptions(companyId));
  if (query.isPending) return null;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return null;
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive text-sm">
        {t("card.loadError")}
        <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t("card.retry")}
        </Button>
      </div>
    );
  }
  const referral = query.data;
  if (!referral.enabled) {
    return referral.balanceCents > 0 ? <BonusBalance cents={referral.balanceCents} boxed /> : null;
  }
  return <ReferralInvite referral={referral} companyName={companyName} />;
}

/** "1 carimbo e R$ 5,00 de bônus", or null when the rule gives nothing. */
function useRewardText() {
  const { t } = useTranslation("referrals");
  return (stamps: number, bonusCents: number): string | null => {
    const parts = [
      stamps > 0 ? t("card.stamps", { count: stamps }) : null,
      bonusCents > 0 ? t("card.bonus", { amount: formatMoney(bonusCents) }) : null,
    ].filter((part): part is string => part !== null);
    if (parts.length === 2) return t("card.and", { first: parts[0], second: parts[1] });
    return parts[0] ?? null;
  };
}

function ReferralInvite({ referral, companyName }: { referral: MyReferral; companyName: string }) {
  const { t } = useTranslation("referrals");
  const id = useId();
  const rewardText = useRewardText();
  const friend = rewardText(referral.referredStamps, referral.referredBonusCents);
  const you = rewardText(referral.referrerStamps, referral.referrerBonusCents);
  const rules =
    friend && you
      ? t("card.rules", { friend, you })
      : friend
        ? t("card.rulesFriend", { friend })
        : you
          ? t("card.rulesYou", { you })
          : t("card.rulesNone");
  const link = `${window.location.origin}${referral.linkPath}`;
  const message = friend
    ? t("card.shareMessage", { company: companyName, reward: friend })
    : t("card.shareMessagePlain", { company: companyName });
  const showBalance =
    referral.balanceCents > 0 || referral.referredBonusCents > 0 || referral.referrerBonusCents > 0;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t("card.copied"));
    } catch {
      toast.error(t("card.copyFailed"));
    }
  };

  return (
    <Card aria-labelledby={`${id}-title`} className="min-w-0 gap-4 border-primary/30" role="region">
      <CardHeader className="gap-2">
        <CardTitle asChild>
          <h2 id={`${id}-title`} className="flex items-center gap-2">
            <Gift aria-hidden="true" className="size-5 shrink-0 text-primary" />
            {t("card.title")}
          </h2>
        </CardTitle>
        <p className="text-sm">{rules}</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <label htmlFor={`${id}-link`} className="font-medium text-sm">
            {t("card.linkLabel")}
          </label>
          <div className="flex min-w-0 gap-2">
            <Input
              id={`${id}-link`}
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 font-mono text-xs md:text-xs"
              data-testid="referral-link"
            />
            <Button
              type="button"
              variant="outline"
              size="icon"
              className="shrink-0"
              aria-label={t("card.copy")}
              title={t("card.copy")}
              onClick={() => void copy()}
            >
              <Copy aria-hidden="true" />
            </Button>
          </div>
          <Button asChild className="w-full bg-[#167a40] text-white hover:bg-[#11653a] sm:w-fit">
            <a href={whatsAppShareUrl(message + link)} target="_blank" rel="noopener noreferrer">
              <WhatsAppIcon />
              {t("card.whatsapp")}
            </a>
          </Button>
        </div>
        <p className="text-muted-foreground text-sm">
          {referral.friends === 0
            ? t("card.friends", { count: 0 })
            : t("card.counts", {
                friends: t("card.friends", { count: referral.friends }),
                rewarded: t("card.rewarded", { count: referral.rewarded }),
              })}
        </p>
        {showBalance ? <BonusBalance cents={referral.balanceCents} /> : null}
      </CardContent>
    </Card>
  );
}

/** The customer's bonus at the company and where it is used. */
function BonusBalance({ cents, boxed = false }: { cents: number; boxed?: boolean }) {
  const { t } = useTranslation("referrals");
  return (
    <div
      className={
        boxed
          ? "flex gap-3 rounded-2xl border bg-card p-4"
          : "flex gap-3 rounded-lg bg-muted/60 p-3"
      }
    >
      <Wallet aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="grid gap-0.5">
        <p className="font-semibold">{t("card.balance", { amount: formatMoney(cents) })}</p>
        <p className="text-muted-foreground text-xs">{t("card.balanceHint")}</p>
      </div>
    </div>
  );
}

/** WhatsApp's mark (lucide has none). */
function WhatsAppIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="currentColor" className="size-4">
      <path d="M17.47 14.38c-.3-.15-1.76-.87-2.03-.97-.27-.1-.47-.15-.67.15-.2.3-.77.97-.94 1.17-.17.2-.35.22-.65.07-.3-.15-1.25-.46-2.38-1.47-.88-.78-1.47-1.75-1.65-2.05-.17-.3-.02-.46.13-.6.13-.14.3-.35.45-.52.15-.18.2-.3.3-.5.1-.2.05-.38-.02-.53-.08-.15-.67-1.62-.92-2.22-.24-.58-.49-.5-.67-.5h-.57c-.2 0-.52.07-.8.37-.27.3-1.04 1.02-1.04 2.48s1.07 2.88 1.22 3.08c.15.2 2.1 3.2 5.08 4.49.71.31 1.26.49 1.7.63.71.22 1.36.19 1.87.12.57-.09 1.76-.72 2-1.41.25-.7.25-1.29.18-1.41-.08-.13-.28-.2-.58-.35zM12.05 21.5h-.01a9.4 9.4 0 0 1-4.8-1.31l-.34-.2-3.57.93.95-3.48-.22-.36a9.41 9.41 0 0 1-1.44-5.02c0-5.2 4.23-9.43 9.44-9.43a9.37 9.37 0 0 1 6.67 2.77 9.37 9.37 0 0 1 2.76 6.67c0 5.2-4.24 9.43-9.44 9.43zm8.03-17.46A11.26 11.26 0 0 0 12.05.7C5.8.7.7 5.78.7 12.04c0 2 .52 3.95 1.51 5.67L.6 23.6l6.03-1.58a11.33 11.33 0 0 0 5.42 1.38h.01c6.25 0 11.34-5.09 11.34-11.35 0-3.03-1.18-5.88-3.32-8.02z" />
    </svg>
  );
}
