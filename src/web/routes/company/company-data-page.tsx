import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { CompanyDataForm } from "@/web/features/company-data/components/company-data-form";
import { CompanyDataLoader } from "@/web/features/company-data/components/company-data-loader";
import { LogoUpload } from "@/web/features/company-data/components/logo-upload";

/**
 * /dados-empresa (admins; the company area sends visitors to /login-admin and customers to /):
 * logo upload, company fields and social links, saved on the server.
 */
export function CompanyDataPage() {
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
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <CompanyDataLoader>
        {(data) => (
          <div className="grid max-w-4xl gap-6">
            <LogoUpload logoUrl={data.logoUrl} companyName={data.tradeName} />
            <CompanyDataForm data={data} />
          </div>
        )}
      </CompanyDataLoader>
    </>
  );
}
