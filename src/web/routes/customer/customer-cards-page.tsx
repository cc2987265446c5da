import { useTranslation } from "react-i18next";
import { ComingSoon } from "@/web/components/coming-soon";
import { PageHeader } from "@/web/components/page-header";

/** /dashboard-cliente-cartoes-fidelidade. */
export function CustomerCardsPage() {
  const { t } = useTranslation("customer");
  return (
    <>
      <PageHeader title={t("cards.title")} subtitle={t("cards.subtitle")} />
      <ComingSoon />
    </>
  );
}
