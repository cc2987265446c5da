import { useQuery } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { formatDate } from "@/web/lib/format";
import { Link } from "@/web/lib/nav";
import { specialPromotionsQueryOptions } from "../api";

/** The customer's special-promotions list: promotions running today, each opening its company. */
export function SpecialPromotions() {
  const { t } = useTranslation("customer");
  const id = useId();
  const query = useQuery(specialPromotionsQueryOptions());
  const promotions = query.data ?? [];

  // 'Não foi possível carregar as promoções especiais.' (spec section 8), as a toast and in place.
  useEffect(() => {
    if (!query.isError) return;
    toast.error(t("errorTitle"), {
      description: t("promotions.loadError"),
      id: "special-promotions-load-error",
    });
  }, [query.isError, t]);
  return (
    <section id="promocoes" className="grid gap-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold text-lg">
        {t("promotions.title")}
      </h2>
      {query.isError ? (
        <div role="alert" className="grid justify-items-start gap-2">
          <p className="text-destructive text-sm">{t("promotions.loadError")}</p>
          <Button type="button" size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : query.isSuccess && promotions.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("promotions.empty")}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {promotions.map((p) => (
            <li key={p.companyId}>
              <Link
                to={`/dashboard-cliente-cartao-fidelidade/${p.companyId}`}
                className="grid gap-1 rounded-lg border border-primary/40 bg-primary/5 p-4 outline-none hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span className="font-semibold">{p.companyName}</span>
                {p.title ? <span className="font-medium text-sm">{p.title}</span> : null}
                <span className="text-sm">{p.description}</span>
                {p.endsOn ? (
                  <span className="text-muted-foreground text-xs">
                    {t("promotions.until", { date: formatDate(p.endsOn) })}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
