import { useTranslation } from "react-i18next";
import { PageHeader } from "@/web/components/page-header";
import { BillingPanel } from "@/web/features/billing/components/billing-panel";
import { useCompanyMe } from "./company-area";

/** /plano (admins): the plan, subscribing, changing plan, cancelling and the charges. */
export function PlanPage() {
  const { t } = useTranslation("billing");
  const me = useCompanyMe();
  return (
    <>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <div className="w-full max-w-4xl">
        <BillingPanel companyEmail={me.company?.email ?? me.user.email} />
      </div>
    </>
  );
}
