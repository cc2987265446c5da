import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type CustomerCard, cardBadge } from "@/shared/loyalty.schema";
import { cn } from "@/web/lib/utils";

/** One card on /dashboard-cliente-cartoes-fidelidade; opens the company's page. */
export function CardTile({ card }: { card: CustomerCard }) {
  const { t } = useTranslation(["customer", "common"]);
  const badge = cardBadge(card);
  const progress = Math.round((card.stamps / card.maxStamps) * 100);
  return (
    <Link
      to={`/dashboard-cliente-cartao-fidelidade/${card.companyId}`}
      className="grid gap-3 rounded-lg border bg-card p-4 outline-none transition-shadow hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <div className="flex items-start justify-between gap-2">
        <span className="font-semibold">{card.companyName}</span>
        <span
          className={cn(
            "rounded-full px-2 py-0.5 text-xs",
            badge === "ready" ? "bg-primary text-primary-foreground" : "bg-muted",
          )}
        >
          {t(`customer:badge.${badge}`)}
        </span>
      </div>
      <span className="text-sm">
        {t("customer:stamps.count", { count: card.stamps, max: card.maxStamps })}
      </span>
      <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div className="h-full bg-primary" style={{ width: `${progress}%` }} />
      </div>
      <span className="text-muted-foreground text-xs">
        {[
          card.companySector ? t(`common:sectors.${card.companySector as "pet"}`) : null,
          card.companyCity ? `${card.companyCity}/${card.companyState ?? ""}` : null,
        ]
          .filter(Boolean)
          .join(" · ")}
      </span>
      {card.status === "complete" ? (
        <span className="font-medium text-primary text-sm">{t("customer:cards.complete")}</span>
      ) : null}
    </Link>
  );
}
