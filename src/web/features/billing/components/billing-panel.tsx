import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { billingOverviewQueryOptions } from "../api";
import { CancelSubscription } from "./cancel-subscription";
import { PlanOptions } from "./change-plan";
import { CurrentPlan } from "./current-plan";
import { InvoiceList } from "./invoice-list";
import { SubscribeForm } from "./subscribe-form";

/**
 * /plano: the current plan; without a subscription (or after cancelling) the plans and 'Assinar';
 * with one, 'Mudar para …' and 'Cancelar assinatura'; then the charges.
 */
export function BillingPanel({ companyEmail }: { companyEmail: string }) {
  const { t } = useTranslation("billing");
  const query = useQuery(billingOverviewQueryOptions());
  const titleId = useId();
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive text-sm">
        {t("loadError")}
        <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t("retry")}
        </Button>
      </div>
    );
  }
  const overview = query.data;
  const subscribed = overview.subscription !== null && overview.subscription.status !== "cancelled";

  return (
    <div className="grid min-w-0 gap-6">
      <CurrentPlan
        overview={overview}
        actions={subscribed ? <CancelSubscription overview={overview} /> : null}
      />
      {subscribed ? (
        <PlanOptions overview={overview} />
      ) : (
        <SubscribeForm overview={overview} defaultEmail={companyEmail} />
      )}
      <section aria-labelledby={titleId} className="grid gap-3">
        <h2 id={titleId} className="font-semibold text-lg">
          {t("invoices.title")}
        </h2>
        <InvoiceList overview={overview} />
      </section>
    </div>
  );
}
