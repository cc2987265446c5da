import type { BillingOverview, PlanStatus } from "@shared/billing.schema";
import { CalendarClock, CreditCard, TriangleAlert } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatMoney } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { accessUntil, formatUntil, upcomingCharge } from "../plan-dates";
import { usePlanLabels } from "./plan-card";

const STATUS_STYLES: Record<PlanStatus | "cancelled", string> = {
  trial: "border-sky-300 bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  paid: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  grace: "border-red-300 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  expired: "border-red-300 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  cancelled: "border-border bg-muted text-muted-foreground",
};

/**
 * 'Seu plano': the plan's name (Teste grátis, Pro, Supremo com IA), its status, the trial's days
 * left, the next charge, the paid period, how it is paid and to whom; `actions` below (cancel).
 */
export function CurrentPlan({
  overview,
  actions,
}: {
  overview: BillingOverview;
  actions?: ReactNode;
}) {
  const { t } = useTranslation("billing");
  const labels = usePlanLabels();
  const titleId = useId();
  const subscription = overview.subscription;
  const cancelled = subscription?.status === "cancelled";
  const nextCharge = upcomingCharge(overview);
  const badge = cancelled ? "cancelled" : overview.planStatus;
  const plan = cancelled && overview.planStatus === "expired" ? null : overview.plan;
  const trialRuns = Date.parse(overview.trialEndsAt) > Date.now();

  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm md:p-5"
    >
      <h2 id={titleId} className="text-muted-foreground text-sm">
        {t("current.title")}
      </h2>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="font-bold text-2xl tracking-tight" data-testid="current-plan-name">
          {labels.name(plan)}
        </p>
        {plan ? (
          <span className="text-muted-foreground text-sm">{labels.perMonth(plan)}</span>
        ) : null}
        <span
          className={cn(
            "rounded-full border px-2 py-0.5 font-medium text-xs",
            STATUS_STYLES[badge],
          )}
        >
          {t(`statuses.${badge}`)}
        </span>
      </div>
      <ul className="grid gap-1.5 text-sm">
        {overview.planStatus === "trial" ? (
          <Line icon={<CalendarClock />}>
            <strong className="font-semibold">
              {t("current.trialDaysLeft", { count: overview.trialDaysLeft })}
            </strong>
            <span className="block text-muted-foreground">
              {t("current.trialEndsAt", { date: formatUntil(overview.trialEndsAt) })}{" "}
              {t("current.trialIncludes")}
            </span>
          </Line>
        ) : trialRuns ? (
          // Paid early: the status reads 'Ativo', and the trial still includes everything.
          <Line icon={<CalendarClock />}>
            {t("current.trialEndsAt", { date: formatUntil(overview.trialEndsAt) })}{" "}
            {t("current.trialIncludes")}
          </Line>
        ) : null}
        {overview.planStatus === "grace" && overview.graceUntil ? (
          <Line icon={<TriangleAlert />} className="font-medium text-destructive">
            {t("current.grace", { date: formatUntil(overview.graceUntil) })}
          </Line>
        ) : null}
        {overview.planStatus === "expired" ? (
          <Line icon={<TriangleAlert />} className="font-medium text-destructive">
            {t("current.expired")}
          </Line>
        ) : null}
        {cancelled ? (
          <Line icon={<CalendarClock />}>
            {t("current.cancelled", { date: formatUntil(accessUntil(overview)) })}
          </Line>
        ) : null}
        {nextCharge && !cancelled ? (
          <Line icon={<CalendarClock />}>
            {t("current.nextCharge", {
              amount: formatMoney(nextCharge.amountCents),
              date: formatDate(nextCharge.dueDate),
            })}
          </Line>
        ) : null}
        {overview.paidUntil && Date.parse(overview.paidUntil) > Date.now() ? (
          <Line icon={<CalendarClock />}>
            {t("current.paidUntil", { date: formatUntil(overview.paidUntil) })}
          </Line>
        ) : null}
        {subscription && !cancelled ? (
          <Line icon={<CreditCard />}>
            {t("current.method", { method: t(`methods.${subscription.billingType}`) })}
          </Line>
        ) : null}
        {overview.billing && subscription && !cancelled ? (
          <li className="break-words pl-6 text-muted-foreground text-xs">
            {t("current.billingTo", {
              document: overview.billing.documentMasked,
              email: overview.billing.email,
            })}
          </li>
        ) : null}
        {!subscription ? (
          <li className="text-muted-foreground">{t("current.noSubscription")}</li>
        ) : null}
      </ul>
      {actions}
    </section>
  );
}

function Line({
  icon,
  className,
  children,
}: {
  icon: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li className={cn("flex gap-2", className)}>
      <span aria-hidden="true" className="mt-0.5 shrink-0 [&>svg]:size-4">
        {icon}
      </span>
      <span className="min-w-0">{children}</span>
    </li>
  );
}
