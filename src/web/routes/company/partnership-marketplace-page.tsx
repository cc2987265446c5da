import { useTranslation } from "react-i18next";
import { PageHeader } from "@/web/components/page-header";
import { PartnershipMarketplace } from "@/web/features/partnerships/components/partnership-marketplace";

/** /parceria-marketplace: companies open to partnerships and 'Solicitar Parceria'. */
export function PartnershipMarketplacePage() {
  const { t } = useTranslation("company");
  return (
    <>
      <PageHeader
        title={t("pages.partnershipMarketplace.title")}
        subtitle={t("pages.partnershipMarketplace.subtitle")}
      />
      <PartnershipMarketplace />
    </>
  );
}
