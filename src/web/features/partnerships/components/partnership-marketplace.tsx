import { STATE_CODES, type StateCode } from "@shared/brazil";
import {
  MARKETPLACE_BRANCHES,
  type MarketplaceBranch,
  type MarketplaceCompany,
  type MarketplaceQuery,
} from "@shared/partnerships.schema";
import { useQuery } from "@tanstack/react-query";
import { Check, ChevronLeft, ChevronRight, Clock, Handshake, Info } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { StateOptions } from "@/web/components/brazil-options";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Spinner } from "@/web/components/ui/spinner";
import { marketplaceQueryOptions, partnershipOverviewQueryOptions } from "../api";
import { PartnerAvatar, place } from "./partner-avatar";
import { RequestPartnershipDialog } from "./request-partnership-dialog";

const isBranch = (v: string | null): v is MarketplaceBranch =>
  (MARKETPLACE_BRANCHES as readonly string[]).includes(v ?? "");
const isState = (v: string | null): v is StateCode =>
  (STATE_CODES as readonly string[]).includes(v ?? "");

/** The filters live in the URL (?ramo=&estado=&cidade=&pagina=), so a search can be shared. */
function readQuery(params: URLSearchParams): MarketplaceQuery {
  const branch = params.get("ramo");
  const state = params.get("estado");
  const city = params.get("cidade")?.trim().slice(0, 80);
  return {
    branch: isBranch(branch) ? branch : undefined,
    state: isState(state) ? state : undefined,
    city: city || undefined,
    page: Math.min(10_000, Math.max(1, Number(params.get("pagina")) || 1)),
  };
}

/** The URL's filters with some changed; any change but the page's goes back to page 1. */
function withChanges(current: URLSearchParams, changes: Record<string, string | undefined>) {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  if (!("pagina" in changes)) next.delete("pagina");
  return next;
}

/**
 * /parceria-marketplace: the companies open to partnerships (never the own one), filtered by
 * branch, state and a city text that ignores case and accents, a page at a time from the server.
 */
export function PartnershipMarketplace() {
  const { t } = useTranslation("partnerships");
  const id = useId();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const [city, setCity] = useState(query.city ?? "");
  const overview = useQuery(partnershipOverviewQueryOptions());
  const market = useQuery(marketplaceQueryOptions(query));

  const update = (changes: Record<string, string | undefined>) =>
    setParams((current) => withChanges(current, changes), { replace: !("pagina" in changes) });

  // The city text reaches the URL (and the server) once typing pauses; a city from the URL (the
  // back button, 'Limpar filtros') shows in the box.
  const urlCity = query.city ?? "";
  useEffect(
    () => setCity((current) => (current.trim() === urlCity ? current : urlCity)),
    [urlCity],
  );
  useEffect(() => {
    const text = city.trim();
    if (text === urlCity) return;
    const timer = setTimeout(
      () =>
        setParams((current) => withChanges(current, { cidade: text || undefined }), {
          replace: true,
        }),
      300,
    );
    return () => clearTimeout(timer);
  }, [city, urlCity, setParams]);

  // 'Não foi possível carregar as empresas.' (spec section 8), as a toast and in place.
  useEffect(() => {
    if (market.isError)
      toast.error(t("marketplace.loadError"), { id: "partnership-marketplace-load-error" });
  }, [market.isError, t]);

  const data = market.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = Boolean(query.branch || query.state || query.city);

  return (
    <div className="grid gap-4">
      {overview.data && !overview.data.enabled ? (
        <div
          role="note"
          className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm"
        >
          <Info aria-hidden="true" className="size-4 shrink-0" />
          <p className="min-w-0 flex-1">{t("marketplace.off")}</p>
          <Button asChild size="sm" variant="outline">
            <Link to="/parceria">{t("marketplace.offLink")}</Link>
          </Button>
        </div>
      ) : null}
      <search className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-branch`}>{t("marketplace.branch")}</Label>
          <NativeSelect
            id={`${id}-branch`}
            value={query.branch ?? ""}
            onChange={(e) => update({ ramo: e.target.value || undefined })}
          >
            <option value="">{t("marketplace.anyBranch")}</option>
            {MARKETPLACE_BRANCHES.map((branch) => (
              <option key={branch} value={branch}>
                {t(`branches.${branch}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-state`}>{t("marketplace.state")}</Label>
          <NativeSelect
            id={`${id}-state`}
            value={query.state ?? ""}
            onChange={(e) => update({ estado: e.target.value || undefined })}
          >
            <StateOptions emptyLabel={t("marketplace.anyState")} />
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-city`}>{t("marketplace.city")}</Label>
          <Input
            id={`${id}-city`}
            type="search"
            maxLength={80}
            value={city}
            placeholder={t("marketplace.cityPlaceholder")}
            onChange={(e) => setCity(e.target.value)}
          />
        </div>
      </search>
      {market.isPending ? <Spinner label={t("marketplace.loading")} /> : null}
      {market.isError ? (
        <div role="alert" className="grid justify-items-start gap-2">
          <p className="text-destructive text-sm">{t("marketplace.loadError")}</p>
          <Button type="button" size="sm" variant="outline" onClick={() => void market.refetch()}>
            {t("marketplace.retry")}
          </Button>
        </div>
      ) : null}
      {data && data.companies.length === 0 ? (
        <div className="grid justify-items-start gap-2 rounded-lg border border-dashed p-6 text-sm">
          <p>{filtered ? t("marketplace.empty") : t("marketplace.emptyAll")}</p>
          {filtered ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => {
                setCity("");
                setParams({}, { replace: true });
              }}
            >
              {t("marketplace.clear")}
            </Button>
          ) : null}
        </div>
      ) : null}
      {data && data.companies.length > 0 ? (
        <>
          <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-muted-foreground text-sm">
            <p aria-live="polite">{t("marketplace.total", { count: data.total })}</p>
            {overview.data ? (
              <p>
                {t("marketplace.limit", {
                  count: overview.data.requestsToday,
                  max: overview.data.requestsPerDay,
                })}
              </p>
            ) : null}
          </div>
          <ul
            aria-label={t("marketplace.listLabel")}
            className="grid gap-3 md:grid-cols-2 xl:grid-cols-3"
          >
            {data.companies.map((company) => (
              <MarketplaceEntry
                key={company.id}
                company={company}
                ownSwitchOff={overview.data ? !overview.data.enabled : false}
              />
            ))}
          </ul>
        </>
      ) : null}
      {data && pages > 1 ? (
        <nav
          aria-label={t("marketplace.pagination")}
          className="flex flex-wrap items-center gap-2 text-sm"
        >
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={query.page <= 1}
            onClick={() => update({ pagina: String(query.page - 1) })}
          >
            <ChevronLeft aria-hidden="true" />
            {t("marketplace.previous")}
          </Button>
          <span>{t("marketplace.page", { page: query.page, pages })}</span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={query.page >= pages}
            onClick={() => update({ pagina: String(query.page + 1) })}
          >
            {t("marketplace.next")}
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

function MarketplaceEntry({
  company,
  ownSwitchOff,
}: {
  company: MarketplaceCompany;
  ownSwitchOff: boolean;
}) {
  const { t } = useTranslation("partnerships");
  return (
    <li
      aria-label={company.name}
      className="grid min-w-0 content-start gap-3 rounded-lg border bg-card p-4 text-sm shadow-sm"
    >
      <div className="flex min-w-0 items-start gap-3">
        <PartnerAvatar name={company.name} logoUrl={company.logoUrl} />
        <div className="grid min-w-0 gap-0.5">
          <p className="break-words font-semibold text-base">{company.name}</p>
          <p className="text-muted-foreground text-xs">
            {[place(company.city, company.state), t(`branches.${company.branch}`)]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
      </div>
      <p
        className={
          company.description ? "whitespace-pre-wrap break-words" : "text-muted-foreground italic"
        }
      >
        {company.description ?? t("marketplace.noDescription")}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Relation company={company} ownSwitchOff={ownSwitchOff} />
      </div>
    </li>
  );
}

/**
 * The button, or where the two companies stand. With the own switch off the button is disabled
 * and says why before any proposal is written (the server answers partnership_sender_inactive).
 */
function Relation({
  company,
  ownSwitchOff,
}: {
  company: MarketplaceCompany;
  ownSwitchOff: boolean;
}) {
  const { t } = useTranslation("partnerships");
  const hintId = useId();
  switch (company.relation) {
    case "none":
      return ownSwitchOff ? (
        <>
          <Button type="button" size="sm" disabled aria-describedby={hintId}>
            <Handshake aria-hidden="true" />
            {t("marketplace.request")}
          </Button>
          <p id={hintId} className="basis-full text-muted-foreground text-xs">
            {t("marketplace.senderOff")}
          </p>
        </>
      ) : (
        <RequestPartnershipDialog company={company} />
      );
    case "pending_sent":
      return (
        <span className="inline-flex items-center gap-1.5 rounded-full bg-muted px-2.5 py-1 font-medium text-xs">
          <Clock aria-hidden="true" className="size-3.5" />
          {t("marketplace.requestSent")}
        </span>
      );
    case "pending_received":
      return (
        <Button asChild size="sm" variant="outline">
          <Link to="/parceria">{t("marketplace.requestReceived")}</Link>
        </Button>
      );
    case "active":
      return (
        <Button asChild size="sm" variant="outline">
          <Link to="/parcerias-ativas">
            <Check aria-hidden="true" />
            {t("marketplace.active")}
          </Link>
        </Button>
      );
  }
}
