import type { BillingOverview, InvoiceStatus } from "@shared/billing.schema";
import { useTranslation } from "react-i18next";
import { formatDate, formatMoney } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { PayActions } from "./pay-actions";
import { usePlanLabels } from "./plan-card";

const STATUS_STYLES: Record<InvoiceStatus, string> = {
  paid: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  pending: "border-amber-300 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  overdue: "border-red-300 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  refunded: "border-sky-300 bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  cancelled: "border-border bg-muted text-muted-foreground",
};

/** 'Cobranças': each charge's status, amount, due date, plan and method, and how to pay it. */
export function InvoiceList({ overview }: { overview: BillingOverview }) {
  const { t } = useTranslation("billing");
  const labels = usePlanLabels();
  if (overview.invoices.length === 0) {
    return <p className="text-muted-foreground text-sm">{t("invoices.empty")}</p>;
  }
  return (
    <ul aria-label={t("invoices.title")} className="grid gap-2">
      {overview.invoices.map((invoice) => (
        <li
          key={invoice.id}
          aria-label={`${formatMoney(invoice.amountCents)} · ${formatDate(invoice.dueDate)}`}
          className={cn(
            "grid min-w-0 gap-3 rounded-lg border bg-card p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center",
            invoice.status === "overdue" && "border-red-300",
          )}
        >
          <div className="grid min-w-0 gap-1">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <strong className="font-semibold text-base">
                {formatMoney(invoice.amountCents)}
              </strong>
              <span
                className={cn(
                  "rounded-full border px-2 py-0.5 font-medium text-xs",
                  STATUS_STYLES[invoice.status],
                )}
              >
                {t(`invoices.statuses.${invoice.status}`)}
              </span>
            </p>
            <p className="flex flex-wrap gap-x-3 gap-y-1 text-muted-foreground text-xs">
              <span>{t("invoices.dueDate", { date: formatDate(invoice.dueDate) })}</span>
              {invoice.paidAt ? (
                <span>{t("invoices.paidAt", { date: formatDate(invoice.paidAt) })}</span>
              ) : null}
              <span>
                {labels.name(invoice.plan)} · {t(`methods.${invoice.billingType}`)}
              </span>
            </p>
          </div>
          <div className="flex flex-wrap gap-2 sm:justify-end">
            <PayActions invoice={invoice} provider={overview.provider} />
          </div>
        </li>
      ))}
    </ul>
  );
}
