import { useTranslation } from "react-i18next";
import { PageHeader } from "@/web/components/page-header";
import { TakeOverButton } from "@/web/features/assistant/components/take-over-button";
import { PotentialCustomersColumn } from "@/web/features/interests/components/potential-customers-column";
import { CustomerMessagesColumn } from "@/web/features/messages/components/customer-messages-column";
import { PartnerMessagesColumn } from "@/web/features/partnerships/components/partner-messages-column";

/**
 * /mensagens (admins): partners, customers and potential customers side by side; with IA Suprema
 * on, each customer's conversation can be taken over from the assistant.
 */
export function MessagesPage() {
  const { t } = useTranslation("company");
  return (
    <>
      <PageHeader title={t("pages.messages.title")} subtitle={t("pages.messages.subtitle")} />
      <div className="grid items-start gap-4 lg:grid-cols-3">
        <PartnerMessagesColumn />
        <CustomerMessagesColumn
          renderActions={(message) => <TakeOverButton customerId={message.customerId} />}
        />
        <PotentialCustomersColumn />
      </div>
    </>
  );
}
