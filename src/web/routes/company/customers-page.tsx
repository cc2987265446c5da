import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Download, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Spinner } from "@/web/components/ui/spinner";
import { meQueryOptions } from "@/web/features/auth/api";
import { CustomerActivity } from "@/web/features/cards/components/customer-activity";
import { CUSTOMERS_EXPORT_URL, customerDirectoryQueryOptions } from "@/web/features/customers/api";
import { CompanyInvitations } from "@/web/features/customers/components/company-invitations";
import { CustomerStats } from "@/web/features/customers/components/customer-stats";
import { CustomersTable } from "@/web/features/customers/components/customers-table";
import { ImportBatches } from "@/web/features/customers/components/import-batches";
import { ImportButton } from "@/web/features/customers/components/import-button";
import { NewCustomerDialog } from "@/web/features/customers/components/new-customer-dialog";
import { CustomerBonusPanel } from "@/web/features/referrals/components/customer-bonus-panel";
import { demoApiUrl, useDemoMode } from "@/web/lib/demo-mode";
import { errorMessage } from "@/web/lib/error-message";

/**
 * /clientes: the tiles, the search (also reached from the header's 'Buscar clientes...' as
 * ?busca=), 'Novo Cliente', 'Exportar CSV', the customers a page at a time (?pagina=; cards on a
 * phone, the table from 768 px) and the invitations not accepted yet. 'Ver Detalhes' gets the
 * referrals feature's bonus panel ('Usar bônus'). 'Importar' (also `?importar=1`) brings in a
 * paper card's customers; 'Importações' lists the imports.
 */
export function CustomersPage() {
  const { t } = useTranslation("customers");
  const [params, setParams] = useSearchParams();
  const search = params.get("busca")?.trim() ?? "";
  const page = Math.max(1, Number(params.get("pagina")) || 1);
  const [text, setText] = useState(search);
  const demo = useDemoMode();
  // The import's printed slips name the company.
  const me = useQuery(meQueryOptions());
  const companyName = me.data?.company?.tradeName ?? "";

  // A new ?busca= from outside (the header, the back button) shows in the box.
  useEffect(() => setText((current) => (current.trim() === search ? current : search)), [search]);

  useEffect(() => {
    const next = text.trim();
    if (next === search) return;
    const timer = setTimeout(() => setParams(next ? { busca: next } : {}, { replace: true }), 250);
    return () => clearTimeout(timer);
  }, [text, search, setParams]);

  const customers = useQuery(customerDirectoryQueryOptions(search, page));
  const data = customers.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // A broad search is counted up to a cap ('mais de 1.000'): the next page exists while full.
  const hasNext = data
    ? data.totalCapped
      ? data.items.length === data.pageSize
      : page < pages
    : false;
  const goTo = (target: number) =>
    setParams({ ...(search ? { busca: search } : {}), pagina: String(target) });

  return (
    <>
      <PageHeader
        title={t("title")}
        subtitle={t("subtitle")}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <a href={demoApiUrl(CUSTOMERS_EXPORT_URL, demo)} download="clientes.csv">
                <Download aria-hidden="true" />
                {t("export")}
              </a>
            </Button>
            <ImportButton companyName={companyName} />
            <NewCustomerDialog />
          </div>
        }
      />
      <CustomerStats />
      <search className="relative max-w-md">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label={t("search")}
          placeholder={t("search")}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="pl-9"
        />
      </search>
      {customers.isPending ? <Spinner /> : null}
      {customers.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(customers.error)}
        </p>
      ) : null}
      {data && data.items.length === 0 ? (
        <p className="text-muted-foreground">{search ? t("empty") : t("emptyAll")}</p>
      ) : null}
      {data && data.items.length > 0 ? (
        <>
          <CustomersTable
            customers={data.items}
            detailsSection={(customer) => (
              <>
                <CustomerBonusPanel customerId={customer.id} customerName={customer.name} />
                <CustomerActivity customerId={customer.id} />
              </>
            )}
          />
          <nav
            aria-label={t("pagination.label")}
            className="flex flex-wrap items-center justify-between gap-2 text-sm"
          >
            <p className="text-muted-foreground">
              {t(data.totalCapped ? "pagination.summaryCapped" : "pagination.summary", {
                from: (data.page - 1) * data.pageSize + 1,
                to: (data.page - 1) * data.pageSize + data.items.length,
                total: data.total,
              })}
            </p>
            <div className="flex items-center gap-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => goTo(page - 1)}
              >
                <ChevronLeft aria-hidden="true" />
                {t("pagination.previous")}
              </Button>
              <span>
                {data.totalCapped
                  ? t("pagination.pageOnly", { page })
                  : t("pagination.page", { page, pages })}
              </span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={!hasNext}
                onClick={() => goTo(page + 1)}
              >
                {t("pagination.next")}
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </nav>
        </>
      ) : null}
      <ImportBatches companyName={companyName} />
      <CompanyInvitations />
    </>
  );
}
