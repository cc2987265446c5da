import { CARD_STATUSES, type CardStatus } from "@shared/stamp-methods";
import { useQuery } from "@tanstack/react-query";
import { ListFilter } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { formatDate } from "@/web/lib/format";
import { recentCardsQueryOptions } from "../api";

/**
 * The dashboard's 'Cartões Recentes': the five newest cards, 'Filtros' to show only one status,
 * and a way to all of them.
 */
export function RecentCards() {
  const { t } = useTranslation("cards");
  const [showFilters, setShowFilters] = useState(false);
  const [status, setStatus] = useState<CardStatus | undefined>(undefined);
  const cards = useQuery(recentCardsQueryOptions(status)).data ?? [];
  const options: [CardStatus | undefined, string][] = [
    [undefined, t("recent.filter.all")],
    ...CARD_STATUSES.map((s) => [s, t(`recent.filter.${s}`)] as [CardStatus, string]),
  ];
  return (
    <Card>
      <CardHeader className="grid-cols-[1fr_auto] items-center">
        <CardTitle asChild>
          <h2>{t("recent.title")}</h2>
        </CardTitle>
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-expanded={showFilters}
            onClick={() => setShowFilters((v) => !v)}
          >
            <ListFilter aria-hidden="true" />
            {t("recent.filters")}
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/cartoes">{t("recent.all")}</Link>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        {showFilters ? (
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">{t("recent.filterLabel")}</legend>
            {options.map(([value, label]) => (
              <Button
                key={label}
                type="button"
                size="sm"
                variant={status === value ? "default" : "outline"}
                aria-pressed={status === value}
                className="h-7 rounded-full"
                onClick={() => setStatus(value)}
              >
                {label}
              </Button>
            ))}
          </fieldset>
        ) : null}
        {cards.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t("empty")}</p>
        ) : (
          <ul className="grid gap-2" aria-label={t("recent.title")}>
            {cards.map((card) => (
              <li key={card.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="font-medium">{card.customerName}</span>
                <span className="text-muted-foreground">
                  {t("recent.line", {
                    stamps: card.stamps,
                    max: card.maxStamps,
                    date: formatDate(card.createdAt),
                  })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
