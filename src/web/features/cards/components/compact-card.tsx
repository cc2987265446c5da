import { type CompanyCard, cardBadge } from "@shared/cards.schema";
import type { Program } from "@shared/programs.schema";
import { useTranslation } from "react-i18next";
import { formatDate } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { CardDetailsDialog } from "./card-details-dialog";
import { RedeemDialog } from "./company-card-tile";

/**
 * A card in one compact block (the voucher lookup): customer, programme, badge, a progress bar
 * with x/max, the card's reward and its actions, without the page-wide grid of stamp circles.
 */
export function CompactCard({ card, programs }: { card: CompanyCard; programs?: Program[] }) {
  const { t } = useTranslation("cards");
  const progress = Math.min(100, Math.round((card.stamps / card.maxStamps) * 100));
  const complete = card.status === "complete";
  return (
    <article
      aria-label={card.customerName}
      className="grid max-w-md gap-2 rounded-md border bg-background p-3 text-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0">
          <span className="break-words font-semibold">{card.customerName}</span>
          <span className="break-words text-muted-foreground text-xs">{card.programName}</span>
        </div>
        <span
          className={cn(
            "shrink-0 rounded-full px-2 py-0.5 text-xs",
            complete ? "bg-primary text-primary-foreground" : "bg-muted",
          )}
        >
          {t(`badge.${cardBadge(card)}`)}
        </span>
      </div>
      <div className="flex items-center gap-2">
        <div
          role="progressbar"
          aria-label={t("progressLabel")}
          aria-valuemin={0}
          aria-valuemax={card.maxStamps}
          aria-valuenow={card.stamps}
          className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary" style={{ width: `${progress}%` }} />
        </div>
        <span className="shrink-0 text-xs tabular-nums">
          {t("progress", { stamps: card.stamps, max: card.maxStamps, progress })}
        </span>
      </div>
      <span className="break-words text-muted-foreground">
        {t("reward", { reward: card.reward })}
      </span>
      {card.status === "redeemed" && card.redeemedAt ? (
        <span>{t("redeemedOn", { date: formatDate(card.redeemedAt) })}</span>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {complete ? <RedeemDialog card={card} /> : null}
        <CardDetailsDialog card={card} programs={programs} />
      </div>
    </article>
  );
}
