import { useQuery } from "@tanstack/react-query";
import { Gift } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { formatNumber, formatPercent } from "@/web/lib/format";
import { dashboardStatsQueryOptions } from "../api";

/** The four stat cards of /dashboard. */
export function DashboardStatCards() {
  const { t, i18n } = useTranslation("reports");
  const stats = useQuery(dashboardStatsQueryOptions()).data;
  const count = (value: number | undefined) =>
    value === undefined ? undefined : formatNumber(value, i18n.language);
  const tiles = [
    [t("stats.customers"), count(stats?.totalCustomers)],
    [t("stats.activeCards"), count(stats?.activeCards)],
    [t("stats.rewards"), count(stats?.rewardsRedeemed)],
    [t("stats.completion"), stats ? formatPercent(stats.completionRate, i18n.language) : undefined],
  ] as const;
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {tiles.map(([label, value]) => (
        <div key={label} className="rounded-lg border bg-card p-4">
          <p className="text-muted-foreground text-sm">{label}</p>
          <p className="font-bold text-2xl">{value ?? "—"}</p>
        </div>
      ))}
    </div>
  );
}

/**
 * 'Resumo Rápido' and 'Aniversários Hoje' (first 3 names, then '+N mais aniversariantes'), a gift
 * mark beside those who got the birthday rule's gift.
 */
export function DashboardSummary() {
  const { t } = useTranslation("reports");
  const stats = useQuery(dashboardStatsQueryOptions()).data;
  const birthdays = stats?.birthdaysToday ?? [];
  const birthdaysHeading = useId();
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>{t("summary.title")}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-1 text-sm">
          <p>{t("summary.stampsToday", { count: stats?.stampsToday ?? 0 })}</p>
          <p>{t("summary.pendingClaims", { count: stats?.pendingClaims ?? 0 })}</p>
          <p>{t("summary.completedToday", { count: stats?.cardsCompletedToday ?? 0 })}</p>
        </CardContent>
      </Card>
      <Card role="region" aria-labelledby={birthdaysHeading}>
        <CardHeader>
          <CardTitle asChild>
            <h2 id={birthdaysHeading}>{t("birthdays.title")}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-1 text-sm">
          {birthdays.length === 0 ? (
            <p className="text-muted-foreground">{t("birthdays.none")}</p>
          ) : null}
          {birthdays.slice(0, 3).map(({ customerId, name, gifted }) => (
            <p key={customerId} className="flex items-center gap-1.5">
              {name}
              {gifted ? (
                <span title={t("birthdays.gifted")} className="inline-flex">
                  <Gift aria-hidden="true" className="size-4 text-primary" />
                  <span className="sr-only">{t("birthdays.gifted")}</span>
                </span>
              ) : null}
            </p>
          ))}
          {birthdays.length > 3 ? (
            <p>{t("birthdays.more", { count: birthdays.length - 3 })}</p>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
