import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "@/web/lib/format";
import { specialPromotionsQueryOptions } from "../api";

/** The customer's special-promotions list: promotions running today, each opening its company. */
export function SpecialPromotions() {
  const { t } = useTranslation("customer");
  const id = useId();
  const promotions = useQuery(specialPromotionsQueryOptions()).data ?? [];
  return (
    <section id="promocoes" className="grid gap-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold text-lg">
        {t("promotions.title")}
      </h2>
      {promotions.length === 0 ? (
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
