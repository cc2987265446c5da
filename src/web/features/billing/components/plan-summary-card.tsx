import { useQuery } from "@tanstack/react-query";
import { CalendarClock } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { formatDate } from "@/web/lib/format";
import { billingOverviewQueryOptions } from "../api";
import { accessUntil, formatUntil, upcomingCharge } from "../plan-dates";
import { usePlanLabels } from "./plan-card";

/**
 * The dashboard's 'Plano Ativo': the plan and its price a month, the next payment date, the
 * trial's days left while in trial, and 'Ver plano'.
 */
export function PlanSummaryCard() {
  const { t } = useTranslation("billing");
  const id = useId();
  const labels = usePlanLabels();
  const query = useQuery(billingOverviewQueryOptions());
  const overview = query.data;
  const cancelled = overview?.subscription?.status === "cancelled";
  const nextCharge = overview ? upcomingCharge(overview) : null;

  return (
    <Card aria-labelledby={id} role="region" data-testid="plan-summary">
      <CardHeader className="grid-cols-[auto_1fr] items-center gap-x-3">
        <CalendarClock aria-hidden="true" className="size-5 text-primary" />
        <CardTitle asChild>
          <h2 id={id}>{t("summary.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 text-sm">
        {query.isPending ? <Spinner /> : null}
        {query.isError ? <p className="text-muted-foreground">{t("loadError")}</p> : null}
        {overview ? (
          <>
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold text-base">{labels.name(overview.plan)}</span>
              {overview.plan ? (
                <span className="text-muted-foreground">{labels.perMonth(overview.plan)}</span>
              ) : null}
            </p>
            {overview.planStatus === "trial" ? (
              <>
                <p className="font-medium">
                  {t("summary.trialDaysLeft", { count: overview.trialDaysLeft })}
                </p>
                <p>{t("summary.trialEndsAt", { date: formatUntil(overview.trialEndsAt) })}</p>
              </>
            ) : null}
            {overview.planStatus === "grace" || overview.planStatus === "expired" ? (
              <p className="font-medium text-destructive">{t(`statuses.${overview.planStatus}`)}</p>
            ) : null}
            {nextCharge && !cancelled ? (
              <p>{t("summary.nextPayment", { date: formatDate(nextCharge.dueDate) })}</p>
            ) : null}
            {overview.planStatus === "paid" && overview.paidUntil && !cancelled ? (
              <p className="text-muted-foreground">
                {t("summary.paidUntil", { date: formatUntil(overview.paidUntil) })}
              </p>
            ) : null}
            {cancelled ? (
              <p>{t("summary.cancelled", { date: formatUntil(accessUntil(overview)) })}</p>
            ) : null}
            {!overview.subscription ? (
              <p className="text-muted-foreground">{t("summary.notSubscribed")}</p>
            ) : null}
          </>
        ) : null}
        <Button asChild variant="outline" className="mt-2">
          <Link to="/plano">{t("summary.link")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
