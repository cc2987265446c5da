import { useTranslation } from "react-i18next";
import { ComingSoon } from "@/web/components/coming-soon";
import { PageHeader } from "@/web/components/page-header";

export type CompanyPageKey =
  | "customers"
  | "cards"
  | "messages"
  | "partnership"
  | "reports"
  | "settings"
  | "companyData"
  | "userData"
  | "ai"
  | "partnershipMarketplace"
  | "partnershipMessages"
  | "activePartnerships";

/** A company panel page whose feature is not built yet: its title and an honest "Em breve". */
export function CompanyPlaceholderPage({ page }: { page: CompanyPageKey }) {
  const { t } = useTranslation("company");
  return (
    <>
      <PageHeader title={t(`pages.${page}.title`)} subtitle={t(`pages.${page}.subtitle`)} />
      <ComingSoon />
    </>
  );
}
