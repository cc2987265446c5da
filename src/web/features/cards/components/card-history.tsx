import type { CustomerCard } from "@shared/cards.schema";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "@/web/lib/format";
import { Link } from "@/web/lib/nav";
import { myCardsQueryOptions } from "../api";

/** The customer's card history: open cards (active or complete) and used ones. */
export function CardHistory() {
  const { t } = useTranslation("customer");
  const id = useId();
  const cards = useQuery(myCardsQueryOptions()).data ?? [];
  const open = cards.filter((c) => c.status !== "redeemed");
  const used = cards.filter((c) => c.status === "redeemed");
  return (
    <section className="grid gap-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold text-lg">
        {t("history.title")}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <HistoryList title={t("history.open")} empty={t("history.noneOpen")} cards={open} />
        <HistoryList title={t("history.used")} empty={t("history.noneUsed")} cards={used} />
      </div>
    </section>
  );
}

function HistoryList({
  title,
  empty,
  cards,
}: {
  title: string;
  empty: string;
  cards: CustomerCard[];
}) {
  const { t } = useTranslation("customer");
  return (
    <div className="grid content-start gap-2 rounded-lg border bg-card p-4">
      <h3 className="font-medium text-sm">{title}</h3>
      {cards.length === 0 ? <p className="text-muted-foreground text-sm">{empty}</p> : null}
      <ul className="grid gap-2" aria-label={title}>
        {cards.map((card) => (
          <li key={card.id}>
            <Link
              to={`/dashboard-cliente-cartao-fidelidade/${card.companyId}`}
              className="grid rounded-md p-1 text-sm outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span className="font-medium">{card.companyName}</span>
              <span className="text-muted-foreground text-xs">
                {card.status === "redeemed" && card.redeemedAt
                  ? t("history.usedOn", { date: formatDate(card.redeemedAt) })
                  : t("history.line", {
                      stamps: card.stamps,
                      max: card.maxStamps,
                      program: card.programName,
                    })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
