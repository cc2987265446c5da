import { brandPalette } from "@shared/brand-color";
import { type CustomerCard, cardBadge } from "@shared/cards.schema";
import { PartyPopper } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { CompanyBadge } from "./company-badge";

/** One card on /dashboard-cliente-cartoes-fidelidade, in the company's colours; opens its page. */
export function CardTile({ card }: { card: CustomerCard }) {
  const { t } = useTranslation(["customer", "common", "cards"]);
  const { background, foreground } = brandPalette(card.brandColor);
  const badge = cardBadge(card);
  const progress = Math.min(100, Math.round((card.stamps / card.maxStamps) * 100));
  const inverted = { backgroundColor: foreground, color: background };
  const place = [
    card.companySector ? t(`common:sectors.${card.companySector as "pet"}`) : null,
    card.companyCity ? [card.companyCity, card.companyState].filter(Boolean).join("/") : null,
  ]
    .filter(Boolean)
    .join(" · ");

  return (
    <Link
      to={`/dashboard-cliente-cartao-fidelidade/${card.companyId}`}
      data-testid="card-tile"
      data-status={card.status}
      className={cn(
        "relative isolate grid gap-3 overflow-hidden rounded-2xl p-4 shadow-md outline-none ring-1 ring-black/10 transition-transform",
        "hover:-translate-y-0.5 hover:shadow-lg focus-visible:ring-[3px] focus-visible:ring-ring",
        (card.status === "redeemed" || card.companyClosedAt) && "opacity-75 grayscale-[60%]",
      )}
      style={{ backgroundColor: background, color: foreground }}
    >
      <div aria-hidden="true" className="-z-10 pointer-events-none absolute inset-0">
        <div className="-right-12 -top-16 absolute size-40 rounded-full bg-current opacity-[0.08]" />
      </div>
      <div className="flex items-center gap-3">
        <CompanyBadge
          name={card.companyName}
          logoUrl={card.companyLogoUrl}
          background={background}
          foreground={foreground}
          className="size-11 rounded-lg text-base"
        />
        <div className="grid min-w-0 flex-1">
          <span className="line-clamp-2 break-words font-bold leading-tight">
            {card.companyName}
          </span>
          <span className="truncate text-xs">{card.programName}</span>
        </div>
        {card.companyClosedAt ? null : (
          <span
            className={cn(
              "shrink-0 rounded-full px-2 py-0.5 font-semibold text-xs",
              badge !== "ready" && "border border-current",
            )}
            style={badge === "ready" ? inverted : undefined}
          >
            {t(`customer:badge.${badge}`)}
          </span>
        )}
      </div>
      {card.companyClosedAt ? (
        <span
          className="rounded-lg px-3 py-1.5 font-semibold text-xs"
          style={inverted}
          data-testid="card-tile-closed"
        >
          {t("cards:closed.badge", { date: formatDate(card.companyClosedAt) })}
        </span>
      ) : null}
      <div className="grid gap-1.5">
        <div className="flex items-baseline justify-between gap-2">
          <span className="font-bold text-lg tabular-nums">
            {t("customer:stamps.count", { count: card.stamps, max: card.maxStamps })}
          </span>
          <span className="truncate text-xs">{card.reward}</span>
        </div>
        <div className="relative h-2 overflow-hidden rounded-full" aria-hidden="true">
          <div className="absolute inset-0 bg-current opacity-25" />
          <div
            className="relative h-full rounded-full bg-current"
            style={{ width: `${progress}%` }}
          />
        </div>
      </div>
      {place ? <span className="text-xs">{place}</span> : null}
      {card.status === "complete" && !card.companyClosedAt ? (
        <span
          className="flex items-center gap-2 rounded-lg px-3 py-2 font-semibold text-sm"
          style={inverted}
        >
          <PartyPopper aria-hidden="true" className="size-4 shrink-0" />
          {t("customer:cards.complete")}
        </span>
      ) : null}
    </Link>
  );
}
