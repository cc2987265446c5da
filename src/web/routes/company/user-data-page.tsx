import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { CompanyDataLoader } from "@/web/features/company-data/components/company-data-loader";
import { UserDataForm } from "@/web/features/company-data/components/user-data-form";

/**
 * /dados-usuario (admins; the company area sends everyone else to /, spec section 6): company
 * name, social links and Google review link.
 */
export function UserDataPage() {
  const { t } = useTranslation("company-data");
  return (
    <>
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to="/dashboard">
            <ArrowLeft aria-hidden="true" />
            {t("back")}
          </Link>
        </Button>
      </div>
      <PageHeader title={t("userData.title")} subtitle={t("userData.subtitle")} />
      <CompanyDataLoader>{(data) => <UserDataForm data={data} />}</CompanyDataLoader>
    </>
  );
}
