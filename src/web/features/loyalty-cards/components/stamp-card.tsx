import { useTranslation } from "react-i18next";
import type { CustomerCard } from "@/shared/loyalty.schema";
import { StampGrid } from "@/web/components/stamp-grid";
import { formatDate } from "@/web/lib/format";

/** A card's stamps: x/max, a progress bar and the 5-column grid of stamp circles. */
export function StampCard({ card }: { card: CustomerCard }) {
  const { t } = useTranslation("customer");
  const progress = Math.round((card.stamps / card.maxStamps) * 100);
  return (
    <div className="grid gap-3 rounded-lg border p-4" data-testid="stamp-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{card.programName}</span>
        <span className="text-sm">
          {t("stamps.count", { count: card.stamps, max: card.maxStamps })}
        </span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-label={t("stamps.progress")}
      >
        <div className="h-full bg-primary" style={{ width: `${progress}%` }} />
      </div>
      <StampGrid stamps={card.stamps} max={card.maxStamps} />
      <p className="text-muted-foreground text-sm">{t("stamps.reward", { reward: card.reward })}</p>
      {card.status === "complete" ? (
        <p className="font-medium text-primary">{t("stamps.complete")}</p>
      ) : null}
      {card.status === "redeemed" && card.redeemedAt ? (
        <p className="text-sm">{t("stamps.redeemed", { date: formatDate(card.redeemedAt) })}</p>
      ) : null}
    </div>
  );
}
