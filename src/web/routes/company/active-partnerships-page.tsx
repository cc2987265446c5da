import { useTranslation } from "react-i18next";
import { PageHeader } from "@/web/components/page-header";
import { ActivePartnerships } from "@/web/features/partnerships/components/active-partnerships";

/** /parcerias-ativas: the partners, their links and counts, and 'Encerrar'. */
export function ActivePartnershipsPage() {
  const { t } = useTranslation("company");
  return (
    <>
      <PageHeader
        title={t("pages.activePartnerships.title")}
        subtitle={t("pages.activePartnerships.subtitle")}
      />
      <ActivePartnerships />
    </>
  );
}
