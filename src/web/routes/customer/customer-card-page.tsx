import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ComingSoon } from "@/web/components/coming-soon";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { publicCompanyQueryOptions } from "@/web/features/companies/api";

/** /dashboard-cliente-cartao-fidelidade/:companyId: the customer's card at one company. */
export function CustomerCardPage() {
  const { t } = useTranslation("customer");
  const { companyId = "" } = useParams();
  const { data: company } = useQuery({
    ...publicCompanyQueryOptions(companyId),
    enabled: companyId !== "",
  });

  return (
    <>
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to="/dashboard-cliente-cartoes-fidelidade">
            <ArrowLeft aria-hidden="true" />
            {t("card.back")}
          </Link>
        </Button>
      </div>
      <PageHeader title={t("card.title")} subtitle={company?.tradeName ?? t("card.subtitle")} />
      <ComingSoon />
    </>
  );
}
