import { saoPauloDate } from "@shared/dates";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/web/components/page-header";
import { ReportExports } from "@/web/features/reports/components/report-exports";
import { ReportPeriodSelect } from "@/web/features/reports/components/report-period-select";
import { ReportView } from "@/web/features/reports/components/report-view";
import { readPeriod, writePeriod } from "@/web/features/reports/period";

/**
 * /relatorios: the period (in the URL: ?periodo=30d, or ?de=…&ate=…; São Paulo days), its figures
 * compared with the previous period, the charts with their tables, the lists and the exports.
 * Loaded only when visited (router.tsx), so recharts stays out of the panel's first chunks.
 */
export function ReportsPage() {
  const { t } = useTranslation("company");
  const [params, setParams] = useSearchParams();
  const today = saoPauloDate();
  const period = readPeriod(params, today);
  const query = { from: period.from, to: period.to };

  return (
    <>
      <PageHeader title={t("pages.reports.title")} subtitle={t("pages.reports.subtitle")} />
      <ReportPeriodSelect
        key={`${period.preset}:${period.from}:${period.to}`}
        period={period}
        today={today}
        onChange={(choice) => setParams((current) => writePeriod(current, choice))}
      />
      <ReportView period={query} />
      <ReportExports period={query} />
    </>
  );
}
