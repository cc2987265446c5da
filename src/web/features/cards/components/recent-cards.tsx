import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { formatDate } from "@/web/lib/format";
import { recentCardsQueryOptions } from "../api";

/** The dashboard's 'Cartões Recentes': the five newest cards, with a way to all of them. */
export function RecentCards() {
  const { t } = useTranslation("cards");
  const cards = useQuery(recentCardsQueryOptions()).data ?? [];
  return (
    <Card>
      <CardHeader className="grid-cols-[1fr_auto] items-center">
        <CardTitle asChild>
          <h2>{t("recent.title")}</h2>
        </CardTitle>
        <Button asChild variant="outline" size="sm">
          <Link to="/cartoes">{t("recent.all")}</Link>
        </Button>
      </CardHeader>
      <CardContent>
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
