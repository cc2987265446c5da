import { Handshake } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { InboxColumn } from "@/web/components/inbox-column";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { PotentialCustomersColumn } from "@/web/features/interests/components/potential-customers-column";
import { CustomerMessagesColumn } from "@/web/features/messages/components/customer-messages-column";

/**
 * /mensagens (admins): partners, customers and potential customers side by side. Partner messages
 * stay empty until partnerships exist (spec section 7).
 */
export function MessagesPage() {
  const { t } = useTranslation(["company", "messages"]);
  return (
    <>
      <PageHeader title={t("pages.messages.title")} subtitle={t("pages.messages.subtitle")} />
      <div className="grid items-start gap-4 lg:grid-cols-3">
        <InboxColumn title={t("messages:partners.title")} icon={Handshake}>
          <div className="grid justify-items-start gap-2 py-2 text-sm">
            <p>{t("messages:partners.empty")}</p>
            <p className="text-muted-foreground">{t("messages:partners.emptyHint")}</p>
            <Button asChild variant="outline" size="sm">
              <Link to="/parceria-marketplace">{t("messages:partners.findPartners")}</Link>
            </Button>
          </div>
        </InboxColumn>
        <CustomerMessagesColumn />
        <PotentialCustomersColumn />
      </div>
    </>
  );
}
