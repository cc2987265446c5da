import { CreditCard } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ComingSoon } from "@/web/components/coming-soon";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";

/** /dashboard-cliente. */
export function CustomerDashboardPage() {
  const { t } = useTranslation("customer");
  return (
    <>
      <PageHeader
        title={t("dashboard.title")}
        subtitle={t("dashboard.subtitle")}
        actions={
          <Button asChild variant="outline">
            <Link to="/dashboard-cliente-cartoes-fidelidade">
              <CreditCard aria-hidden="true" />
              {t("dashboard.cardsLink")}
            </Link>
          </Button>
        }
      />
      <ComingSoon description={t("dashboard.comingSoon")} />
    </>
  );
}
