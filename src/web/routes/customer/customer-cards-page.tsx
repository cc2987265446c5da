import type { CustomerCard } from "@shared/cards.schema";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { myCardsQueryOptions } from "@/web/features/cards/api";
import { CardTile } from "@/web/features/cards/components/card-tile";
import { errorMessage } from "@/web/lib/error-message";

/**
 * /dashboard-cliente-cartoes-fidelidade: one tile per card. Complete cards (a reward waiting)
 * come first, apart from the open ones; used cards last.
 */
export function CustomerCardsPage() {
  const { t } = useTranslation("customer");
  const cards = useQuery(myCardsQueryOptions());
  const all = cards.data ?? [];
  const groups = [
    { key: "complete", cards: all.filter((c) => c.status === "complete") },
    { key: "active", cards: all.filter((c) => c.status === "active") },
    { key: "redeemed", cards: all.filter((c) => c.status === "redeemed") },
  ] as const;

  return (
    <>
      <PageHeader title={t("cards.title")} subtitle={t("cards.subtitle")} />
      {cards.isPending ? <Spinner /> : null}
      {cards.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(cards.error)}
        </p>
      ) : null}
      {cards.data && cards.data.length === 0 ? (
        <div className="grid justify-items-start gap-3">
          <p>{t("cards.empty")}</p>
          <Button asChild>
            <Link to="/dashboard-cliente#empresas">{t("cards.explore")}</Link>
          </Button>
        </div>
      ) : null}
      {groups.map((group) =>
        group.cards.length > 0 ? (
          <CardGroup key={group.key} title={t(`cards.groups.${group.key}`)} cards={group.cards} />
        ) : null,
      )}
    </>
  );
}

function CardGroup({ title, cards }: { title: string; cards: CustomerCard[] }) {
  const id = useId();
  return (
    <section className="grid gap-3" aria-labelledby={id}>
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-labelledby={id}>
        {cards.map((card) => (
          <li key={card.id} className="grid">
            <CardTile card={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}
