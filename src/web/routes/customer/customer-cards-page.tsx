import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { myCardsQueryOptions } from "@/web/features/loyalty-cards/api";
import { CardTile } from "@/web/features/loyalty-cards/components/card-tile";
import { errorMessage } from "@/web/lib/error-message";

/** /dashboard-cliente-cartoes-fidelidade: one tile per card. */
export function CustomerCardsPage() {
  const { t } = useTranslation("customer");
  const cards = useQuery(myCardsQueryOptions());
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
            <Link to="/dashboard-cliente">{t("cards.explore")}</Link>
          </Button>
        </div>
      ) : null}
      {cards.data && cards.data.length > 0 ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {cards.data.map((card) => (
            <CardTile key={card.id} card={card} />
          ))}
        </div>
      ) : null}
    </>
  );
}
