import type { DirectoryCompany } from "@shared/companies.schema";
import { useQuery } from "@tanstack/react-query";
import { Store } from "lucide-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { SectorOptions, StateOptions } from "@/web/components/brazil-options";
import { Button } from "@/web/components/ui/button";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Spinner } from "@/web/components/ui/spinner";
import { Link } from "@/web/lib/nav";
import { directoryCitiesQueryOptions, directoryQueryOptions } from "../api";

type Props = {
  /** More actions on each entry (join, write to the company), composed by the page. */
  actions?: (company: DirectoryCompany) => ReactNode;
};

/**
 * The customer's company directory (spec section 2: filters by branch, city and state): the
 * companies with an active subscription, each opening its page.
 */
export function CompanyDirectory({ actions }: Props) {
  const { t } = useTranslation(["customer", "common"]);
  const id = useId();
  const [filters, setFilters] = useState({ sector: "", state: "", city: "", page: 1 });
  const directory = useQuery(directoryQueryOptions(filters));
  const cities = useQuery(directoryCitiesQueryOptions()).data ?? [];
  const set = (key: "sector" | "state" | "city") => (value: string) =>
    setFilters((f) => ({ ...f, [key]: value, page: 1 }));
  // 'Não foi possível carregar as empresas.' (spec section 8), as a toast and in place.
  useEffect(() => {
    if (!directory.isError) return;
    toast.error(t("errorTitle"), {
      description: t("directory.loadError"),
      id: "company-directory-load-error",
    });
  }, [directory.isError, t]);
  const pages = directory.data
    ? Math.max(1, Math.ceil(directory.data.total / directory.data.pageSize))
    : 1;

  return (
    <section id="empresas" className="grid gap-4" aria-labelledby={`${id}-title`}>
      <div>
        <h2 id={`${id}-title`} className="font-semibold text-lg">
          {t("directory.title")}
        </h2>
        <p className="text-muted-foreground text-sm">{t("directory.subtitle")}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-sector`}>{t("directory.sector")}</Label>
          <NativeSelect
            id={`${id}-sector`}
            value={filters.sector}
            onChange={(e) => set("sector")(e.target.value)}
          >
            <SectorOptions emptyLabel={t("directory.anySector")} />
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-state`}>{t("directory.state")}</Label>
          <NativeSelect
            id={`${id}-state`}
            value={filters.state}
            onChange={(e) => set("state")(e.target.value)}
          >
            <StateOptions emptyLabel={t("directory.anyState")} />
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-city`}>{t("directory.city")}</Label>
          <NativeSelect
            id={`${id}-city`}
            value={filters.city}
            onChange={(e) => set("city")(e.target.value)}
          >
            <option value="">{t("directory.anyCity")}</option>
            {cities.map((city) => (
              <option key={city} value={city}>
                {city}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {directory.isPending ? <Spinner /> : null}
      {directory.isError ? (
        <div role="alert" className="grid justify-items-start gap-2">
          <p className="text-destructive text-sm">{t("directory.loadError")}</p>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => void directory.refetch()}
          >
            {t("retry")}
          </Button>
        </div>
      ) : null}
      {directory.data?.companies.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("directory.empty")}</p>
      ) : null}
      <ul className="grid gap-3 sm:grid-cols-2" aria-label={t("directory.title")}>
        {directory.data?.companies.map((company) => (
          <li key={company.id} className="grid gap-2 rounded-lg border bg-card p-4">
            <div className="flex items-start gap-3">
              {company.logoUrl ? (
                <img
                  src={company.logoUrl}
                  alt=""
                  width={40}
                  height={40}
                  className="size-10 rounded-md object-cover"
                />
              ) : (
                <span className="grid size-10 place-items-center rounded-md bg-muted">
                  <Store aria-hidden="true" className="size-5 text-muted-foreground" />
                </span>
              )}
              <div className="grid min-w-0 gap-0.5">
                <span className="font-semibold">{company.tradeName}</span>
                <span className="text-muted-foreground text-xs">
                  {[
                    company.sector ? t(`common:sectors.${company.sector}` as never) : null,
                    [company.city, company.state].filter(Boolean).join("/"),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
                {company.member ? (
                  <span className="text-primary text-xs">{t("directory.member")}</span>
                ) : null}
              </div>
            </div>
            {company.summary ? <p className="text-sm">{company.summary}</p> : null}
            <div className="flex flex-wrap gap-2">
              <Button asChild size="sm" variant="outline">
                <Link to={`/dashboard-cliente-cartao-fidelidade/${company.id}`}>
                  {t("directory.open")}
                </Link>
              </Button>
              {actions?.(company)}
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <div className="flex items-center gap-3 text-sm">
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={filters.page <= 1}
            onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
          >
            {t("directory.previous")}
          </Button>
          <span>{t("directory.page", { page: filters.page, pages })}</span>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={filters.page >= pages}
            onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
          >
            {t("directory.next")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
