import type { CompanyData } from "@shared/company-data.schema";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { companyDataQueryOptions } from "../api";
import { toastLoadError } from "./save-toasts";

/** Loads the company's data; 'Erro ao carregar dados' with a retry when it fails. */
export function CompanyDataLoader({ children }: { children: (data: CompanyData) => ReactNode }) {
  const { t } = useTranslation("company-data");
  const query = useQuery(companyDataQueryOptions());

  useEffect(() => {
    if (query.isError) toastLoadError();
  }, [query.isError]);

  if (query.isPending) return <Spinner label={t("title")} />;
  if (query.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2">
        <p className="font-medium">{t("loadError.title")}</p>
        <p className="text-muted-foreground text-sm">{t("loadError.description")}</p>
        <Button type="button" variant="outline" onClick={() => void query.refetch()}>
          {t("retry")}
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
