import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, FlaskConical } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { Alert, AlertDescription, AlertTitle } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { formatDate, formatMoney } from "@/web/lib/format";
import { devInvoiceQueryOptions, type SimulatedOutcome, useSimulateInvoice } from "../api";
import { usePlanLabels } from "./plan-card";

const OUTCOMES: SimulatedOutcome[] = ["pay", "fail", "overdue"];

/**
 * The dev provider's checkout (no provider credentials): the charge, and what happens to it as
 * the provider would report it: paid, failed or overdue. Then back to /plano with a toast.
 */
export function DevCheckout({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation("billing");
  const labels = usePlanLabels();
  const navigate = useNavigate();
  const query = useQuery(devInvoiceQueryOptions(invoiceId));
  const titleId = useId();
  const simulate = useSimulateInvoice();
  const invoice = query.data;
  const open = invoice?.status === "pending" || invoice?.status === "overdue";

  const run = (outcome: SimulatedOutcome) =>
    simulate.mutateAsync({ id: invoiceId, outcome }).then(
      () => {
        if (outcome === "pay") toast.success(t("checkout.done.pay"));
        else toast.warning(t(`checkout.done.${outcome}`));
        navigate("/plano");
      },
      (error: unknown) => toast.error(t("checkout.error"), { description: errorMessage(error) }),
    );

  return (
    <div className="grid w-full max-w-lg gap-4">
      <Alert className="border-amber-400 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
        <FlaskConical aria-hidden="true" />
        <AlertTitle>{t("checkout.test")}</AlertTitle>
        <AlertDescription>{t("checkout.testHint")}</AlertDescription>
      </Alert>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {query.error instanceof ApiError && query.error.status === 404
            ? t("checkout.notFound")
            : t("checkout.loadError")}
        </p>
      ) : null}
      {invoice ? (
        <section
          aria-labelledby={titleId}
          className="grid gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm md:p-5"
        >
          <h2 id={titleId} className="font-semibold text-lg">
            {t("checkout.invoice")}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">{t("checkout.plan")}</dt>
            <dd className="font-medium">{labels.name(invoice.plan)}</dd>
            <dt className="text-muted-foreground">{t("checkout.amount")}</dt>
            <dd className="font-semibold text-base">{formatMoney(invoice.amountCents)}</dd>
            <dt className="text-muted-foreground">{t("checkout.dueDate")}</dt>
            <dd>{formatDate(invoice.dueDate)}</dd>
            <dt className="text-muted-foreground">{t("checkout.method")}</dt>
            <dd>{t(`methods.${invoice.billingType}`)}</dd>
            <dt className="text-muted-foreground">{t("checkout.status")}</dt>
            <dd>{t(`invoices.statuses.${invoice.status}`)}</dd>
          </dl>
          {open ? (
            <div className="grid gap-2 sm:grid-cols-3">
              {OUTCOMES.map((outcome) => (
                <Button
                  key={outcome}
                  type="button"
                  variant={outcome === "pay" ? "default" : "outline"}
                  className="h-auto min-h-9 whitespace-normal"
                  disabled={
                    simulate.isPending || (outcome === "overdue" && invoice.status === "overdue")
                  }
                  onClick={() => run(outcome)}
                >
                  {t(`checkout.${outcome}`)}
                </Button>
              ))}
            </div>
          ) : (
            <p className="text-muted-foreground text-sm">{t("checkout.settled")}</p>
          )}
        </section>
      ) : null}
      <Button asChild variant="ghost" className="justify-self-start">
        <Link to="/plano">
          <ArrowLeft aria-hidden="true" />
          {t("checkout.back")}
        </Link>
      </Button>
    </div>
  );
}
