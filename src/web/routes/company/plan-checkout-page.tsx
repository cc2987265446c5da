import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PageHeader } from "@/web/components/page-header";
import { DevCheckout } from "@/web/features/billing/components/dev-checkout";

/** /plano/checkout/:invoiceId: the dev provider's local checkout (no real charge). */
export function PlanCheckoutPage() {
  const { t } = useTranslation("billing");
  const { invoiceId = "" } = useParams();
  return (
    <>
      <PageHeader title={t("checkout.title")} />
      <DevCheckout invoiceId={invoiceId} />
    </>
  );
}
