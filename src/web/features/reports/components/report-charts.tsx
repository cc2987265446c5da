import { MEMBER_ORIGINS, type Report } from "@shared/reports.schema";
import { useTranslation } from "react-i18next";
import { ChartWithTable } from "./chart-with-table";

/** Stamp methods in the order the charts stack them (the staff's first, then the rules'). */
const METHODS = ["purchase", "receipt", "social", "google_review", "birthday", "referral"] as const;

const METHOD_COLORS: Record<(typeof METHODS)[number], string> = {
  purchase: "var(--chart-1)",
  receipt: "var(--chart-2)",
  social: "var(--chart-3)",
  google_review: "var(--chart-4)",
  birthday: "var(--chart-6)",
  referral: "var(--chart-5)",
};

const ORIGIN_COLORS: Record<(typeof MEMBER_ORIGINS)[number], string> = {
  qrcode: "var(--chart-1)",
  company_link: "var(--chart-2)",
  referral: "var(--chart-5)",
  partnership: "var(--chart-3)",
  invited: "var(--chart-4)",
  other: "var(--muted-foreground)",
};

/**
 * The three charts of /relatorios (recharts, so this file is imported only by the lazily loaded
 * reports page): stamps per day by method, new members per week by origin, cards completed and
 * redeemed per week.
 */
export function ReportCharts({ report, range }: { report: Report; range: string }) {
  const { t } = useTranslation("reports");
  const caption = (title: string) => `${title} (${range})`;
  return (
    <div className="grid min-w-0 gap-6 xl:grid-cols-2">
      <div className="min-w-0 xl:col-span-2">
        <ChartWithTable
          title={t("charts.stampsByDay.title")}
          description={t("charts.stampsByDay.description")}
          caption={caption(t("charts.stampsByDay.title"))}
          xKey="date"
          xLabel={t("charts.day")}
          series={METHODS.map((key) => ({
            key,
            label: t(`charts.methods.${key}`),
            color: METHOD_COLORS[key],
          }))}
          rows={report.stampsByDay}
          stacked
          empty={t("charts.stampsByDay.empty")}
        />
      </div>
      <ChartWithTable
        title={t("charts.newMembersByWeek.title")}
        description={t("charts.newMembersByWeek.description")}
        caption={caption(t("charts.newMembersByWeek.title"))}
        xKey="weekStart"
        xLabel={t("charts.week")}
        series={MEMBER_ORIGINS.map((key) => ({
          key,
          label: t(`charts.origins.${key}`),
          color: ORIGIN_COLORS[key],
        }))}
        rows={report.newMembersByWeek}
        stacked
        empty={t("charts.newMembersByWeek.empty")}
      />
      <ChartWithTable
        title={t("charts.cardsByWeek.title")}
        description={t("charts.cardsByWeek.description")}
        caption={caption(t("charts.cardsByWeek.title"))}
        xKey="weekStart"
        xLabel={t("charts.week")}
        series={(["completed", "redeemed"] as const).map((key, index) => ({
          key,
          label: t(`charts.cards.${key}`),
          color: `var(--chart-${index + 1})`,
        }))}
        rows={report.cardsByWeek}
        stacked={false}
        empty={t("charts.cardsByWeek.empty")}
      />
    </div>
  );
}
