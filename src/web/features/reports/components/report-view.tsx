import { isFilteredReport, type ReportQuery } from "@shared/reports.schema";
import { useQuery } from "@tanstack/react-query";
import { CircleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { formatCalendarDay } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { reportQueryOptions } from "../api";
import { ReportCharts } from "./report-charts";
import { ReportLists } from "./report-lists";
import { ReportTiles } from "./report-tiles";

/**
 * The figures of /relatorios for a period: the tiles, the charts and the lists, with a skeleton
 * while the first report loads, the last report dimmed while the next one does, and an error
 * with 'Tentar novamente'.
 */
export function ReportView({ period }: { period: ReportQuery }) {
  const { t, i18n } = useTranslation("reports");
  const report = useQuery(reportQueryOptions(period));
  const day = (value: string) => formatCalendarDay(value, i18n.language);

  if (report.isPending) return <ReportSkeleton label={t("page.loading")} />;
  if (report.isError) {
    return (
      <div
        role="alert"
        className="grid justify-items-start gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm"
      >
        <p className="flex items-center gap-2 font-medium text-destructive">
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          {t("page.loadError")}
        </p>
        <Button type="button" size="sm" variant="outline" onClick={() => void report.refetch()}>
          {t("page.retry")}
        </Button>
      </div>
    );
  }

  const data = report.data;
  const range = t("page.range", { from: day(data.period.from), to: day(data.period.to) });
  const updating = report.isPlaceholderData;
  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex min-h-5 flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-sm">
        <p>
          <span className="font-medium text-foreground">{range}</span>
          {" · "}
          {t("page.compared", { from: day(data.previous.from), to: day(data.previous.to) })}
        </p>
        <span aria-live="polite" className="inline-flex items-center gap-1.5">
          {updating ? (
            <>
              <Spinner />
              {t("page.updating")}
            </>
          ) : null}
        </span>
      </div>
      <div
        aria-busy={updating}
        className={cn("grid min-w-0 gap-6 transition-opacity", updating && "opacity-60")}
      >
        {isFilteredReport(period) ? (
          <p className="rounded-md border bg-muted/40 p-3 text-muted-foreground text-sm">
            {t("filter.note")}
          </p>
        ) : null}
        <ReportTiles tiles={data.tiles} />
        <ReportCharts report={data} range={range} />
        <ReportLists report={data} />
      </div>
    </div>
  );
}

function ReportSkeleton({ label }: { label: string }) {
  const block = "animate-pulse rounded-xl bg-muted";
  return (
    <div className="grid gap-6">
      <Spinner label={label} className="sr-only" />
      <div aria-hidden="true" className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
        {Array.from({ length: 7 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <div key={i} className={cn(block, "h-28")} />
        ))}
      </div>
      <div aria-hidden="true" className={cn(block, "h-80")} />
      <div aria-hidden="true" className="grid gap-6 xl:grid-cols-2">
        <div className={cn(block, "h-80")} />
        <div className={cn(block, "h-80")} />
      </div>
    </div>
  );
}
