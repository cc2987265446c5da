import { saoPauloDate } from "@shared/dates";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/web/components/page-header";
import { ReportExports } from "@/web/features/reports/components/report-exports";
import { ReportFilterSelect } from "@/web/features/reports/components/report-filter-select";
import { ReportPeriodSelect } from "@/web/features/reports/components/report-period-select";
import { ReportView } from "@/web/features/reports/components/report-view";
import { readFilter, readPeriod, writeFilter, writePeriod } from "@/web/features/reports/period";

/**
 * /relatorios: the period (in the URL: ?periodo=30d, or ?de=…&ate=…; São Paulo days), narrowed to
 * a team member or a shop (?membro=…&unidade=…), its figures
 * compared with the previous period, the charts with their tables, the lists and the exports.
 * Loaded only when visited (router.tsx), so recharts stays out of the panel's first chunks.
 */
export function ReportsPage() {
  const { t } = useTranslation("company");
  const [params, setParams] = useSearchParams();
  const today = saoPauloDate();
  const period = readPeriod(params, today);
  const filter = readFilter(params);
  const query = { from: period.from, to: period.to, ...filter };

  return (
    <>
      <PageHeader title={t("pages.reports.title")} subtitle={t("pages.reports.subtitle")} />
      <ReportPeriodSelect
        key={`${period.preset}:${period.from}:${period.to}`}
        period={period}
        today={today}
        onChange={(choice) => setParams((current) => writePeriod(current, choice))}
      />
      <ReportFilterSelect
        filter={filter}
        onChange={(choice) => setParams((current) => writeFilter(current, choice))}
      />
      <ReportView period={query} />
      <ReportExports period={query} />
    </>
  );
}
