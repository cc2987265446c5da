import { useTranslation } from "react-i18next";
import { PageHeader } from "@/web/components/page-header";
import { PartnerConversations } from "@/web/features/partnerships/components/partner-conversations";

/** /parceria-mensagens: the partner conversations (?id= the open one). */
export function PartnerMessagesPage() {
  const { t } = useTranslation("company");
  return (
    <>
      <PageHeader
        title={t("pages.partnershipMessages.title")}
        subtitle={t("pages.partnershipMessages.subtitle")}
      />
      <PartnerConversations />
    </>
  );
}
